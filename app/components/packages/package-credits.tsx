import { Link } from '@remix-run/react';
import type { PackageCreditCard } from '~/packages/package-credit-view';

/** MyBookings' 'My packages': the client's bought packages and the sessions left in each. */
export function PackageCredits({ packages }: { packages: readonly PackageCreditCard[] }) {
  if (packages.length === 0) return null;
  return (
    <section aria-labelledby="my-packages-title" className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="my-packages-title" className="text-lg font-semibold text-slate-900">
        My packages
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {packages.map((p) => (
          <li key={p.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between" aria-label={`${p.name} with ${p.coachName}`}>
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {p.name} <span className="font-normal text-slate-500">with {p.coachName}</span>
              </p>
              <p className={`text-sm ${p.usable ? 'text-pitch-800' : 'text-slate-500'}`}>{p.summary}</p>
            </div>
            <Link to={`/CoachProfile?userId=${p.coachId}`} className="text-sm font-medium text-pitch-700 underline hover:text-pitch-800" prefetch="intent">
              {p.coachName}’s profile
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
