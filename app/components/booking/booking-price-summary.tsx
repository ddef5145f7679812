import { seriesPrice, type BookingPrice } from '../../../domain/booking/requests/booking-price';
import { ADMIN_FEE_PENCE, formatPence } from '../../../domain/shared/money';

/**
 * The booking dialog's price lines: the session, the admin fee and the total (null: no length
 * chosen yet). A weekly series paid by card (`sessions`) pays every session and the fee once.
 */
export function BookingPriceSummary({ price: session, sessions }: { price: BookingPrice | null; sessions?: number | null }) {
  const series = sessions && sessions > 1 ? sessions : null;
  const price = session && series ? seriesPrice(session.servicePricePence, series) : session;
  return (
    <section aria-label="Price summary" className="rounded-xl bg-slate-50 p-4 text-sm">
      <dl className="space-y-1">
        <div className="flex justify-between">
          <dt className="text-slate-600">{series ? `Session price × ${series} sessions` : 'Session price'}</dt>
          <dd className="text-slate-900">{price ? formatPence(price.servicePricePence) : '—'}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">{series ? 'Admin fee, once' : 'Admin fee'}</dt>
          <dd className="text-slate-900">{formatPence(price?.adminFeePence ?? ADMIN_FEE_PENCE)}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd>{price ? formatPence(price.totalPricePence) : '—'}</dd>
        </div>
      </dl>
      <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-500">
        <svg viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
          <rect x="5" y="11" width="14" height="9" rx="2" />
          <path d="M8 11V8a4 4 0 018 0v3" />
        </svg>
        Secure payment powered by Stripe
      </p>
    </section>
  );
}
