import { formatPence } from '../../../domain/shared/money';

interface Month {
  readonly key: string;
  readonly short: string;
  readonly long: string;
  readonly pence: number;
  readonly amount: string;
}

const W = 600;
const H = 180;
const GAP = 10;

/** A round top for the axis: £50, £100, £250, £500, £1,000 … above the highest month. */
function axisTop(max: number): number {
  if (max <= 0) return 10_000;
  const steps = [1, 2, 2.5, 5];
  let scale = 100;
  for (;;) {
    for (const s of steps) if (s * scale * 10 >= max) return s * scale * 10;
    scale *= 10;
  }
}

/**
 * The last 12 months' earnings (coach share by London month of release) as inline SVG bars,
 * drawn in the server's HTML. The picture is one `role="img"` with a summary for screen readers;
 * the same figures are in a visually hidden table. The bars stretch to any width (down to 360 px);
 * the month names are HTML under them so they never shrink with the drawing.
 */
export function EarningsChart({ months }: { months: readonly Month[] }) {
  const max = Math.max(0, ...months.map((m) => m.pence));
  const top = axisTop(max);
  const total = months.reduce((sum, m) => sum + m.pence, 0);
  const best = months.reduce<Month | null>((b, m) => (m.pence > 0 && (!b || m.pence > b.pence) ? m : b), null);
  const first = months[0];
  const last = months.at(-1);
  const range = first && last ? `${first.long} to ${last.long}` : 'the last 12 months';
  const summary = total === 0 ? `Earnings per month, ${range}: nothing released yet.` : `Earnings per month, ${range}: ${formatPence(total)} in all; highest ${best?.amount} in ${best?.long}.`;
  const slot = W / Math.max(1, months.length);

  return (
    <figure className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-base font-semibold text-slate-900">Last 12 months</span>
        <span className="text-sm text-slate-600">
          {formatPence(total)} <span className="text-slate-500">released to you</span>
        </span>
      </figcaption>
      <div className="relative mt-4">
        {total > 0 ? (
          <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 flex justify-between text-[11px] text-slate-400">
            <span>{formatPence(top).replace(/\.00$/, '')}</span>
          </div>
        ) : (
          <p aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center px-6 text-center text-sm text-slate-500">
            Your monthly earnings show here once money is released to you.
          </p>
        )}
        <svg role="img" aria-label={summary} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className="block h-40 w-full sm:h-48">
          <line x1="0" x2={W} y1={H - 0.5} y2={H - 0.5} className="stroke-slate-300" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          <line x1="0" x2={W} y1={H / 2} y2={H / 2} className="stroke-slate-100" strokeWidth="1" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          {months.map((m, i) => {
            const h = m.pence > 0 ? Math.max(2, (m.pence / top) * (H - 16)) : 0;
            const current = i === months.length - 1;
            return (
              <rect key={m.key} x={i * slot + GAP / 2} y={H - h} width={slot - GAP} height={h} rx="3" className={current ? 'fill-pitch-600' : 'fill-pitch-500/70'}>
                <title>{`${m.long}: ${m.amount}`}</title>
              </rect>
            );
          })}
        </svg>
        <ol aria-hidden="true" className="mt-1 grid grid-cols-12 text-center text-[10px] text-slate-500 sm:text-xs">
          {months.map((m) => (
            <li key={m.key} className="truncate">
              {m.short}
            </li>
          ))}
        </ol>
      </div>
      {/* A table ignores sr-only's 1 px width (its cells would widen the page): the wrapper hides it. */}
      <div className="sr-only">
        <table>
          <caption>Coach share released per month (London months)</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Released to you</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.key}>
                <th scope="row">{m.long}</th>
                <td>{m.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
