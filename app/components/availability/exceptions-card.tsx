import { useCallback, useRef, useState } from 'react';
import type { AvailabilityRow } from '~/profile/availability-view';
import { AvailabilityForm } from './availability-form';
import { AvailabilityList } from './availability-list';

/** Upcoming exceptions, one line each, and the form that adds one or edits the one chosen. */
export function ExceptionsCard({ rows, today }: { rows: readonly AvailabilityRow[]; today: string }) {
  const [editing, setEditing] = useState<AvailabilityRow | null>(null);
  const [formKey, setFormKey] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const done = useCallback(() => {
    setEditing(null);
    setFormKey((k) => k + 1);
  }, []);
  const edit = useCallback((row: AvailabilityRow) => {
    setEditing(row);
    // The form is below the list: take the coach (and the keyboard focus) to it.
    requestAnimationFrame(() => {
      heading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      heading.current?.focus();
    });
  }, []);
  const marked = rows.map((r) => [r.startDate, r.endDate] as const);
  return (
    <div className="flex flex-col gap-5">
      <AvailabilityList rows={rows} editable onEdit={edit} label="Exceptions" empty="No exceptions coming up." />
      <div>
        <h3 ref={heading} tabIndex={-1} className="mb-3 text-sm font-semibold text-slate-900 focus:outline-none">
          {editing ? `Edit ${editing.label}` : 'Add an exception'}
        </h3>
        <AvailabilityForm key={`${editing?.id ?? 'new'}-${formKey}`} today={today} editing={editing} onDone={done} marked={marked} />
      </div>
    </div>
  );
}
