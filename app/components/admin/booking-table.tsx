import { Link, useRevalidator } from '@remix-run/react';
import { lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { seriesLine, takePaymentOffer, type AdminBookingRowView } from '../../admin/admin-booking-view';
import { adminBookingPath } from '../../admin/booking-path';
import { StatusBadge } from '~/components/booking/status-badge';
import { CopyButton } from './copy-reference';
import { adminPaymentWords } from '../../admin/admin-payment-words';
import { packageLine, type BookingPackage } from '../../../domain/admin/package-session-words';
import { bookingStatusColour, dateOf, money, nameOrUnnamed, serviceLabel, statusLabel, timeOf } from './format';
import { ChargebackBadge, TransferLine } from './payouts';
import { UnpaidBadge } from './unpaid-badge';

/**
 * 'Take Payment' opens the payment dialog, its code fetched on the first opening (as lazy-dialogs'
 * PaymentDialog; imported here directly so that AdminBookings' first visit does not also carry
 * the other dialogs' loaders: one file fewer).
 */
const PaymentDialog = lazy(() => import('~/components/payment/payment-dialog').then((m) => ({ default: m.PaymentDialog })));

/** SPEC §9: a highlighted booking stays highlighted for 3 seconds. */
export const HIGHLIGHT_MS = 3_000;

function Actions({ booking, onPay }: { booking: AdminBookingRowView; onPay: (b: AdminBookingRowView) => void }) {
  const offer = takePaymentOffer(booking);
  return (
    <div className="adm-actions">
      <Link to={`/Conversation?booking_id=${booking.id}`} className="act act-s">
        Open Chat
      </Link>
      <button type="button" onClick={() => onPay(booking)} disabled={!offer.offered} title={offer.offered ? undefined : offer.why} className="act act-p">
        Take Payment
      </button>
    </div>
  );
}

/** 'Client Ada Lovelace': the word in grey, the name in ink. */
function Party({ role, name }: { role: string; name: string }) {
  return (
    <p className="adm-who">
      {`${role} `}
      <span className="adm-val">{name}</span>
    </p>
  );
}

/** The package a session was booked from (decision 060): which, which of its sessions, whose, and the purchase's id. */
function PackageLine({ pkg }: { pkg: BookingPackage }) {
  return (
    <p className="adm-meta" data-package={pkg.purchaseId}>
      <span className="font-semibold text-slate-700">Package</span>
      <span>{packageLine(pkg)}</span>
      <span className="font-mono text-slate-500" title="The package purchase: fact packages show <id>">{`purchase ${pkg.purchaseId}`}</span>
    </p>
  );
}

/** Memoised: the table reads the router's state, and its rows need not render again on each of its changes. */
const Row = memo(function Row({ booking, highlighted, onPay }: { booking: AdminBookingRowView; highlighted: boolean; onPay: (b: AdminBookingRowView) => void }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);
  return (
    <li ref={ref} data-booking-id={booking.id} data-highlighted={highlighted ? 'true' : undefined} className={highlighted ? 'adm-row bg-amber-50 ring-2 ring-inset ring-amber-400' : 'adm-row'}>
      <div className="min-w-0">
        <div className="flex items-center gap-1">
          <Link to={adminBookingPath(booking.id)} className="adm-ref hover:underline" title="Open the booking: its timeline and actions">
            {booking.referenceCode}
          </Link>
          <CopyButton reference={booking.referenceCode} />
        </div>
        <p className="adm-small">{serviceLabel(booking.serviceType)}</p>
      </div>
      <div className="min-w-0 text-sm">
        <Party role="Client" name={nameOrUnnamed(booking.clientName)} />
        {booking.player ? <Party role="Player" name={booking.player} /> : null}
        <Party role="Coach" name={nameOrUnnamed(booking.coachName)} />
      </div>
      <div className="text-sm">
        <p className="adm-val">{dateOf(booking.startsAt)}</p>
        <p className="text-slate-600">{`${timeOf(booking.startsAt)} · ${booking.durationMinutes} mins`}</p>
      </div>
      <div className="text-sm md:text-right">
        <p className="adm-money">{money(booking.totalPricePence)}</p>
        <p className="adm-small" data-payment={booking.paymentStatus}>
          {adminPaymentWords(booking)}
        </p>
        <div className="adm-badges">
          <StatusBadge label={statusLabel(booking.status)} colour={bookingStatusColour(booking.status)} />
          <UnpaidBadge status={booking.status} paymentStatus={booking.paymentStatus} />
        </div>
      </div>
      <Actions booking={booking} onPay={onPay} />
      {booking.transfer || booking.chargebacks || booking.package || booking.series ? (
        <div className="adm-extra">
          {booking.series ? <p>{seriesLine(booking.series)}</p> : null}
          {booking.package ? <PackageLine pkg={booking.package} /> : null}
          <ChargebackBadge chargebacks={booking.chargebacks ?? []} />
          {booking.transfer ? <TransferLine transfer={booking.transfer} /> : null}
        </div>
      ) : null}
    </li>
  );
});

/** AdminBookings rows: reference, names, date, time, price, status, 'Open Chat' and 'Take Payment'. */
export function BookingTable({ bookings, highlight }: { bookings: readonly AdminBookingRowView[]; highlight: string | null }) {
  // Lit from the first render (no flash of the plain row), dimmed after HIGHLIGHT_MS.
  const [faded, setFaded] = useState<string | null>(null);
  const lit = highlight && faded !== highlight ? highlight : null;
  const [paying, setPaying] = useState<AdminBookingRowView | null>(null);
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
      {paying?.pay ? (
        <Suspense fallback={null}>
          <PaymentDialog
            bookingId={paying.id}
            summary={{
              serviceLabel: serviceLabel(paying.serviceType),
              durationMinutes: paying.durationMinutes,
              coachName: nameOrUnnamed(paying.coachName),
              servicePricePence: paying.pay.servicePricePence,
              adminFeePence: paying.pay.adminFeePence,
              totalPricePence: paying.totalPricePence,
            }}
            onClose={() => setPaying(null)}
            onPaid={() => revalidator.revalidate()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
