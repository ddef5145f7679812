import type { Place, PlaceDirectory } from './places';

/**
 * `fact coaches geocode` (issue 46): an existing coach's free-text location ('12 Hidden Road,
 * Edgeley, Stockport SK3 9AB', 'Didsbury, Manchester') matched to a place of the gazetteer once.
 * Postcodes go; then the whole text, then each comma-separated part from the first (the most
 * local: a district before its city), is looked up as a whole place name or label; parts with a
 * digit (a house number) are skipped. A name several places share ('Newport') with nothing to
 * tell them apart is left for the coach to choose, never guessed.
 */
export type LocationMatch = { readonly kind: 'matched'; readonly place: Place } | { readonly kind: 'unmatched'; readonly reason: 'no_location' | 'no_place' | 'ambiguous' };

const POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/gi;
const OUTWARD_CODE = /\b[A-Z]{1,2}\d[A-Z\d]?\b/gi;

export function placeForLocation(places: PlaceDirectory, location: string | null): LocationMatch {
  const text = (location ?? '').replace(POSTCODE, ' ').trim();
  if (text === '') return { kind: 'unmatched', reason: 'no_location' };
  const parts = [text, ...text.split(/[,;/\n]|\s+-\s+/)].map((p) => p.replace(OUTWARD_CODE, ' ').trim()).filter((p) => p !== '' && !/\d/.test(p));
  let ambiguous = false;
  for (const part of parts) {
    const named = places.named(part);
    if (named.length === 1) return { kind: 'matched', place: named[0]! };
    if (named.length > 1) ambiguous = true;
  }
  return { kind: 'unmatched', reason: ambiguous ? 'ambiguous' : 'no_place' };
}

export const UNMATCHED_REASONS: Readonly<Record<'no_location' | 'no_place' | 'ambiguous', string>> = {
  no_location: 'no location given',
  no_place: 'no place of that name',
  ambiguous: 'several places have that name',
};
