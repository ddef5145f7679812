import { useFetcher } from '@remix-run/react';
import { useRef, useState } from 'react';
import type { AvailabilityRow } from '~/profile/availability-view';
import { useActionToast, type ActionResult } from '../profile/action-result';

export const CONFIRM_DELETE = 'Are you sure you want to delete this availability period?';

const smallButton = 'rounded-md px-2 py-1 text-sm font-semibold underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-pitch-600';

/** The coach's exceptions, one line each ('Off · Mon 21 Dec – Sun 27 Dec 2026 · Edit · Delete'); the owner edits or deletes them (after 'Are you sure …?'). */
export function AvailabilityList({
  rows,
  editable,
  onEdit,
  label = 'Availability periods',
  empty = 'No availability published yet.',
}: {
  rows: readonly AvailabilityRow[];
  editable: boolean;
  onEdit?: (row: AvailabilityRow) => void;
  label?: string;
  empty?: string;
}) {
  const fetcher = useFetcher<ActionResult>({ key: 'availability-delete' });
  const dialog = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<AvailabilityRow | null>(null);
  useActionToast(fetcher.data, { errors: true });

  if (rows.length === 0) return <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">{empty}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label={label}>
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 text-sm">
            <span className="flex min-w-0 flex-wrap items-center gap-x-2">
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${row.isAvailable ? 'bg-pitch-100 text-pitch-800' : 'bg-slate-200 text-slate-800'}`}>{row.kind}</span>
              <span className="sr-only"> · </span>
              <span className="font-medium text-slate-900">{row.dates}</span>
            </span>
            {row.locationOverride ? <span className="text-slate-600">at {row.locationOverride}</span> : null}
            {row.notes ? <span className="min-w-0 max-w-full truncate text-slate-500">{row.notes}</span> : null}
            {editable ? (
              <span className="ml-auto flex items-center">
                <button type="button" className={`${smallButton} text-pitch-700`} onClick={() => onEdit?.(row)} aria-label={`Edit ${row.label}`}>
                  Edit
                </button>
                <span aria-hidden="true" className="text-slate-400">
                  ·
                </span>
                <button
                  type="button"
                  className={`${smallButton} text-red-700`}
                  aria-label={`Delete ${row.label}`}
                  onClick={() => {
                    setTarget(row);
                    dialog.current?.showModal();
                  }}
                >
                  Delete
                </button>
              </span>
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
          <button
            type="submit"
            className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
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
