import { Link } from '@remix-run/react';
import { lazy, Suspense, useState } from 'react';
import type { OpenDisputeRow } from '../../../adapters/persistence/admin/admin-dashboard.query';
import { adminBookingPath } from '~/admin/booking-path';
import type { DisputeToResolve } from './resolve-dispute-dialog';
import { primaryButton, secondaryButton } from '~/components/booking/button-classes';
import { ageOf, dateOf, dateTimeOf, money, nameOrUnnamed, paymentLabel, serviceLabel, timeOf } from './format';

/** An open dispute's resolution dialog, loaded when first opened, not with the page. */
const ResolveDialog = lazy(() => import('./resolve-dispute-dialog'));

/** AdminDashboard: open disputes, oldest first, each with its resolution. */
export function DisputeList({ disputes, now }: { disputes: readonly (OpenDisputeRow & Pick<DisputeToResolve, 'money'>)[]; now: string }) {
  const [resolving, setResolving] = useState<DisputeToResolve | null>(null);
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {disputes.map((d) => (
          <li key={d.id} className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
            <div className="min-w-0 space-y-1 text-sm">
              <p className="font-medium text-slate-900">
                <span className="font-mono">{d.referenceCode}</span> · {serviceLabel(d.serviceType)} on {dateOf(d.startsAt)} at {timeOf(d.startsAt)}
              </p>
              <p className="text-slate-700">
                Client {nameOrUnnamed(d.clientName)} · Coach {nameOrUnnamed(d.coachName)} · {money(d.totalPricePence)} ({paymentLabel(d.paymentStatus)})
              </p>
              <p className="text-slate-700">
                Reported by the {d.disputeOpenedByRole === 'other' ? 'administrator' : d.disputeOpenedByRole}: “{d.disputeReason ?? 'No description'}”
              </p>
              <p className="text-xs text-slate-500">
                Opened {dateTimeOf(d.disputeOpenedAt)} · {ageOf(d.disputeOpenedAt, now)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link to={adminBookingPath(d.id)} className={secondaryButton}>
                View booking
              </Link>
              <Link to={`/Conversation?booking_id=${d.id}`} className={secondaryButton}>
                View Chat
              </Link>
              <button type="button" className={primaryButton} onClick={() => setResolving(d)}>
                Resolve…
              </button>
            </div>
          </li>
        ))}
      </ul>
      {resolving ? (
        <Suspense fallback={null}>
          <ResolveDialog dispute={resolving} onClose={() => setResolving(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
