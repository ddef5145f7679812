import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { handleAdminAction } from '~/admin/admin-actions.server';
import { toActor } from '../../domain/accounts/users/user';
import { pagePath } from '../navigation/pages';
import { homePageFor } from '../navigation/routing';
import { NO_STORE, requireAdminContext } from '~/admin/admin.server';
import { requireUser } from '~/auth/guards.server';
import { AdminPageHeader, EmptyState, Section } from '~/components/admin/admin-nav';
import { DeletionRequestList } from '~/components/admin/deletion-requests';
import { DisputeList } from '~/components/admin/disputes';
import { bookingActionsMoney } from '../../domain/admin/booking-actions';
import { EnquiryReportList } from '~/components/admin/enquiry-reports';
import { enquiryReportRows } from '~/admin/enquiry-reports.server';
import { RecentBookings } from '~/components/admin/recent-bookings';
import { StatCard } from '~/components/admin/stat-card';

export const meta: MetaFunction = () => [{ title: 'Admin Dashboard · FACT' }];

/** SPEC §2: a non-admin landing here goes to their own home (CoachDashboard or FindCoaches); the refusal is logged. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (user.role !== 'admin') {
    context.log.warn({ userId: user.id, path: '/AdminDashboard', action: 'admin_page' }, 'refused: not an administrator');
    throw redirect(pagePath(homePageFor(toActor(user))));
  }
  const { reads } = await requireAdminContext(request, context);
  const [dashboard, enquiryReports] = await Promise.all([reads.dashboard(), enquiryReportRows(context, toActor(user))]);
  const now = context.app.clock.now();
  // Each dispute with what its decision can move, said in the resolution dialog (domain/admin/booking-actions.ts).
  const openDisputes = dashboard.openDisputes.map((d) => ({ ...d, money: bookingActionsMoney(d, now).resolveDispute }));
  return json({ ...dashboard, openDisputes, enquiryReports, now: now.toISOString() }, { headers: NO_STORE });
}

/** Deciding deletion requests and resolving disputes (admins only, audited). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleAdminAction(request, context);
}

export default function AdminDashboard() {
  const { counts, recentBookings, deletionRequests, openDisputes, enquiryReports, now } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <AdminPageHeader title="Admin Dashboard" subtitle="Accounts, bookings, deletion requests and disputes at a glance." />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Accounts" value={counts.accounts} to="/AdminUsers?type=all" hint={`${counts.admins} admin${counts.admins === 1 ? '' : 's'} · ${counts.deactivated} deactivated`} />
        <StatCard label="Coaches" value={counts.coaches} to="/AdminUsers?type=coach" />
        <StatCard label="Clients" value={counts.clients} to="/AdminUsers?type=client" />
        <StatCard label="Total Bookings" value={counts.bookings} to="/AdminBookings?status=all" />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <StatCard label="Pending" value={counts.pending} to="/AdminBookings?status=pending" tone="yellow" />
        <StatCard label="Confirmed" value={counts.confirmed} to="/AdminBookings?status=confirmed" tone="green" hint={counts.inSession ? `+ ${counts.inSession} in session` : undefined} />
        <StatCard label="Completed" value={counts.completed} to="/AdminBookings?status=completed" tone="blue" />
        <StatCard label="Cancelled" value={counts.cancelled} to="/AdminBookings?status=cancelled" tone="red" />
        <StatCard label="Disputed" value={counts.disputed} to="/AdminBookings?status=disputed" tone="orange" />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Account Deletion Requests" count={counts.pendingDeletionRequests} id="deletion-requests">
          {deletionRequests.length ? <DeletionRequestList requests={deletionRequests} now={now} /> : <EmptyState>No pending deletion requests.</EmptyState>}
          {counts.pendingDeletionRequests > deletionRequests.length ? (
            <p className="mt-3 text-xs text-slate-500">Showing the {deletionRequests.length} oldest; the rest follow as these are decided.</p>
          ) : null}
        </Section>
        <Section title="Open Disputes" count={counts.openDisputes} id="open-disputes">
          {openDisputes.length ? <DisputeList disputes={openDisputes} now={now} /> : <EmptyState>No open disputes.</EmptyState>}
        </Section>
      </div>

      <Section title="Reported Enquiries" count={enquiryReports.length} id="enquiry-reports">
        {enquiryReports.length ? <EnquiryReportList reports={enquiryReports} now={now} /> : <EmptyState>No reported enquiries.</EmptyState>}
      </Section>

      <Section title="Recent Bookings" id="recent-bookings">
        {recentBookings.length ? <RecentBookings bookings={recentBookings} /> : <EmptyState>No bookings yet.</EmptyState>}
      </Section>
    </div>
  );
}
