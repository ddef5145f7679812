import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { SaleCount } from '../../../domain/packages/package-sale';
import { LoadMoreButton } from '~/components/booking/load-more-button';
import type { PackageSaleView } from '~/earnings/package-sale-view';

export interface SalesPage {
  readonly sales: PackageSaleView[];
  readonly nextCursor: string | null;
}

/** One colour per count, the same in the bar and its legend; money that reached the coach is the brand green. */
const FILL: Record<SaleCount, string> = {
  released: 'bg-pitch-600',
  used: 'bg-pitch-200',
  booked: 'bg-sky-400',
  left: 'bg-slate-200',
  refunded: 'bg-amber-300',
  charged_back: 'bg-red-400',
};

function Sale({ sale }: { sale: PackageSaleView }) {
  return (
    <li data-sale={sale.id} className="flex flex-col gap-2 px-4 py-4 sm:px-6">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{sale.name}</p>
          <p className="text-sm text-slate-600">
            {sale.client} · sold {sale.soldOn}
          </p>
          <p className="text-xs text-slate-500">
            {sale.terms} · {sale.validity}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="font-semibold tabular-nums text-slate-900">{sale.price}</p>
          <p className="text-xs text-slate-500">paid by the client</p>
        </div>
      </div>
      {/* The bar repeats the counts below it for the eye; the counts are what a screen reader reads. */}
      <div aria-hidden="true" className="flex h-2 gap-0.5">
        {sale.segments.map((kind, i) => (
          <span key={i} className={`h-full flex-1 first:rounded-l-full last:rounded-r-full ${FILL[kind]}`} />
        ))}
      </div>
      <ul aria-label={`Sessions of ${sale.name}`} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {sale.counts.map((c) => (
          <li key={c.kind} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`h-2 w-2 rounded-full ${FILL[c.kind]}`} />
            <span>
              <span className="font-semibold tabular-nums">{c.count}</span> {c.label}
            </span>
          </li>
        ))}
      </ul>
      {sale.refunded ? <p className="text-xs text-amber-800">{sale.refunded}</p> : null}
    </li>
  );
}

/**
 * The coach's package sales, newest first, 'Show more sales' fetching the next page. Shown only
 * to a coach who has sold one. It says plainly that a sale is not money in the coach's bank:
 * each session's share is released like any booking's, and it is those releases that the
 * Bookings list (and the figures) count.
 */
export function PackageSales({ first }: { first: SalesPage }) {
  const more = useFetcher<SalesPage>();
  const [extra, setExtra] = useState<SalesPage | null>(null);
  useEffect(() => setExtra(null), [first]);
  useEffect(() => {
    if (more.state === 'idle' && more.data) {
      const page = more.data;
      setExtra((e) => ({ sales: [...(e?.sales ?? []), ...page.sales], nextCursor: page.nextCursor }));
    }
  }, [more.data, more.state]);
  const sales = [...first.sales, ...(extra?.sales ?? [])];
  const next = extra ? extra.nextCursor : first.nextCursor;
  if (sales.length === 0) return null;
  return (
    <section aria-labelledby="sales-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 p-4 sm:px-6">
        <h2 id="sales-title" className="text-base font-semibold text-slate-900">
          Package sales
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Your share reaches you <strong className="font-semibold text-slate-800">per completed session</strong>, released 48 hours after it ends like any booking, not when the package is sold. Until
          then FACT holds the money; sessions left unused are refunded to the client.
        </p>
        <p className="mt-1 text-xs text-slate-500">Prices are what the client paid for the sessions; their admin fee is the platform’s.</p>
      </div>
      <ul className="divide-y divide-slate-100">
        {sales.map((sale) => (
          <Sale key={sale.id} sale={sale} />
        ))}
      </ul>
      {next ? (
        <div className="pb-6">
          <LoadMoreButton label="Show more sales" loading={more.state !== 'idle'} onLoad={() => more.load(`/CoachEarnings?sales=1&cursor=${encodeURIComponent(next)}`)} />
        </div>
      ) : null}
    </section>
  );
}
