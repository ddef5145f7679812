import { Link, useFetcher } from '@remix-run/react';
import { useState } from 'react';
import type { PackageCreditCard } from '~/packages/package-credit-view';
import { secondaryButtonClass } from '../auth/field-styles';
import { useActionToast, type ActionResult } from '../profile/action-result';

/** MyBookings' 'My packages': the client's bought packages, the sessions left in each, and the refund of unused ones. */
export function PackageCredits({ packages }: { packages: readonly PackageCreditCard[] }) {
  if (packages.length === 0) return null;
  return (
    <section aria-labelledby="my-packages-title" className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="my-packages-title" className="text-lg font-semibold text-slate-900">
        My packages
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {packages.map((p) => (
          <PackageCreditItem key={p.id} pkg={p} />
        ))}
      </ul>
    </section>
  );
}

function PackageCreditItem({ pkg }: { pkg: PackageCreditCard }) {
  const refund = useFetcher<ActionResult>({ key: `package-refund-${pkg.id}` });
  const [confirming, setConfirming] = useState(false);
  useActionToast(refund.data, { errors: true });
  return (
    <li className="flex flex-col gap-2 py-3" aria-label={`${pkg.name} with ${pkg.coachName}`}>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {pkg.name} <span className="font-normal text-slate-500">with {pkg.coachName}</span>
          </p>
          <p className={`text-sm ${pkg.usable ? 'text-pitch-800' : 'text-slate-500'}`}>{pkg.summary}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={`/CoachProfile?userId=${pkg.coachId}`} className="text-sm font-medium text-pitch-700 underline hover:text-pitch-800" prefetch="intent">
            {pkg.coachName}’s profile
          </Link>
          {pkg.refund && !confirming ? (
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)} aria-label={`Refund unused sessions of ${pkg.name}`}>
              Refund unused sessions
            </button>
          ) : null}
        </div>
      </div>
      {pkg.refund && confirming ? (
        <refund.Form method="post" className="flex flex-wrap items-center gap-2 rounded-xl bg-slate-50 p-3" onSubmit={() => setConfirming(false)}>
          <input type="hidden" name="intent" value="package-refund" />
          <input type="hidden" name="purchaseId" value={pkg.id} />
          <span className="text-sm text-slate-700">Refund {pkg.refund.sentence} to your card? Those sessions can then no longer be booked.</span>
          <button type="submit" className="rounded-lg bg-red-600 px-3 py-2 text-sm font-semibold text-white hover:bg-red-700" disabled={refund.state !== 'idle'}>
            Refund {pkg.refund.amount}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
            Keep them
          </button>
        </refund.Form>
      ) : null}
    </li>
  );
}
