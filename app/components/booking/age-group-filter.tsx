import type { RefObject } from 'react';
import { AGE_GROUP_OPTIONS } from '../../../domain/shared/catalogue';
import { inputClass } from './button-classes';

export interface PlayerChoice {
  readonly id: string;
  readonly firstName: string;
  readonly ageGroup: string;
  readonly ageGroupLabel: string;
}

/** FindCoaches' 'Age group' filter (decision 017): coaches who coach that group. */
export function AgeGroupFilter({ value, onChange }: { value: string | null; onChange: () => void }) {
  return (
    <label>
      <span className="sr-only">Age group</span>
      <select name="age_group" defaultValue={value ?? ''} className={inputClass} onChange={onChange} aria-label="Age group">
        <option value="">All age groups</option>
        {AGE_GROUP_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** 'For Ella (Under 12)': one quick choice per player, setting the age group filter to theirs. */
export function AgeGroupQuickChoices({ players, value, form, onPick }: { players: readonly PlayerChoice[]; value: string | null; form: RefObject<HTMLFormElement>; onPick: () => void }) {
  if (players.length === 0) return null;
  const pick = (group: string) => {
    const select = form.current?.elements.namedItem('age_group');
    if (select instanceof HTMLSelectElement) select.value = value === group ? '' : group;
    onPick();
  };
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" aria-label="Coaches for your players">
      <span className="text-xs text-slate-500">Coaches for:</span>
      {players.map((p) => (
        <button
          key={p.id}
          type="button"
          aria-pressed={value === p.ageGroup}
          onClick={() => pick(p.ageGroup)}
          className={`rounded-full px-3 py-1 text-sm ring-1 ${
            value === p.ageGroup ? 'bg-pitch-600 font-semibold text-white ring-pitch-600' : 'bg-white text-slate-700 ring-slate-300 hover:ring-pitch-600'
          }`}
        >
          For {p.firstName} ({p.ageGroupLabel})
        </button>
      ))}
    </div>
  );
}
