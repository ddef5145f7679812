import { useCallback, useState } from 'react';
import type { AvailabilityRow } from '~/profile/availability-view';
import { AvailabilityForm } from './availability-form';
import { AvailabilityList } from './availability-list';

/** SPEC §2 CoachProfile availability calendar: editable by the coach, read-only for everyone else. */
export function AvailabilitySection({ rows, today, editable }: { rows: readonly AvailabilityRow[]; today: string; editable: boolean }) {
  const [editing, setEditing] = useState<AvailabilityRow | null>(null);
  const [formKey, setFormKey] = useState(0);
  const done = useCallback(() => {
    setEditing(null);
    setFormKey((k) => k + 1);
  }, []);
  const marked = rows.filter((r) => r.isAvailable).map((r) => [r.startDate, r.endDate] as const);
  return (
    <section aria-labelledby="availability-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="availability-title" className="text-lg font-semibold text-slate-900">
        Availability
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">
        {editable ? 'Pick a start and an end date, then add the period. Clients can book you within available periods.' : 'When this coach takes bookings.'}
      </p>
      <div className="flex flex-col gap-6">
        {editable ? (
          <div>
            <h3 className="mb-3 text-sm font-semibold text-slate-900">{editing ? 'Edit period' : 'Add a period'}</h3>
            <AvailabilityForm key={`${editing?.id ?? 'new'}-${formKey}`} today={today} editing={editing} onDone={done} marked={marked} />
          </div>
        ) : null}
        <div>
          {editable ? <h3 className="mb-3 text-sm font-semibold text-slate-900">Your periods</h3> : null}
          <AvailabilityList rows={rows} editable={editable} onEdit={setEditing} />
        </div>
      </div>
    </section>
  );
}
