import type { BookingPackage } from '../../domain/admin/package-session-words';
import { isAwaitingPayment, type PaymentStatus } from '../../domain/booking/money/payment-status';

/**
 * Whether the AdminBookings row offers 'Take Payment' (SPEC §2), and why not. The payments
 * context decides for real when the dialog opens (checkCanPay); this only spares the
 * administrator a button that would be refused: nothing is held yet and the booking is not
 * cancelled.
 */
export type TakePaymentOffer = { readonly offered: true } | { readonly offered: false; readonly why: string };

export function takePaymentOffer(booking: { readonly status: string; readonly paymentStatus: string }): TakePaymentOffer {
  if (booking.status === 'cancelled') return { offered: false, why: 'The booking is cancelled.' };
  if (!isAwaitingPayment(booking.paymentStatus as PaymentStatus)) return { offered: false, why: 'A payment is already held or settled for this booking.' };
  return { offered: true };
}

/** A coach transfer as the admin read model has it (adapters/persistence/admin). */
interface TransferRead {
  readonly status: string;
  readonly coachSharePence: number;
  readonly reversedPence: number;
  readonly transferId: string | null;
  readonly lastError: string | null;
  readonly releasedAt: string;
  readonly transferredAt: string | null;
  readonly paidOutAt: string | null;
}

/** A booking as the admin read model has it: the fields the AdminBookings row reads. */
export interface AdminBookingRead {
  readonly id: string;
  readonly referenceCode: string;
  readonly status: string;
  readonly paymentStatus: string;
  readonly serviceType: string;
  readonly startsAt: string;
  readonly durationMinutes: number;
  readonly servicePricePence: number;
  readonly adminFeePence: number;
  readonly totalPricePence: number;
  /** What the card gave and what went back (the money column says a refund: decision 056). */
  readonly amountCapturedPence?: number;
  readonly amountRefundedPence?: number;
  readonly clientName: string;
  readonly coachName: string;
  readonly player?: string | null;
  /** The package the session was booked from (decision 060); null or absent: paid by card. */
  readonly package?: BookingPackage | null;
  /** The weekly series it belongs to (decision 062). */
  readonly series?: { readonly position: number; readonly sessions: number } | null;
  readonly transfer: TransferRead | null;
  readonly chargebacks: readonly { readonly id: string; readonly status: string; readonly amountPence: number; readonly reason: string }[];
}

/**
 * One AdminBookings row as the page sends it: only what the row shows, each value
 * once. Labels (service, status, payment) are worked out in the browser from the raw values; an
 * absent field is an empty one (no player, no transfer yet, no chargeback).
 */
export interface AdminBookingRowView extends Pick<
  AdminBookingRead,
  'id' | 'referenceCode' | 'status' | 'paymentStatus' | 'serviceType' | 'startsAt' | 'durationMinutes' | 'totalPricePence' | 'clientName' | 'coachName'
> {
  /** 'Ella Hughes, 10' (decision 017); absent: the session is for the client. */
  readonly player?: string;
  /** The package it was booked from and the credit it holds; absent: paid by card. */
  readonly package?: BookingPackage;
  /** 'Weekly series · session 2 of 3'; absent: a single session. */
  readonly series?: { readonly position: number; readonly sessions: number };
  /** Only once money went back to the client: how much, of how much taken ('£10.50 refunded'). */
  readonly refund?: { readonly refundedPence: number; readonly capturedPence: number };
  /** What the payment dialog shows, only while 'Take Payment' is offered. */
  readonly pay?: { readonly servicePricePence: number; readonly adminFeePence: number };
  /** The coach's share and where it is, once the money was released. */
  readonly transfer?: {
    readonly status: string;
    readonly coachSharePence: number;
    readonly reversedPence?: number;
    readonly transferId?: string;
    /** Only while the transfer is 'failed'. */
    readonly lastError?: string;
    /** When it last moved: paid out, sent, or released (not sent yet). */
    readonly moved: { readonly how: 'paid out' | 'sent' | 'released'; readonly at: string };
  };
  /** Card chargebacks, newest first. */
  readonly chargebacks?: readonly { readonly id: string; readonly status: string; readonly amountPence: number; readonly reason: string }[];
}

export function adminBookingRowView(b: AdminBookingRead): AdminBookingRowView {
  const t = b.transfer;
  return {
    id: b.id,
    referenceCode: b.referenceCode,
    status: b.status,
    paymentStatus: b.paymentStatus,
    serviceType: b.serviceType,
    startsAt: b.startsAt,
    durationMinutes: b.durationMinutes,
    totalPricePence: b.totalPricePence,
    clientName: b.clientName,
    coachName: b.coachName,
    ...(b.player ? { player: b.player } : {}),
    ...(b.package ? { package: b.package } : {}),
    ...(b.series ? { series: { position: b.series.position, sessions: b.series.sessions } } : {}),
    ...(b.amountRefundedPence ? { refund: { refundedPence: b.amountRefundedPence, capturedPence: b.amountCapturedPence ?? 0 } } : {}),
    ...(takePaymentOffer(b).offered ? { pay: { servicePricePence: b.servicePricePence, adminFeePence: b.adminFeePence } } : {}),
    ...(t
      ? {
          transfer: {
            status: t.status,
            coachSharePence: t.coachSharePence,
            ...(t.reversedPence > 0 ? { reversedPence: t.reversedPence } : {}),
            ...(t.transferId ? { transferId: t.transferId } : {}),
            ...(t.status === 'failed' && t.lastError ? { lastError: t.lastError } : {}),
            moved: t.paidOutAt ? { how: 'paid out', at: t.paidOutAt } : t.transferredAt ? { how: 'sent', at: t.transferredAt } : { how: 'released', at: t.releasedAt },
          },
        }
      : {}),
    ...(b.chargebacks.length ? { chargebacks: b.chargebacks.map(({ id, status, amountPence, reason }) => ({ id, status, amountPence, reason })) } : {}),
  };
}

/** 'Weekly series: session 2 of 3' (decision 062). */
export const seriesLine = (s: { readonly position: number; readonly sessions: number }): string => `Weekly series: session ${s.position} of ${s.sessions}`;
