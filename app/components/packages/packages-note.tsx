import { Link } from '@remix-run/react';
import type { BookingPackage } from '../booking/booking-options';

/** The coach's packages, for a client who will train regularly: what each costs and saves. */
export function PackagesNote({ packages, coachId }: { packages: readonly BookingPackage[]; coachId: string }) {
  if (packages.length === 0) return null;
  return (
    <section aria-labelledby="dialog-packages-title" className="rounded-xl border border-pitch-200 bg-pitch-50 p-4 text-sm">
      <h3 id="dialog-packages-title" className="font-semibold text-slate-900">
        Training regularly? Save with a package
      </h3>
      <ul className="mt-2 space-y-1">
        {packages.map((p) => (
          <li key={p.id} className="text-slate-700">
            <span className="font-medium text-slate-900">{p.name}</span> · {p.price}
            {p.saving ? <span className="text-pitch-800"> · {p.saving}</span> : null}
          </li>
        ))}
      </ul>
      <Link to={`/CoachProfile?userId=${coachId}#packages-title`} className="mt-2 inline-block font-medium text-pitch-700 underline hover:text-pitch-800">
        See the packages on the coach’s profile
      </Link>
    </section>
  );
}
