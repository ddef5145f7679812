import type { ReactNode } from 'react';
import type { PackageCard } from '~/packages/package-view';
import { BuyPackageButton } from './buy-package-button';

/** The packages a coach sells, as clients and visitors see them on the coach's profile. */
export function PackageList({ packages, coach, buyer }: { packages: readonly PackageCard[]; coach: { id: string; name: string }; buyer: 'client' | 'signed-out' | null }) {
  if (packages.length === 0) return null;
  return (
    <section aria-labelledby="packages-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="packages-title" className="text-lg font-semibold text-slate-900">
        Packages
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">Train regularly with {coach.name} for less: buy a block of sessions up front and book each one when it suits you.</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {packages.map((p) => (
          <li key={p.id}>
            <PackageSummary pkg={p}>{buyer ? <BuyPackageButton pkg={p} coachId={coach.id} coachName={coach.name} signedIn={buyer === 'client'} /> : null}</PackageSummary>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One package's terms: what it is, what it costs, what it saves and how long it lasts. */
export function PackageSummary({ pkg, children }: { pkg: PackageCard; children?: ReactNode }) {
  return (
    <article aria-label={pkg.name} className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{pkg.name}</h3>
      {pkg.title ? <p className="text-sm text-slate-600">{pkg.summary}</p> : null}
      <p className="mt-1 text-2xl font-bold text-slate-900">
        {pkg.price} <span className="text-sm font-normal text-slate-500">· {pkg.perSession}</span>
      </p>
      {pkg.saving ? <p className="text-sm font-medium text-pitch-700">{pkg.saving}</p> : null}
      <p className="text-xs text-slate-500">{pkg.validity}</p>
      {children ? <div className="mt-auto">{children}</div> : null}
    </article>
  );
}
