import { Link, useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { AdminBookingRow } from '../../../adapters/persistence/admin/admin-bookings.query';
import { takePaymentOffer } from '../../../domain/admin/admin-booking-view';
import { StatusBadge } from '~/components/booking/status-badge';
import { PaymentDialog } from '~/components/lazy-dialogs';
import { CopyButton } from './booking-detail-card';
import { bookingStatusColour, dateOf, money, nameOrUnnamed, paymentLabel, serviceLabel, statusLabel, timeOf } from './format';
import { ChargebackBadge, TransferLine } from './payouts';
import { UnpaidBadge } from './unpaid-badge';

/** SPEC §9: a highlighted booking stays highlighted for 3 seconds. */
export const HIGHLIGHT_MS = 3_000;

function Actions({ booking, onPay }: { booking: AdminBookingRow; onPay: (b: AdminBookingRow) => void }) {
  const offer = takePaymentOffer(booking);
  return (
    <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
      <Link to={`/Conversation?booking_id=${booking.id}`} className="whitespace-nowrap rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-50">
        Open Chat
      </Link>
      <button
        type="button"
        onClick={() => onPay(booking)}
        disabled={!offer.offered}
        title={offer.offered ? undefined : offer.why}
        className="whitespace-nowrap rounded-lg bg-pitch-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-pitch-700 disabled:cursor-not-allowed disabled:bg-slate-300"
      >
        Take Payment
      </button>
    </div>
  );
}

function Row({ booking, highlighted, onPay }: { booking: AdminBookingRow; highlighted: boolean; onPay: (b: AdminBookingRow) => void }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);
  return (
    <li
      ref={ref}
      data-booking-id={booking.id}
      data-highlighted={highlighted ? 'true' : undefined}
      className={`grid gap-3 px-4 py-3 transition-colors duration-700 md:grid-cols-[11.5rem_minmax(0,1fr)_8.5rem_9.5rem_auto] md:items-center ${
        highlighted ? 'bg-amber-50 ring-2 ring-inset ring-amber-400' : 'bg-white'
      }`}
    >
      <div className="min-w-0">
        <div className="flex items-center gap-1">
          <span className="whitespace-nowrap font-mono text-sm font-semibold text-slate-900">{booking.referenceCode}</span>
          <CopyButton reference={booking.referenceCode} />
        </div>
        <p className="text-xs text-slate-500">{serviceLabel(booking.serviceType)}</p>
      </div>
      <div className="min-w-0 text-sm">
        <p className="truncate">
          <span className="text-slate-500">Client </span>
          <span className="font-medium text-slate-900">{nameOrUnnamed(booking.clientName)}</span>
        </p>
        {booking.player ? (
          <p className="truncate">
            <span className="text-slate-500">Player </span>
            <span className="font-medium text-slate-900">{booking.player}</span>
          </p>
        ) : null}
        <p className="truncate">
          <span className="text-slate-500">Coach </span>
          <span className="font-medium text-slate-900">{nameOrUnnamed(booking.coachName)}</span>
        </p>
      </div>
      <div className="text-sm">
        <p className="font-medium text-slate-900">{dateOf(booking.startsAt)}</p>
        <p className="text-slate-600">
          {timeOf(booking.startsAt)} · {booking.durationMinutes} mins
        </p>
      </div>
      <div className="text-sm md:text-right">
        <p className="font-semibold tabular-nums text-slate-900">{money(booking.totalPricePence)}</p>
        <p className="text-xs text-slate-500">{paymentLabel(booking.paymentStatus)}</p>
        <div className="mt-1 flex flex-wrap gap-1 md:justify-end">
          <StatusBadge label={statusLabel(booking.status)} colour={bookingStatusColour(booking.status)} />
          <UnpaidBadge status={booking.status} paymentStatus={booking.paymentStatus} />
        </div>
      </div>
      <Actions booking={booking} onPay={onPay} />
      {booking.transfer || booking.chargebacks?.length ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 md:col-span-5">
          <ChargebackBadge chargebacks={booking.chargebacks ?? []} />
          {booking.transfer ? <TransferLine transfer={booking.transfer} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/** AdminBookings rows: reference, names, date, time, price, status, 'Open Chat' and 'Take Payment'. */
export function BookingTable({ bookings, highlight }: { bookings: readonly AdminBookingRow[]; highlight: string | null }) {
  // Lit from the first render (no flash of the plain row), dimmed after HIGHLIGHT_MS.
  const [faded, setFaded] = useState<string | null>(null);
  const lit = highlight && faded !== highlight ? highlight : null;
  const [paying, setPaying] = useState<AdminBookingRow | null>(null);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!highlight) return;
    setFaded(null);
    const timer = setTimeout(() => setFaded(highlight), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);
  return (
    <>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 shadow-sm">
        {bookings.map((b) => (
          <Row key={b.id} booking={b} highlighted={lit === b.id} onPay={setPaying} />
        ))}
      </ul>
      {paying ? (
        <PaymentDialog
          bookingId={paying.id}
          summary={{
            serviceLabel: serviceLabel(paying.serviceType),
            durationMinutes: paying.durationMinutes,
            coachName: nameOrUnnamed(paying.coachName),
            servicePricePence: paying.servicePricePence,
            adminFeePence: paying.adminFeePence,
            totalPricePence: paying.totalPricePence,
          }}
          onClose={() => setPaying(null)}
          onPaid={() => revalidator.revalidate()}
        />
      ) : null}
    </>
  );
}
