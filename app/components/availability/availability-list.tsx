import { useFetcher } from '@remix-run/react';
import { useRef, useState } from 'react';
import type { AvailabilityRow } from '~/profile/availability-view';
import { secondaryButtonClass } from '../auth/field-styles';
import { useActionToast, type ActionResult } from '../profile/action-result';

export const CONFIRM_DELETE = 'Are you sure you want to delete this availability period?';

/** The coach's periods; the owner edits or deletes them (after 'Are you sure …?'). */
export function AvailabilityList({ rows, editable, onEdit }: { rows: readonly AvailabilityRow[]; editable: boolean; onEdit?: (row: AvailabilityRow) => void }) {
  const fetcher = useFetcher<ActionResult>({ key: 'availability-delete' });
  const dialog = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<AvailabilityRow | null>(null);
  useActionToast(fetcher.data, { errors: true });

  if (rows.length === 0) return <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">No availability published yet.</p>;
  return (
    <>
      <ul className="flex flex-col gap-2" aria-label="Availability periods">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-col gap-2 rounded-xl border border-slate-200 px-4 py-3 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-slate-900">{row.label}</p>
              <p className="mt-0.5 text-xs text-slate-600">
                <span className={`mr-2 rounded-full px-2 py-0.5 font-semibold ${row.isAvailable ? 'bg-pitch-100 text-pitch-800' : 'bg-slate-200 text-slate-700'}`}>
                  {row.isAvailable ? 'Available' : 'Not available'}
                </span>
                {row.locationOverride ? `at ${row.locationOverride}` : null}
                {row.notes ? <span className="block pt-1 text-slate-500">{row.notes}</span> : null}
              </p>
            </div>
            {editable ? (
              <div className="flex gap-2">
                <button type="button" className={`${secondaryButtonClass} px-3 py-1.5`} onClick={() => onEdit?.(row)} aria-label={`Edit ${row.label}`}>
                  Edit
                </button>
                <button
                  type="button"
                  className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
                  aria-label={`Delete ${row.label}`}
                  onClick={() => {
                    setTarget(row);
                    dialog.current?.showModal();
                  }}
                >
                  Delete
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <dialog ref={dialog} aria-labelledby="confirm-delete-title" className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl p-6 shadow-2xl backdrop:bg-slate-900/60">
        <h2 id="confirm-delete-title" className="text-base font-semibold text-slate-900">
          {CONFIRM_DELETE}
        </h2>
        {target ? <p className="mt-1 text-sm text-slate-600">{target.label}</p> : null}
        <form method="dialog" className="mt-5 flex justify-end gap-3">
          <button type="submit" className={secondaryButtonClass}>
            Cancel
          </button>
          <button
            type="button"
            className="rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-700"
            onClick={() => {
              if (target) fetcher.submit({ intent: 'availability-delete', periodId: target.id }, { method: 'post' });
              dialog.current?.close();
            }}
          >
            Delete
          </button>
        </form>
      </dialog>
    </>
  );
}
