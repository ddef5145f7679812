import { Link } from '@remix-run/react';
import type { AvailabilityRow } from '~/profile/availability-view';
import { secondaryButtonClass } from '../auth/field-styles';
import { AvailabilityList } from './availability-list';

/**
 * SPEC §2 CoachProfile availability calendar, read-only: the coach's upcoming periods. The
 * owner changes them, with their weekly hours and rules, on the Availability page.
 */
export function AvailabilitySection({ rows, own }: { rows: readonly AvailabilityRow[]; own: boolean }) {
  return (
    <section aria-labelledby="availability-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="availability-title" className="text-lg font-semibold text-slate-900">
            Availability
          </h2>
          <p className="mt-1 text-sm text-slate-600">{own ? 'Your weekly hours, days off and booking rules are on your Availability page.' : 'When this coach takes bookings.'}</p>
        </div>
        {own ? (
          <Link to="/CoachAvailability" className={secondaryButtonClass}>
            Manage availability
          </Link>
        ) : null}
      </div>
      <AvailabilityList rows={rows} editable={false} />
    </section>
  );
}
