import { Link } from '@remix-run/react';
import { lazy, Suspense, useState } from 'react';
import type { PendingDeletionRow } from '../../../adapters/persistence/admin/admin-dashboard.query';
import { dangerButton, inputClass, primaryButton, secondaryButton } from '~/components/booking/button-classes';
import { ageOf, dateTimeOf, nameOrUnnamed } from './format';
import { useAdminAction } from './use-admin-action';

type Row = PendingDeletionRow;

export const CONSEQUENCE =
  'Approving deactivates the account at once, ends every session and erases the personal data (name, email, phone, bio, photo, videos). Bookings, payments and messages keep their amounts for the other party.';

function Who({ request, now }: { request: Row; now: string }) {
  const profile: `/${string}` = request.userType === 'coach' ? `/CoachProfile?userId=${request.userId}` : `/UserProfile?userId=${request.userId}`;
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">
        <Link to={profile} className="hover:underline">
          {nameOrUnnamed(request.userName)}
        </Link>{' '}
        <span className="text-xs font-normal uppercase tracking-wide text-slate-500">{request.userType}</span>
      </p>
      <p className="font-mono text-xs text-slate-500">User ID: {request.userId}</p>
      <p className="mt-1 text-sm text-slate-700">{request.reason ? <>Reason: “{request.reason}”</> : <span className="italic text-slate-500">No reason given</span>}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        Requested {dateTimeOf(request.requestedAt)} · {ageOf(request.requestedAt, now)}
      </p>
    </div>
  );
}

/** SPEC §2 dialog 'Decide deletion request', loaded when first opened. */
const DecideDialog = lazy(() => import('./decide-deletion-dialog'));

/** AdminDashboard: each pending request with a Decide button. */
export function DeletionRequestList({ requests, now }: { requests: readonly Row[]; now: string }) {
  const [deciding, setDeciding] = useState<Row | null>(null);
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {requests.map((r) => (
          <li key={r.id} className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
            <Who request={r} now={now} />
            <button type="button" className={primaryButton} onClick={() => setDeciding(r)}>
              Decide
            </button>
          </li>
        ))}
      </ul>
      {deciding ? (
        <Suspense fallback={null}>
          <DecideDialog request={deciding} onClose={() => setDeciding(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

function InlineDecision({ request, now }: { request: Row; now: string }) {
  const { fetcher, busy } = useAdminAction();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const submit = (intent: 'approve_deletion' | 'reject_deletion') => fetcher.submit({ intent, requestId: request.id, reason }, { method: 'post' });
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 lg:flex-row lg:items-start lg:justify-between">
      <Who request={request} now={now} />
      <div className="flex w-full flex-col gap-2 lg:w-96">
        <label className="sr-only" htmlFor={`reason-${request.id}`}>
          Decision reason (optional)
        </label>
        <input id={`reason-${request.id}`} className={inputClass} placeholder="Decision reason (optional)" maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        {confirming ? (
          <div role="alert" className="rounded-lg bg-amber-50 p-2 text-xs text-amber-900">
            {CONSEQUENCE}
            <div className="mt-2 flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setConfirming(false)} disabled={busy}>
                Cancel
              </button>
              <button type="button" className={dangerButton} onClick={() => submit('approve_deletion')} disabled={busy}>
                Approve and erase
              </button>
            </div>
          </div>
        ) : (
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={() => submit('reject_deletion')} disabled={busy}>
              Reject
            </button>
            <button type="button" className={dangerButton} onClick={() => setConfirming(true)} disabled={busy}>
              Approve
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/** AdminUsers: pending requests with an inline optional reason, Approve and Reject. */
export function InlineDeletionRequests({ requests, now }: { requests: readonly Row[]; now: string }) {
  return (
    <ul className="divide-y divide-slate-100">
      {requests.map((r) => (
        <InlineDecision key={r.id} request={r} now={now} />
      ))}
    </ul>
  );
}
