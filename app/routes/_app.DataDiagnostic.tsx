import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { NO_STORE, requireAdminContext } from '~/admin/admin.server';
import { AdminPageHeader, EmptyState, Section } from '~/components/admin/admin-nav';
import { AuditList, ChecksTable, ExpectedStructure, MessagesTable } from '~/components/admin/diagnostics';
import { RecentBookings } from '~/components/admin/recent-bookings';
import { StatCard } from '~/components/admin/stat-card';

export const meta: MetaFunction = () => [{ title: 'Data Diagnostic · FACT admin' }];

/** PRODUCT.md: administrators only. Counts, consistency checks, the newest records. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { reads, user } = await requireAdminContext(request, context);
  // Three statements besides the session (the query budget): the report, the newest bookings, the other newest lists.
  const [report, bookings, { users, messages, audit }] = await Promise.all([
    reads.diagnostics(),
    reads.bookings({ status: 'all', limit: 10 }),
    reads.diagnosticRecents({ users: 10, messages: 10, audit: 15 }),
  ]);
  context.log.info({ adminId: user.id, healthy: report.healthy, failing: report.checks.filter((c) => c.count > 0).map((c) => c.key) }, 'data diagnostic');
  return json({ report, users, bookings: bookings.items, messages, audit }, { headers: NO_STORE });
}

export default function DataDiagnostic() {
  const { report, users, bookings, messages, audit } = useLoaderData<typeof loader>();
  const c = report.counts;
  useEffect(() => {
    // SPEC §2: the page logs its analysis to the console.
    console.info('[DataDiagnostic]', { counts: report.counts, failing: report.checks.filter((k) => k.count > 0), healthy: report.healthy });
  }, [report]);
  const failing = report.checks.filter((k) => k.count > 0).length;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <AdminPageHeader
        title="Data Diagnostic"
        subtitle={
          report.healthy ? (
            <span className="text-green-800">Every error-level check passes{failing ? `; ${failing} warning${failing === 1 ? '' : 's'} below` : ''}.</span>
          ) : (
            <span className="font-semibold text-red-700">Some error-level checks fail: see below.</span>
          )
        }
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Users" value={c.users} to="/AdminUsers?type=all" hint={`${c.clients} clients · ${c.coaches} coaches · ${c.admins} admins`} />
        <StatCard
          label="Bookings"
          value={c.bookings}
          to="/AdminBookings?status=all"
          hint={
            Object.entries(c.bookingsByStatus)
              .map(([s, n]) => `${s} ${n}`)
              .join(' · ') || 'none'
          }
        />
        <StatCard label="Messages" value={c.messages} to="/Messages" hint={`${c.unreadMessages} unread`} />
        <StatCard label="Deactivated accounts" value={c.deactivated} to="/AdminUsers?type=all" hint={`${c.erased} erased · ${c.outboxFailed} failed jobs`} />
      </div>
      <Section title="Consistency checks" count={report.checks.length} id="checks">
        <ChecksTable checks={report.checks} />
      </Section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title="Newest bookings" id="newest-bookings">
          {bookings.length ? <RecentBookings bookings={bookings} /> : <EmptyState>No bookings yet.</EmptyState>}
        </Section>
        <Section title="Newest messages" id="newest-messages">
          {messages.length ? <MessagesTable messages={messages} /> : <EmptyState>No messages yet.</EmptyState>}
        </Section>
        <Section title="Newest accounts" id="newest-users">
          <ul className="divide-y divide-slate-100 text-sm">
            {users.map((u) => (
              <li key={u.id} className="flex justify-between gap-2 py-2">
                <span className="font-medium text-slate-900">{u.fullName || 'Unnamed'}</span>
                <span className="text-xs text-slate-500">
                  {u.userType} · {u.role}
                  {u.isActive ? '' : ' · deactivated'}
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section
          title="Recent administrator actions"
          id="audit"
          actions={
            <Link to="/AdminAudit" className="text-sm font-semibold text-pitch-700 hover:underline">
              The whole audit log
            </Link>
          }
        >
          {audit.length ? <AuditList entries={audit} /> : <EmptyState>No administrator actions yet.</EmptyState>}
        </Section>
      </div>
      <Section title="Expected data structure" id="structure">
        <ExpectedStructure />
      </Section>
    </div>
  );
}
