import { useState } from 'react';
import { COACH_SORT_OPTIONS, NEAR_MILES, type CoachSort, type NearMiles } from '../../../domain/search/near';
import type { PlaceChoice } from '../../../domain/search/places';
import { PlaceCombobox } from '../places/place-combobox';
import { inputClass, secondaryButton } from './button-classes';

/**
 * FindCoaches' 'Near': a place (typed, or 'Use my location'), a distance, 'Online' in
 * place of a place, and the order. The position 'Use my location' reads is sent once, in a POST
 * body, to find the nearest place; only that place's id reaches the URL.
 */
export function NearFilter({
  place,
  miles,
  online,
  sort,
  onPlace,
  onChange,
}: {
  place: PlaceChoice | null;
  miles: NearMiles;
  online: boolean;
  sort: CoachSort;
  onPlace: (place: PlaceChoice | null) => void;
  onChange: () => void;
}) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const locate = () => {
    setProblem(null);
    if (!('geolocation' in navigator)) return setProblem('Your browser cannot share your location. Please type a place instead.');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const body = new URLSearchParams({ latitude: position.coords.latitude.toFixed(5), longitude: position.coords.longitude.toFixed(5) });
        fetch('/api/places', { method: 'POST', body })
          .then(async (response) => (await response.json()) as { ok: true; place: PlaceChoice } | { ok: false; message: string })
          .then((answer) => (answer.ok ? onPlace(answer.place) : setProblem(answer.message)))
          .catch(() => setProblem('FACT could not look up your location. Please type a place instead.'))
          .finally(() => setLocating(false));
      },
      () => {
        setLocating(false);
        setProblem('FACT could not get your location. Please type a place instead.');
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };
  return (
    <fieldset className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">Where</legend>
      <div className={online ? 'opacity-60' : undefined}>
        <PlaceCombobox name="near" label="Near" value={online ? null : place} onChange={onPlace} describedBy={problem ? 'near-problem' : undefined} />
      </div>
      <label>
        <span className="sr-only">Distance</span>
        <select name="miles" defaultValue={String(miles)} className={inputClass} onChange={onChange} aria-label="Distance" disabled={online}>
          {NEAR_MILES.map((m) => (
            <option key={m} value={m}>
              Within {m} miles
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button type="button" className={`${secondaryButton} whitespace-nowrap`} onClick={locate} disabled={locating || online}>
          {locating ? 'Locating…' : 'Use my location'}
        </button>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="mode" value="online" defaultChecked={online} onChange={onChange} className="h-4 w-4" />
          Online instead
        </label>
      </div>
      <label>
        <span className="sr-only">Sort by</span>
        <select name="sort" defaultValue={sort} className={inputClass} onChange={onChange} aria-label="Sort by">
          {COACH_SORT_OPTIONS.filter((o) => o.value !== 'distance' || (place && !online)).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {problem ? (
        <p id="near-problem" role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-4">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The URL's query for the form: 'Online' drops the place, no place drops the distance, and the
 * order is left out while it is the default (so choosing a place turns 'Best rated', the default
 * without one, into 'Nearest first').
 */
export function tidyNearParams(data: FormData, place: PlaceChoice | null, defaultBefore: CoachSort, hasHomePlace = false): void {
  data.delete('near');
  if (data.get('mode') === 'online' || !place) data.delete('miles');
  else data.set('near', String(place.id));
  // Without a place, a client with a home place would be taken back to it: say 'anywhere'.
  if (!place && hasHomePlace && data.get('mode') !== 'online') data.set('near', '');
  const near = (data.get('near') ?? '') !== '';
  const sort = data.get('sort');
  if (sort === defaultBefore || sort === (near ? 'distance' : 'rating') || (sort === 'distance' && !near)) data.delete('sort');
}
