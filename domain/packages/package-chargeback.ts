import type { Chargeback } from '../payouts/chargeback';
import type { Id } from '../shared/ids';
import type { Pence } from '../shared/money';
import { creditCoachShare } from './package-ledger';
import { creditPrice, disputeRefundedOf, type CreditState, type PackagePurchase } from './package-purchase';

/**
 * PRODUCT.md: a lost chargeback on a purchase takes back unused credits first (the platform still
 * holds their money; sessions booked from them are cancelled), then the sessions that happened,
 * newest first: a used credit not yet released is simply never paid out, a released one has its
 * transfer to the coach reversed by up to the coach's share. The admin fee is taken last.
 */
/** A card chargeback on a purchase's charge, as recorded (the same states as a booking's). */
export interface PackageChargeback extends Omit<Chargeback, 'bookingId' | 'transferReversedPence'> {
  readonly purchaseId: Id;
  /** When a lost one took its amount back from the credits (once). */
  readonly appliedAt: Date | null;
  /** What the credits and the admin fee could not cover: the platform's loss. */
  readonly uncoveredPence: Pence;
}

export interface ChargebackPlan {
  readonly purchase: PackagePurchase;
  /** Bookings holding a credit that is taken back: they are cancelled. */
  readonly cancelBookings: readonly Id[];
  /** Transfers to reverse, newest release first. */
  readonly reversals: readonly { readonly bookingId: Id; readonly amountPence: Pence }[];
  /** What the plan could not cover (more was charged back than is left): the platform's loss. */
  readonly uncoveredPence: Pence;
}

const takeOrder = (p: PackagePurchase): number[] => {
  const unused = p.credits.flatMap((c, i) => (c.kind === 'available' || c.kind === 'booked' ? [i] : []));
  const used = p.credits.flatMap((c, i) => (c.kind === 'used' ? [i] : []));
  const released = p.credits
    .flatMap((c, i) => (c.kind === 'released' ? [{ i, at: c.releasedAt.getTime() }] : []))
    .sort((a, b) => b.at - a.at || b.i - a.i)
    .map((r) => r.i);
  return [...unused, ...used, ...released];
};

export function planChargeback(p: PackagePurchase, amountPence: Pence, commissionBps: number): ChargebackPlan {
  let remaining = amountPence;
  const credits: CreditState[] = [...p.credits];
  const cancelBookings: Id[] = [];
  const reversals: { bookingId: Id; amountPence: Pence }[] = [];
  for (const i of takeOrder(p)) {
    if (remaining <= 0) break;
    const c = p.credits[i]!;
    // What a dispute already gave back of the session is not the client's to take again.
    const refundedPence = disputeRefundedOf(c);
    const takenPence = Math.min(remaining, creditPrice(p, i) - refundedPence);
    remaining -= takenPence;
    const wasReleased = c.kind === 'released';
    const reversedPence = wasReleased ? Math.min(takenPence, creditCoachShare(p, i, commissionBps, refundedPence)) : 0;
    if (c.kind === 'booked') cancelBookings.push(c.bookingId);
    if (wasReleased && reversedPence > 0) reversals.push({ bookingId: c.bookingId, amountPence: reversedPence });
    credits[i] = refundedPence > 0 ? { kind: 'charged_back', takenPence, reversedPence, wasReleased, refundedPence } : { kind: 'charged_back', takenPence, reversedPence, wasReleased };
  }
  const feeLeft = p.adminFeeRefunded ? 0 : p.adminFeePence - p.adminFeeChargedBackPence;
  const fee = Math.min(Math.max(0, remaining), feeLeft);
  remaining -= fee;
  return { purchase: { ...p, credits, adminFeeChargedBackPence: p.adminFeeChargedBackPence + fee }, cancelBookings, reversals, uncoveredPence: Math.max(0, remaining) };
}
