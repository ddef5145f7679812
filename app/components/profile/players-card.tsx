import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { ADULT_AGE, ageOn } from '../../../domain/accounts/users/age-group';
import { PLAYER_NAME_MAX_LENGTH, PLAYER_NOTES_MAX_LENGTH } from '../../../domain/accounts/players/player.schemas';
import type { PlayerRow } from '~/profile/player-actions.server';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../auth/field-styles';
import { Field, errorProps } from '../forms/field';
import { FormAlert } from '../forms/form-alert';
import { failureOf, useActionToast, type ActionResult } from './action-result';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The profile page's 'Players' card (decision 017): the children (or other players) a client books
 * for. Add, edit, remove; a player under 18 needs the guardian's confirmation and consent to their
 * details being shared with the coaches they book. Removing keeps past bookings' history.
 */
export function PlayersCard({ players, today }: { players: readonly PlayerRow[]; today: string }) {
  const [editing, setEditing] = useState<PlayerRow | 'new' | null>(null);
  return (
    <section id="players" aria-labelledby="players-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="players-title" className="text-lg font-semibold text-slate-900">
            Players
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Booking for your child? Add them here, then choose who each session is for. Coaches you book see the player’s name, age and your notes.
          </p>
        </div>
        {editing === null ? (
          <button type="button" className={primaryButtonClass} onClick={() => setEditing('new')}>
            Add player
          </button>
        ) : null}
      </div>

      {players.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Your players">
          {players.map((p) =>
            editing !== 'new' && editing?.id === p.id ? (
              <li key={p.id} className="p-4">
                <PlayerForm player={p} today={today} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <PlayerItem key={p.id} player={p} onEdit={() => setEditing(p)} busy={editing !== null} />
            ),
          )}
        </ul>
      ) : editing === null ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-500">No players yet. Sessions you book are for you.</p>
      ) : null}

      {editing === 'new' ? (
        <div className="mt-4 rounded-xl border border-slate-200 p-4">
          <h3 className="mb-3 text-base font-semibold text-slate-900">Add a player</h3>
          <PlayerForm player={null} today={today} onDone={() => setEditing(null)} />
        </div>
      ) : null}
    </section>
  );
}

function PlayerItem({ player, onEdit, busy }: { player: PlayerRow; onEdit: () => void; busy: boolean }) {
  const remove = useFetcher<ActionResult>({ key: `player-remove-${player.id}` });
  const [confirming, setConfirming] = useState(false);
  useActionToast(remove.data, { errors: true });
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" aria-label={player.name}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {player.name}{' '}
          <span className="font-normal text-slate-500">
            · {player.age} · {player.ageGroupLabel}
          </span>
        </p>
        <p className="text-xs text-slate-500">Born {formatDob(player.dateOfBirth)}</p>
        {player.notes ? <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{player.notes}</p> : null}
      </div>
      <div className="flex shrink-0 gap-2">
        {confirming ? (
          <remove.Form method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="player-remove" />
            <input type="hidden" name="playerId" value={player.id} />
            <span className="text-sm text-slate-700">Remove {player.firstName}? Past bookings stay in your history.</span>
            <button type="submit" className="rounded-lg bg-red-600 px-3 py-2 text-sm font-semibold text-white hover:bg-red-700" disabled={remove.state !== 'idle'}>
              Remove
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
              Keep
            </button>
          </remove.Form>
        ) : (
          <>
            <button type="button" className={secondaryButtonClass} onClick={onEdit} disabled={busy} aria-label={`Edit ${player.name}`}>
              Edit
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)} disabled={busy} aria-label={`Remove ${player.name}`}>
              Remove
            </button>
          </>
        )}
      </div>
    </li>
  );
}

function formatDob(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function PlayerForm({ player, today, onDone }: { player: PlayerRow | null; today: string; onDone: () => void }) {
  const fetcher = useFetcher<ActionResult>({ key: `player-save-${player?.id ?? 'new'}` });
  const [dob, setDob] = useState(player?.dateOfBirth ?? '');
  useActionToast(fetcher.data);
  const failure = failureOf(fetcher.data);
  const errors = failure?.fieldErrors ?? {};
  const saving = fetcher.state !== 'idle';
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  const minor = DATE.test(dob) && dob < today ? ageOn(dob, today) < ADULT_AGE : true;
  const needsConsent = minor && !player?.consentGivenAt;
  const id = (name: string) => `player-${player?.id ?? 'new'}-${name}`;
  const alert = failure && (Object.keys(errors).length === 0 || errors.guardianConsent) ? failure.message : null;

  return (
    <fetcher.Form method="post" noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="player-save" />
      {player ? <input type="hidden" name="playerId" value={player.id} /> : null}
      <FormAlert message={alert} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('first')} label="First name" required error={errors.firstName}>
          <input
            id={id('first')}
            name="firstName"
            defaultValue={player?.firstName}
            maxLength={PLAYER_NAME_MAX_LENGTH}
            autoComplete="off"
            className={inputClass}
            {...errorProps(id('first'), errors.firstName)}
          />
        </Field>
        <Field id={id('last')} label="Last name" required error={errors.lastName}>
          <input
            id={id('last')}
            name="lastName"
            defaultValue={player?.lastName}
            maxLength={PLAYER_NAME_MAX_LENGTH}
            autoComplete="off"
            className={inputClass}
            {...errorProps(id('last'), errors.lastName)}
          />
        </Field>
      </div>
      <Field id={id('dob')} label="Date of birth" required error={errors.dateOfBirth}>
        <input
          id={id('dob')}
          name="dateOfBirth"
          type="date"
          max={today}
          value={dob}
          onChange={(e) => setDob(e.target.value)}
          className={`${inputClass} sm:max-w-xs`}
          {...errorProps(id('dob'), errors.dateOfBirth)}
        />
      </Field>
      <Field
        id={id('notes')}
        label="Notes for coaches"
        hint="Position, anything medical a coach should know, an emergency contact. Shared with the coaches you book for this player."
        error={errors.notes}
      >
        <textarea
          id={id('notes')}
          name="notes"
          rows={3}
          defaultValue={player?.notes ?? ''}
          maxLength={PLAYER_NOTES_MAX_LENGTH}
          className={inputClass}
          placeholder="e.g. Plays left wing. Has asthma: inhaler in kit bag. Emergency: Dad, 07700 900123"
          {...errorProps(id('notes'), errors.notes)}
        />
      </Field>
      {needsConsent ? (
        <label className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800">
          <input
            type="checkbox"
            name="guardianConsent"
            value="on"
            className="mt-0.5 h-4 w-4 shrink-0 accent-pitch-600"
            aria-describedby={errors.guardianConsent ? `${id('consent')}-error` : undefined}
          />
          <span>
            <span className="font-medium">I am this player’s parent or legal guardian</span>, and I agree to their name, age and notes being shared with the coaches I book for them.
            <span className="mt-1 block text-xs text-slate-600">Required for players under 18. We record when you gave consent.</span>
            {errors.guardianConsent ? (
              <span id={`${id('consent')}-error`} className="mt-1 block text-sm text-red-700">
                {errors.guardianConsent[0]}
              </span>
            ) : null}
          </span>
        </label>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={primaryButtonClass} disabled={saving}>
          {saving ? 'Saving…' : player ? 'Save player' : 'Add player'}
        </button>
      </div>
    </fetcher.Form>
  );
}
