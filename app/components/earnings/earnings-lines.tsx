import type { EarningState } from '../../../domain/payouts/earnings';

export interface LineView {
  readonly bookingId: string;
  readonly reference: string;
  readonly session: string;
  readonly client: string;
  readonly sessionPrice: string;
  readonly platformShare: string;
  readonly coachShare: string;
  readonly reversed: string | null;
  readonly state: EarningState;
  readonly stateLabel: string;
  readonly when: string | null;
  readonly packageSession: string | null;
}

const TONES: Record<EarningState, string> = {
  held: 'bg-slate-100 text-slate-700 ring-slate-200',
  waiting: 'bg-amber-50 text-amber-800 ring-amber-200',
  on_the_way: 'bg-sky-50 text-sky-800 ring-sky-200',
  paid_out: 'bg-pitch-50 text-pitch-800 ring-pitch-200',
  reversed: 'bg-red-50 text-red-700 ring-red-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
  nothing_due: 'bg-slate-50 text-slate-500 ring-slate-200',
};

function State({ line }: { line: LineView }) {
  return (
    <span className="inline-flex flex-col items-end gap-0.5 sm:items-start">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[line.state]}`}>{line.stateLabel}</span>
      {line.when ? <span className="text-xs text-slate-500">{line.when}</span> : null}
    </span>
  );
}

const cell = 'flex items-baseline justify-between gap-3 px-4 py-1 sm:table-cell sm:px-3 sm:py-3';
const label = 'text-xs text-slate-500 sm:hidden';

/**
 * One row per booking. A real table from 640 px; below, each row stacks into a card whose cells
 * carry their own label (the header row is hidden), so a 360 px phone never scrolls sideways.
 */
export function EarningsLines({ lines }: { lines: readonly LineView[] }) {
  return (
    <table className="block w-full text-sm sm:table">
      <caption className="sr-only">Your earnings per booking, newest session first</caption>
      <thead className="hidden border-b border-slate-200 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 sm:table-header-group">
        <tr>
          <th scope="col" className="px-3 py-2">
            Booking
          </th>
          <th scope="col" className="px-3 py-2">
            Client
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Session price
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Platform share
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Your share
          </th>
          <th scope="col" className="px-3 py-2">
            State
          </th>
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-100 sm:table-row-group">
        {lines.map((line) => (
          <tr key={line.bookingId} data-reference={line.reference} className="block py-2 sm:table-row sm:py-0">
            <th scope="row" className={`${cell} text-left font-normal`}>
              <span className="flex flex-col">
                <span className="font-mono text-xs font-semibold text-slate-900">{line.reference}</span>
                <span className="text-slate-600">{line.session}</span>
                {line.packageSession ? <span className="text-xs font-medium text-pitch-700">{line.packageSession}</span> : null}
              </span>
              <span className="sm:hidden">
                <State line={line} />
              </span>
            </th>
            <td className={cell}>
              <span className={label}>Client</span>
              <span className="text-slate-800">{line.client}</span>
            </td>
            <td className={`${cell} sm:text-right`}>
              <span className={label}>Session price</span>
              <span className="tabular-nums text-slate-700">{line.sessionPrice}</span>
            </td>
            <td className={`${cell} sm:text-right`}>
              <span className={label}>Platform share</span>
              <span className="tabular-nums text-slate-700">{line.platformShare}</span>
            </td>
            <td className={`${cell} sm:text-right`}>
              <span className={label}>Your share</span>
              <span className="flex flex-col items-end">
                <span className="tabular-nums font-semibold text-slate-900">{line.coachShare}</span>
                {line.reversed ? <span className="text-xs text-red-700">{line.reversed}</span> : null}
              </span>
            </td>
            <td className="hidden px-3 py-3 sm:table-cell">
              <State line={line} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
