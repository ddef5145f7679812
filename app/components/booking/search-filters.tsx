import { Form, type useSubmit } from '@remix-run/react';
import { memo, useEffect, useRef, useState } from 'react';
import { PRICE_BAND_OPTIONS, type filtersFromSearchParams } from '../../../domain/search/coach-search';
import { COACHING_TYPE_OPTIONS } from '../../../domain/shared/catalogue';
import { Icon } from '../icon';
import { AgeGroupFilter, AgeGroupQuickChoices, type PlayerChoice } from './age-group-filter';
import { NearFilter, tidyNearParams } from './near-filter';
import type { PlaceChoice } from '../../../domain/search/places';
import { DEFAULT_NEAR_MILES } from '../../../domain/search/near';
import { inputClass, primaryButton } from './button-classes';

/**
 * FindCoaches' search form: text, specialisation, price band, age group and 'Near' (near-filter.tsx), which
 * search as they change (a choice at once, typing after a pause) through the page's GET.
 */
/** Rendered again only when the URL's filters or the players change (not while the results load, nor for a dialog). */
export const SearchFilters = memo(function SearchFilters({
  filters,
  active,
  players,
  submit,
  nearPlace,
  hasHomePlace = false,
}: {
  filters: ReturnType<typeof filtersFromSearchParams>;
  active: number;
  players: readonly PlayerChoice[];
  submit: ReturnType<typeof useSubmit>;
  /** The place of `near` in the URL, as the loader found it. */
  nearPlace: PlaceChoice | null;
  /** The client saved a home place: no place is sent as `near=` ('anywhere'), not left to the default. */
  hasHomePlace?: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // The chosen place, read when sending: a choice sends before its hidden field has rendered.
  const [place, setPlace] = useState(nearPlace);
  const placeNow = useRef(nearPlace);
  useEffect(() => {
    placeNow.current = nearPlace;
    setPlace(nearPlace);
  }, [nearPlace]);
  const send = (replace: boolean) => {
    if (!form.current) return;
    const data = new FormData(form.current);
    for (const [k, v] of [...data.entries()]) if (v === '') data.delete(k);
    tidyNearParams(data, placeNow.current, filters.near && !filters.online ? 'distance' : 'rating', hasHomePlace);
    submit(data, { method: 'get', action: '/FindCoaches', replace });
  };
  // A choice (a select) searches at once, in its own event: a zero timer cost the search a task
  // and a frame before its request left. Typing waits for a pause.
  const change = (delay: number) => {
    clearTimeout(timer.current);
    if (delay === 0) send(false);
    else timer.current = setTimeout(() => send(true), delay);
  };
  // The fields follow the URL (Back, 'Clear all filters', a player's quick choice) without the
  // form being rebuilt, which cost a filter change its time and took the focus from the field
  // being typed in; the field in use keeps what the person is typing.
  useEffect(() => {
    const want: Record<string, string> = {
      q: filters.text ?? '',
      specialization: filters.specialisation ?? '',
      price: filters.priceBand ?? '',
      age_group: filters.ageGroup ?? '',
      miles: String(filters.near?.miles ?? DEFAULT_NEAR_MILES),
      sort: filters.sort ?? 'rating',
    };
    for (const [name, value] of Object.entries(want)) {
      const field = form.current?.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field !== document.activeElement && field.value !== value) field.value = value;
    }
    const mode = form.current?.elements.namedItem('mode');
    if (mode instanceof HTMLInputElement) mode.checked = filters.online === true;
  }, [filters]);
  return (
    <Form ref={form} method="get" action="/FindCoaches" role="search" className="card mb-6 p-4" onSubmit={(e) => (e.preventDefault(), change(0))}>
      <div className="flex gap-2">
        <label className="relative flex-1">
          <span className="sr-only">Search coaches</span>
          <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <input type="search" name="q" defaultValue={filters.text ?? ''} placeholder="Name, bio or location" className={`${inputClass} pl-9`} onChange={() => change(400)} />
        </label>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </div>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <label>
          <span className="sr-only">Specialization</span>
          <select name="specialization" defaultValue={filters.specialisation ?? ''} className={inputClass} onChange={() => change(0)} aria-label="Specialization">
            <option value="">All specializations</option>
            {COACHING_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Price</span>
          <select name="price" defaultValue={filters.priceBand ?? ''} className={inputClass} onChange={() => change(0)} aria-label="Price">
            <option value="">Any price</option>
            {PRICE_BAND_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <AgeGroupFilter value={filters.ageGroup ?? null} onChange={() => change(0)} />
      </div>
      <NearFilter
        place={place}
        miles={filters.near?.miles ?? DEFAULT_NEAR_MILES}
        online={filters.online === true}
        sort={filters.sort ?? 'rating'}
        onPlace={(p) => {
          placeNow.current = p;
          setPlace(p);
          change(0);
        }}
        onChange={() => change(0)}
      />
      <AgeGroupQuickChoices players={players} value={filters.ageGroup ?? null} form={form} onPick={() => change(0)} />
      <p className="mt-3 text-xs text-slate-500">{active === 0 ? 'No filters applied' : `${active} active ${active === 1 ? 'filter' : 'filters'}`}</p>
    </Form>
  );
});
