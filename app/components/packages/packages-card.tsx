import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { PACKAGE_RULES } from '../../../domain/packages/package-offer';
import { formatPenceShort } from '../../../domain/shared/money';
import { offeredLengths, type SessionOffer } from '../../../domain/shared/session-lengths';
import { durationLabel } from '~/booking/session-length-view';
import type { PackageCard } from '~/packages/package-view';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../auth/field-styles';
import { Field, errorProps } from '../forms/field';
import { FormAlert } from '../forms/form-alert';
import { failureOf, useActionToast, type ActionResult } from '../profile/action-result';
import { PackageSummary } from './package-list';

/**
 * CoachProfile's 'Packages' card for the coach: up to three blocks of sessions sold at a
 * discount. Changing or retiring one never touches packages already bought.
 */
export function PackagesCard({ packages, offer }: { packages: readonly PackageCard[]; offer: SessionOffer }) {
  const [editing, setEditing] = useState<PackageCard | 'new' | null>(null);
  const full = packages.length >= PACKAGE_RULES.maxOffers;
  return (
    <section id="packages" aria-labelledby="packages-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="packages-title" className="text-lg font-semibold text-slate-900">
            Packages
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Sell blocks of sessions at a discount (up to {PACKAGE_RULES.maxOffers}). Clients pay up front; you are paid for each session as it is completed.
          </p>
        </div>
        {editing === null && !full ? (
          <button type="button" className={primaryButtonClass} onClick={() => setEditing('new')}>
            Add package
          </button>
        ) : null}
      </div>

      {packages.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Your packages">
          {packages.map((p) =>
            editing !== 'new' && editing?.id === p.id ? (
              <li key={p.id} className="p-4">
                <PackageForm pkg={p} offer={offer} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <PackageItem key={p.id} pkg={p} onEdit={() => setEditing(p)} busy={editing !== null} />
            ),
          )}
        </ul>
      ) : editing === null ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-500">No packages yet. Clients book single sessions.</p>
      ) : null}
      {full && editing === null ? <p className="mt-3 text-sm text-slate-600">You offer {PACKAGE_RULES.maxOffers} packages, the most there can be. Retire one to add another.</p> : null}

      {editing === 'new' ? (
        <div className="mt-4 rounded-xl border border-slate-200 p-4">
          <h3 className="mb-3 text-base font-semibold text-slate-900">Add a package</h3>
          <PackageForm pkg={null} offer={offer} onDone={() => setEditing(null)} />
        </div>
      ) : null}
    </section>
  );
}

function PackageItem({ pkg, onEdit, busy }: { pkg: PackageCard; onEdit: () => void; busy: boolean }) {
  const retire = useFetcher<ActionResult>({ key: `package-retire-${pkg.id}` });
  const [confirming, setConfirming] = useState(false);
  useActionToast(retire.data, { errors: true });
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        <PackageSummary pkg={pkg} />
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {confirming ? (
          <retire.Form method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="package-retire" />
            <input type="hidden" name="offerId" value={pkg.id} />
            <span className="text-sm text-slate-700">Stop selling it? Clients who bought it keep their sessions.</span>
            <button type="submit" className="rounded-lg bg-red-600 px-3 py-2 text-sm font-semibold text-white hover:bg-red-700" disabled={retire.state !== 'idle'}>
              Retire
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
              Keep
            </button>
          </retire.Form>
        ) : (
          <>
            <button type="button" className={secondaryButtonClass} onClick={onEdit} disabled={busy} aria-label={`Edit ${pkg.name}`}>
              Edit
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)} disabled={busy} aria-label={`Retire ${pkg.name}`}>
              Retire
            </button>
          </>
        )}
      </div>
    </li>
  );
}

function PackageForm({ pkg, offer, onDone }: { pkg: PackageCard | null; offer: SessionOffer; onDone: () => void }) {
  const fetcher = useFetcher<ActionResult>({ key: `package-save-${pkg?.id ?? 'new'}` });
  const lengths = offeredLengths(offer);
  const [sessions, setSessions] = useState(String(pkg?.sessions ?? 5));
  const [minutes, setMinutes] = useState(pkg?.durationMinutes ?? lengths.find((l) => l.minutes === 60)?.minutes ?? lengths[0]?.minutes ?? 60);
  useActionToast(fetcher.data);
  const failure = failureOf(fetcher.data);
  const errors = failure?.fieldErrors ?? {};
  const saving = fetcher.state !== 'idle';
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const single = lengths.find((l) => l.minutes === minutes)?.pricePence;
  const count = Number(sessions);
  const ceiling = single !== undefined && Number.isInteger(count) && count > 0 ? `At most ${formatPenceShort(single * count)}, the price of ${count} single sessions.` : undefined;
  const alert = failure && Object.keys(errors).length === 0 ? failure.message : null;
  const { minSessions, maxSessions, minValidityWeeks, maxValidityWeeks, maxTitleLength } = PACKAGE_RULES;

  return (
    <fetcher.Form method="post" noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="package-save" />
      {pkg ? <input type="hidden" name="offerId" value={pkg.id} /> : null}
      <FormAlert message={alert} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('sessions')} label="Sessions" required hint={`${minSessions} to ${maxSessions}`} error={errors.sessions}>
          <input
            id={id('sessions')}
            name="sessions"
            type="number"
            inputMode="numeric"
            min={minSessions}
            max={maxSessions}
            value={sessions}
            onChange={(e) => setSessions(e.target.value)}
            className={inputClass}
            {...errorProps(id('sessions'), errors.sessions)}
          />
        </Field>
        <Field id={id('length')} label="Session length" required error={errors.durationMinutes}>
          <select
            id={id('length')}
            name="durationMinutes"
            value={minutes}
            onChange={(e) => setMinutes(Number(e.target.value))}
            className={inputClass}
            {...errorProps(id('length'), errors.durationMinutes)}
          >
            {lengths.map((l) => (
              <option key={l.minutes} value={l.minutes}>
                {durationLabel(l.minutes)} ({formatPenceShort(l.pricePence)} singly)
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('price')} label="Total price (£)" required hint={ceiling} error={errors.totalPricePence}>
          <input
            id={id('price')}
            name="pricePounds"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            defaultValue={pkg?.pricePounds}
            className={inputClass}
            {...errorProps(id('price'), errors.totalPricePence)}
          />
        </Field>
        <Field id={id('weeks')} label="Valid for (weeks)" required hint={`${minValidityWeeks} to ${maxValidityWeeks} weeks from purchase`} error={errors.validityWeeks}>
          <input
            id={id('weeks')}
            name="validityWeeks"
            type="number"
            inputMode="numeric"
            min={minValidityWeeks}
            max={maxValidityWeeks}
            defaultValue={pkg?.validityWeeks ?? 8}
            className={inputClass}
            {...errorProps(id('weeks'), errors.validityWeeks)}
          />
        </Field>
      </div>
      <Field id={id('title')} label="Title (optional)" hint="e.g. Summer block" error={errors.title}>
        <input id={id('title')} name="title" maxLength={maxTitleLength} defaultValue={pkg?.title ?? ''} className={inputClass} {...errorProps(id('title'), errors.title)} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={primaryButtonClass} disabled={saving}>
          {saving ? 'Saving…' : pkg ? 'Save package' : 'Add package'}
        </button>
      </div>
    </fetcher.Form>
  );
}
