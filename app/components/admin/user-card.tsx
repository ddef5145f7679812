import { Link } from '@remix-run/react';
import { lazy, Suspense, useState } from 'react';
import type { AdminUserRow } from '../../../adapters/persistence/admin/admin-users.query';
import { secondaryButton } from '~/components/booking/button-classes';
import { dateOf, nameOrUnnamed, serviceLabel } from './format';
import { useAdminAction } from './use-admin-action';

function Badge({ children, tone }: { children: string; tone: 'slate' | 'green' | 'purple' | 'red' | 'amber' | 'blue' }) {
  const tones = {
    slate: 'bg-slate-100 text-slate-700 ring-slate-200',
    green: 'bg-pitch-50 text-pitch-800 ring-pitch-200',
    blue: 'bg-blue-50 text-blue-800 ring-blue-200',
    purple: 'bg-purple-50 text-purple-800 ring-purple-200',
    red: 'bg-red-50 text-red-800 ring-red-200',
    amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  };
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}>{children}</span>;
}

/** SPEC §2 dialog 'Remove user', loaded when first opened. */
const RemoveDialog = lazy(() => import('./remove-user-dialog'));

/**
 * A coach's verification (the 'Verified' badge clients see on FindCoaches and the profile):
 * said in words outside the card's link, so a screen reader hears it, with the button that
 * gives or takes it away. The same button element changes its words, so focus stays on it.
 */
function CoachVerification({ user }: { user: AdminUserRow }) {
  const action = useAdminAction();
  const name = nameOrUnnamed(user.fullName);
  const verified = user.isVerified;
  return (
    <>
      <p className={`flex w-full items-center gap-1 text-sm font-medium ${verified ? 'text-sky-700' : 'text-slate-600'}`}>
        {verified ? (
          <svg viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2.5} aria-hidden="true">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        ) : null}
        {verified ? 'Verified coach' : 'Not verified'}
      </p>
      <button
        type="button"
        className={`${secondaryButton} aria-disabled:cursor-wait aria-disabled:opacity-60`}
        // aria-disabled, not disabled: a disabled button drops the keyboard focus while it waits.
        aria-disabled={action.busy || undefined}
        onClick={() => {
          if (!action.busy) action.fetcher.submit({ intent: verified ? 'unverify_coach' : 'verify_coach', userId: user.id }, { method: 'post' });
        }}
      >
        {action.busy ? (verified ? 'Removing verification…' : 'Verifying…') : verified ? 'Remove verification' : 'Verify coach'}
        <span className="sr-only"> {name}</span>
      </button>
    </>
  );
}

/**
 * SPEC §2 AdminUsers card: initial, name (or 'Unnamed'), 'Email hidden', type, role and
 * 'deactivated' badges, 'Offers:' (coaches) or 'Needs:' (clients). The card opens the profile
 * read-only; Remove and Restore for non-admins; a coach's verification and its button.
 */
export function UserCard({ user }: { user: AdminUserRow }) {
  const [removing, setRemoving] = useState(false);
  const restore = useAdminAction();
  const name = nameOrUnnamed(user.fullName);
  const profile: `/${string}` = user.userType === 'coach' ? `/CoachProfile?userId=${user.id}` : `/UserProfile?userId=${user.id}`;
  const list = user.userType === 'coach' ? user.offers : user.needs;
  return (
    <article className={`flex h-full flex-col rounded-2xl border bg-white p-4 shadow-sm ${user.isActive ? 'border-slate-200' : 'border-red-200 bg-red-50/30'}`}>
      <Link to={profile} className="group flex flex-1 gap-3 rounded-lg" aria-label={`Open the profile of ${name}`}>
        <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-pitch-600 text-lg font-bold text-white">
          {name.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900 group-hover:underline">{name}</p>
          <p className="text-sm text-slate-500">Email hidden</p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge tone={user.userType === 'coach' ? 'blue' : 'green'}>{user.userType}</Badge>
            <Badge tone={user.role === 'admin' ? 'purple' : 'slate'}>{user.role}</Badge>
            {!user.isActive ? <Badge tone="red">deactivated</Badge> : null}
            {user.erased ? <Badge tone="red">erased</Badge> : null}
            {user.hasPendingDeletion ? <Badge tone="amber">deletion requested</Badge> : null}
          </div>
          {user.role !== 'admin' ? (
            <p className="mt-2 text-sm text-slate-700">
              <span className="font-medium">{user.userType === 'coach' ? 'Offers:' : 'Needs:'}</span>{' '}
              {list.length ? list.map(serviceLabel).join(', ') : <span className="text-slate-500">not specified</span>}
            </p>
          ) : null}
          {!user.isActive && user.deactivationReason ? <p className="mt-1 text-sm text-red-800">Reason: {user.deactivationReason}</p> : null}
          <p className="mt-1 text-xs text-slate-500">
            Joined {dateOf(user.createdAt)}
            {user.deactivatedAt ? ` · deactivated ${dateOf(user.deactivatedAt)}` : ''}
          </p>
        </div>
      </Link>
      {user.role !== 'admin' && !user.erased ? (
        <div className="mt-3 flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-3">
          {user.userType === 'coach' ? <CoachVerification user={user} /> : null}
          {user.isActive ? (
            <button
              type="button"
              className="inline-flex items-center justify-center rounded-lg border border-red-200 bg-white px-4 py-2 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50"
              onClick={() => setRemoving(true)}
            >
              Remove
            </button>
          ) : (
            <button type="button" className={secondaryButton} disabled={restore.busy} onClick={() => restore.fetcher.submit({ intent: 'restore_user', userId: user.id }, { method: 'post' })}>
              {restore.busy ? 'Restoring…' : 'Restore'}
            </button>
          )}
        </div>
      ) : (
        <p className="mt-3 border-t border-slate-100 pt-3 text-xs text-slate-500">
          {user.erased ? 'Personal data erased after an approved deletion request; the account cannot be restored.' : 'Administrators cannot be removed.'}
        </p>
      )}
      {removing ? (
        <Suspense fallback={null}>
          <RemoveDialog user={user} onClose={() => setRemoving(false)} />
        </Suspense>
      ) : null}
    </article>
  );
}
