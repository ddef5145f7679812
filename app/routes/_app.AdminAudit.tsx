import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigation } from '@remix-run/react';
import type { AuditLogRow, Page } from '../../adapters/persistence/admin/index';
import { NO_STORE, requireAdminContext } from '~/admin/admin.server';
import { parseAuditSearch } from '~/admin/audit-search';
import { AdminPageHeader, EmptyState } from '~/components/admin/admin-nav';
import { AuditEntries, AuditFilters } from '~/components/admin/audit-log';
import { Pager } from '~/components/admin/pager';

export const meta: MetaFunction = () => [{ title: 'Audit log · FACT admin' }];

/**
 * ?actor=…&action=…&target=…&from=…&to=…&after|before=…: one keyset page of the audit log, newest
 * first (decision 056). Administrators only (everyone else 404, logged). A filter that does not
 * parse is refused with its message beside its box (400) and no entry is read.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { reads } = await requireAdminContext(request, context);
  const url = new URL(request.url);
  const search = parseAuditSearch(url.searchParams);
  const empty: Page<AuditLogRow> = { items: [], prev: null, next: null };
  const [administrators, page] = await Promise.all([
    reads.administrators(),
    search.ok ? reads.auditLog({ ...search.filter, after: url.searchParams.get('after'), before: url.searchParams.get('before') }) : empty,
  ]);
  return json({ values: search.values, errors: search.ok ? {} : search.errors, administrators, page }, { status: search.ok ? 200 : 400, headers: NO_STORE });
}

export default function AdminAudit() {
  const { values, errors, administrators, page } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname.toLowerCase() === '/adminaudit';
  const refused = Object.keys(errors).length > 0;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <AdminPageHeader title="Audit log" subtitle="Every administrator action, newest first: who, what, on which record, when." />
      <AuditFilters values={values} errors={errors} administrators={administrators} />
      <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : ''}>
        {refused ? (
          <EmptyState>Correct the filters above to see entries.</EmptyState>
        ) : page.items.length === 0 ? (
          <EmptyState>No audit entries match.</EmptyState>
        ) : (
          <AuditEntries entries={page.items} />
        )}
        <Pager prev={page.prev} next={page.next} />
      </div>
    </div>
  );
}
