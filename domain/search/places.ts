import { greatCircleMetres, type GeoPoint } from './near';

/**
 * The gazetteer as FindCoaches and the profile forms use it: a place by id, the places
 * a typed prefix matches, and the place nearest a position ('Use my location'). Places change
 * only with a migration, so the server keeps them in memory (app/search/places.server.ts).
 */
export interface Place extends GeoPoint {
  readonly id: number;
  readonly name: string;
  readonly label: string;
  readonly population: number;
}

/** What a browser is sent of a place: never its coordinates. */
export interface PlaceChoice {
  readonly id: number;
  readonly label: string;
}

export const PLACE_SUGGESTIONS = 8;
export const PLACE_QUERY_MAX_LENGTH = 60;

export interface PlaceDirectory {
  byId(id: number): Place | null;
  matching(query: string, limit?: number): readonly Place[];
  /** The places whose whole name or label is `text` (folded), most populous first. */
  named(text: string): readonly Place[];
  nearest(point: GeoPoint): Place | null;
}

/** Lowercase, accents and punctuation folded, so 'st. albans' finds 'St Albans' and 'ynys mon' 'Ynys Môn'. */
export function foldPlaceName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export const choiceOf = (place: Pick<Place, 'id' | 'label'>): PlaceChoice => ({ id: place.id, label: place.label });

/**
 * Matching ranks the exact name first, then names that start with the query, then names with a
 * word that does ('Newcastle upon Tyne' for 'tyne'), each by population (the place people mean).
 */
export function createPlaceDirectory(places: readonly Place[]): PlaceDirectory {
  const byId = new Map(places.map((p) => [p.id, p]));
  const folded = places.map((p) => ({ place: p, name: foldPlaceName(p.name), label: foldPlaceName(p.label) })).sort((a, b) => b.place.population - a.place.population);
  const byName = new Map<string, Place[]>();
  for (const f of folded) for (const key of new Set([f.name, f.label])) byName.set(key, [...(byName.get(key) ?? []), f.place]);
  return {
    byId: (id) => byId.get(id) ?? null,
    named: (text) => byName.get(foldPlaceName(text)) ?? [],
    matching(query, limit = PLACE_SUGGESTIONS) {
      const q = foldPlaceName(query.slice(0, PLACE_QUERY_MAX_LENGTH));
      if (q === '') return [];
      const rank = (f: (typeof folded)[number]): number => {
        if (f.name === q) return 0;
        if (f.name.startsWith(q) || f.label.startsWith(q)) return 1;
        if (f.label.includes(` ${q}`)) return 2;
        return -1;
      };
      const ranked = folded.map((f) => ({ f, r: rank(f) })).filter((x) => x.r >= 0);
      // A stable sort: within a rank the population order of `folded` stands.
      return ranked
        .sort((a, b) => a.r - b.r)
        .slice(0, limit)
        .map((x) => x.f.place);
    },
    nearest(point) {
      let best: { place: Place; metres: number } | null = null;
      for (const p of places) {
        const metres = greatCircleMetres(point, p);
        if (!best || metres < best.metres) best = { place: p, metres };
      }
      return best?.place ?? null;
    },
  };
}
