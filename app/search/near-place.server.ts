import type { AppLoadContext } from '@remix-run/node';
import type { CoachSearchFilters } from '../../domain/search/coach-search';
import { choiceOf, type PlaceChoice } from '../../domain/search/places';
import { placeDirectory } from './places.server';

/**
 * The URL's place, looked up in the gazetteer: its label for the 'Near' field. A place the
 * gazetteer does not hold (a stale link) is no filter, as any unknown value is.
 */
export async function withNearPlace(context: AppLoadContext, filters: CoachSearchFilters): Promise<{ filters: CoachSearchFilters; nearPlace: PlaceChoice | null }> {
  if (!filters.near) return { filters, nearPlace: null };
  const place = (await placeDirectory(context)).byId(filters.near.placeId);
  if (place) return { filters, nearPlace: choiceOf(place) };
  return { filters: { ...filters, near: null, sort: filters.sort === 'distance' ? 'rating' : filters.sort }, nearPlace: null };
}
