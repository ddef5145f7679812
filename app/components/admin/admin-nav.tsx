import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';

const LINKS = [
  { to: '/AdminDashboard', label: 'Dashboard' },
  { to: '/AdminUsers', label: 'Users' },
  { to: '/AdminBookings', label: 'Bookings' },
  { to: '/DataDiagnostic', label: 'Diagnostics' },
  { to: '/AdminAudit', label: 'Audit log' },
] as const;

/**
 * The header of every admin page: its title, a line under it, and the admin sections (the
 * admin menu holds only Admin Dashboard and Messages, SPEC §2, so the sections link here).
 */
export function AdminPageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <header className="mb-6 space-y-4">
      <nav aria-label="Administration" className="-mx-1 flex gap-1 overflow-x-auto text-sm font-medium">
        {LINKS.map((l) => {
          // No page lies under a section, so NavLink's rule (current-path.ts) is the path itself; the
          // shared rule would cost the admin pages a chunk of their own.
          const current = pathname.toLowerCase() === l.to.toLowerCase();
          return (
            <Link
              key={l.to}
              to={l.to}
              aria-current={current ? 'page' : undefined}
              className={`whitespace-nowrap rounded-lg px-3 py-1.5 ${current ? 'bg-pitch-600 text-white' : 'text-slate-600 hover:bg-slate-200/60 hover:text-slate-900'}`}
            >
              {l.label}
            </Link>
          );
        })}
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
        </div>
        {actions}
      </div>
    </header>
  );
}

export function Section({ title, count, children, id, actions }: { title: string; count?: number; children: ReactNode; id?: string; actions?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
          {count !== undefined ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-600">{count}</span> : null}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">{children}</p>;
}
