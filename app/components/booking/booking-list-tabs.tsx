import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/**
 * The tab strip above a booking list (MyBookings tabs, CoachDashboard groups): one link a tab to
 * `{path}?tab=…`, so a tab is a URL; the current one is raised and marked aria-current.
 */
export function BookingListTabs<Tab extends string>({
  label,
  path,
  tabs,
  current,
  children,
}: {
  label: string;
  path: `/${string}`;
  tabs: readonly Tab[];
  current: Tab;
  /** What a tab's link says. */
  children: (tab: Tab) => ReactNode;
}) {
  return (
    <nav aria-label={label} className="mb-5 grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 text-sm font-medium">
      {tabs.map((t) => (
        <Link
          key={t}
          to={`${path}?tab=${t}`}
          aria-current={t === current ? 'page' : undefined}
          className={`rounded-lg px-2 py-2 text-center ${t === current ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
        >
          {children(t)}
        </Link>
      ))}
    </nav>
  );
}
