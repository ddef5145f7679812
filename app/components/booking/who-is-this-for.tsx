import { ageGroupLabel, ageOn, coachesAge, primaryAgeGroup } from '../../../domain/accounts/users/age-group';
import { FieldError } from './modal';

/** The choice 'Me': the session is for the client themself (the form field's value the server reads so). */
export const SELF = 'self';

/**
 * The booking dialog's 'Who is this session for?' (decision 017): the client themself or one of
 * their players, with each player's age group on the session date and a warning when the coach
 * does not coach it (the server refuses such a booking). Nothing is chosen until the client (or
 * the search they came from) chooses: a parent never books 'Me' by not looking.
 */
export function WhoIsThisFor({
  players,
  value,
  onChange,
  sessionDate,
  coachName,
  ageGroups,
  error,
}: {
  players: readonly { id: string; name: string; dateOfBirth: string }[];
  /** The chosen player's id, SELF, or null before a choice. */
  value: string | null;
  onChange: (playerId: string) => void;
  sessionDate: string;
  coachName: string;
  /** The coach's age groups; undefined until the coach's answer is in (no warning before it). */
  ageGroups: readonly string[] | undefined;
  error?: readonly string[];
}) {
  const choices = [
    { id: SELF, label: 'Me', detail: 'The session is for you' },
    ...players.map((p) => {
      const age = ageOn(p.dateOfBirth, sessionDate);
      const group = ageGroupLabel(primaryAgeGroup(age));
      return { id: p.id, label: p.name, detail: `${age} on the day · ${group}`, warning: !ageGroups || coachesAge(ageGroups, age) ? null : `${coachName} does not coach ${group} players.` };
    }),
  ];
  const chosen = choices.find((c) => c.id === value);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-800">Who is this session for?</legend>
      <input type="hidden" name="playerId" value={value ?? ''} />
      <div className="grid gap-2 sm:grid-cols-2" role="radiogroup" aria-label="Who is this session for?" aria-describedby={error?.length ? 'playerId-error' : undefined}>
        {choices.map((c) => (
          <label
            key={c.id}
            className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm ${
              value === c.id ? 'border-pitch-600 bg-pitch-50 ring-1 ring-pitch-600' : 'border-slate-300 hover:border-pitch-600'
            }`}
          >
            <input type="radio" name="who" value={c.id} checked={value === c.id} onChange={() => onChange(c.id)} className="mt-0.5 h-4 w-4 accent-pitch-600" />
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{c.label}</span>
              <span className="block text-xs text-slate-500">{c.detail}</span>
            </span>
          </label>
        ))}
      </div>
      {chosen && 'warning' in chosen && chosen.warning ? <p className="mt-2 text-sm text-amber-800">{chosen.warning}</p> : null}
      <FieldError id="playerId-error" messages={error} />
    </fieldset>
  );
}
