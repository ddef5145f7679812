import type { Actor } from '../../../policy/actor';
import { ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import type { Booking } from '../../lifecycle/booking';
import { relationOf } from '../../lifecycle/booking-party';
import { normaliseReferenceSearch } from '../reference-code';

export const REFERENCE_SEARCH_LIMIT = 20;

/**
 * SPEC §2 booking reference search: case-insensitive, a prefix or the whole code. Administrators
 * find any booking; anyone else only their own. An empty list means 'No bookings found with that
 * reference'. A session of a weekly series brings the series' other sessions with it (decision
 * 062): one reference finds them all.
 */
export async function searchBookingsByReference(deps: { readonly uow: UnitOfWork }, input: { actor: Actor; query: string }): Promise<Result<Booking[]>> {
  const query = normaliseReferenceSearch(input.query);
  if (!query.ok) return query;
  const found = (await deps.uow.read.bookings.findByReferencePrefix(query.value, REFERENCE_SEARCH_LIMIT)).filter((b) => relationOf(b, input.actor) !== 'stranger');
  const seriesIds = [...new Set(found.flatMap((b) => (b.seriesId ? [b.seriesId] : [])))];
  if (seriesIds.length === 0) return ok(found);
  const seen = new Set(found.map((b) => b.id));
  const siblings = (await deps.uow.read.bookings.listInSeries(seriesIds, REFERENCE_SEARCH_LIMIT)).filter((b) => !seen.has(b.id) && relationOf(b, input.actor) !== 'stranger');
  return ok([...found, ...siblings].slice(0, REFERENCE_SEARCH_LIMIT));
}
