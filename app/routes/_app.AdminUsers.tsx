import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { handleAdminAction } from '~/admin/admin-actions.server';
import { isAdminUserType, normaliseUserSearch, NO_STORE, requireAdminContext, type AdminUserType } from '~/admin/admin.server';
import { AdminPageHeader, EmptyState, Section } from '~/components/admin/admin-nav';
import { InlineDeletionRequests } from '~/components/admin/deletion-requests';
import { Pager } from '~/components/admin/pager';
import { UserCard } from '~/components/admin/user-card';
import { inputClass, primaryButton } from '~/components/booking/button-classes';

export const meta: MetaFunction = () => [{ title: 'Users · FACT admin' }];

const TITLES: Record<AdminUserType, string> = { all: 'All', client: 'Client', coach: 'Coach' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { reads } = await requireAdminContext(request, context);
  const url = new URL(request.url);
  const typeParam = url.searchParams.get('type');
  const type: AdminUserType = isAdminUserType(typeParam) ? typeParam : 'all';
  const q = normaliseUserSearch(url.searchParams.get('q'));
  const [page, deletionRequests] = await Promise.all([reads.users({ type, search: q, after: url.searchParams.get('after'), before: url.searchParams.get('before') }), reads.pendingDeletionRequests()]);
  return json({ type, q: url.searchParams.get('q') ?? '', page, deletionRequests, now: context.app.clock.now().toISOString() }, { headers: NO_STORE });
}

/** Remove, restore, and deciding deletion requests (admins only, audited). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleAdminAction(request, context);
}

export default function AdminUsers() {
  const { type, q, page, deletionRequests, now } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname.toLowerCase() === '/adminusers';
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <AdminPageHeader title={`Users (${TITLES[type]})`} subtitle="Every account. Open a card to see the profile read-only." />

      {deletionRequests.length ? (
        <Section title="Pending deletion requests" count={deletionRequests.length} id="pending-deletions">
          <InlineDeletionRequests requests={deletionRequests} now={now} />
        </Section>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="User type" className="inline-grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 text-sm font-medium">
          {(['all', 'client', 'coach'] as const).map((t) => (
            <Link
              key={t}
              to={`/AdminUsers?type=${t}${q ? `&q=${encodeURIComponent(q)}` : ''}`}
              aria-current={t === type ? 'page' : undefined}
              className={`rounded-lg px-4 py-1.5 text-center ${t === type ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {TITLES[t]}
            </Link>
          ))}
        </nav>
        <Form method="get" role="search" className="flex w-full gap-2 sm:w-96">
          <input type="hidden" name="type" value={type} />
          <label htmlFor="user-search" className="sr-only">
            Search by name or email
          </label>
          <input id="user-search" name="q" type="search" defaultValue={q} placeholder="Search by name or email" className={inputClass} maxLength={100} />
          <button type="submit" className={primaryButton}>
            Search
          </button>
        </Form>
      </div>

      <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : ''}>
        {page.items.length === 0 ? (
          <EmptyState>No users found.</EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {page.items.map((u) => (
              <li key={u.id}>
                <UserCard user={u} />
              </li>
            ))}
          </ul>
        )}
        <Pager prev={page.prev} next={page.next} />
      </div>
    </div>
  );
}
