import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { PlaceChoice } from '../../../domain/search/places';
import { inputClass } from '../booking/button-classes';

/**
 * A place of the gazetteer, picked as the person types: an ARIA 1.2 combobox (an input
 * with a list of suggestions it owns; arrows move, Enter picks, Escape closes), written here
 * rather than taken from a library (decision 053: ~2 KB against downshift's ~12). The chosen
 * place's id is the hidden field `name`; typed text alone is never a place.
 */
export function PlaceCombobox({
  name,
  label,
  value,
  onChange,
  placeholder = 'Town or district, e.g. Didsbury',
  labelClassName = 'sr-only',
  describedBy,
}: {
  name: string;
  label: string;
  value: PlaceChoice | null;
  onChange?: (place: PlaceChoice | null) => void;
  placeholder?: string;
  labelClassName?: string;
  describedBy?: string;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const fetcher = useFetcher<{ places: PlaceChoice[] }>();
  const [chosen, setChosen] = useState<PlaceChoice | null>(value);
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const options = open && text.trim() !== '' ? (fetcher.data?.places ?? []) : [];

  // The place follows the page (the URL, 'Clear all filters') unless the person is typing in it.
  useEffect(() => {
    setChosen(value);
    if (document.activeElement !== input.current) setText(value?.label ?? '');
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = (place: PlaceChoice | null) => {
    setChosen(place);
    setText(place?.label ?? '');
    setOpen(false);
    setActive(-1);
    onChange?.(place);
  };
  const ask = (q: string) => {
    clearTimeout(timer.current);
    if (q.trim() === '') return;
    timer.current = setTimeout(() => fetcher.load(`/api/places?q=${encodeURIComponent(q)}`), 120);
  };

  return (
    <div className="relative">
      <label htmlFor={inputId} className={labelClassName}>
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && options[active] ? `${id}-option-${active}` : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        className={inputClass}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          setOpen(true);
          setActive(-1);
          ask(next);
          if (next.trim() === '' && chosen) choose(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (!open) {
              setOpen(true);
              ask(text);
            }
            const n = options.length;
            if (n > 0) setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : (i <= 0 ? n : i) - 1));
          } else if (e.key === 'Enter' && options.length > 0) {
            e.preventDefault();
            choose(options[active >= 0 ? active : 0] ?? null);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            setOpen(false);
            setActive(-1);
          }
        }}
        onBlur={() => {
          setOpen(false);
          // Text that is not the chosen place's goes back to it: a place is picked, not typed.
          if (chosen && text !== chosen.label) setText(chosen.label);
          if (!chosen && text.trim() !== '') setText('');
        }}
      />
      <input type="hidden" name={name} value={chosen ? String(chosen.id) : ''} />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        className={options.length > 0 ? 'absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg' : 'hidden'}
      >
        {options.map((p, i) => (
          <li
            key={p.id}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-pitch-50 text-pitch-900' : 'text-slate-800'}`}
            // Mouse down, not click: the input keeps the focus (its blur would close the list first).
            onMouseDown={(e) => {
              e.preventDefault();
              choose(p);
            }}
          >
            {p.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
