import type { Pence } from '../shared/money';
import { commissionOf } from '../payouts/coach-share';
import { creditPrice, disputeRefundedOf, purchasePaidPence, type PackagePurchase } from './package-purchase';

/**
 * Where every penny of a purchase is, at any moment. Always:
 * paid = held + coach + platform + refunded + charged back.
 * `held` is what the platform still holds for sessions not yet released (and the admin fee while
 * it may still go back); `coach` is what was released to the coach and not reversed; `platform`
 * the commission on released sessions, the admin fee once kept, and whatever a partial chargeback
 * left of a credit it took.
 */
export interface PackageLedger {
  readonly paidPence: Pence;
  readonly heldPence: Pence;
  readonly coachPence: Pence;
  readonly platformPence: Pence;
  readonly refundedPence: Pence;
  readonly chargedBackPence: Pence;
}

/** The coach's share of one session's price, by the same commission rule as single sessions. */
export function creditCoachShare(p: Pick<PackagePurchase, 'totalPricePence' | 'sessions'>, index: number, commissionBps: number, disputeRefundedPence: Pence = 0): Pence {
  const kept = creditPrice(p, index) - disputeRefundedPence;
  return kept - commissionOf(kept, commissionBps);
}

export function packageLedger(p: PackagePurchase, commissionBps: number): PackageLedger {
  let held = 0;
  let coach = 0;
  let platform = 0;
  let refunded = 0;
  let chargedBack = 0;
  p.credits.forEach((c, i) => {
    // A dispute's part refund of the session went back to the card; the rest is what it was worth.
    const disputed = disputeRefundedOf(c);
    refunded += disputed;
    const price = creditPrice(p, i) - disputed;
    const share = creditCoachShare(p, i, commissionBps, disputed);
    switch (c.kind) {
      case 'available':
      case 'booked':
      case 'used':
        held += price;
        break;
      case 'released':
        coach += share;
        platform += price - share;
        break;
      case 'refunded':
        refunded += price;
        break;
      case 'charged_back': {
        const coachKept = c.wasReleased ? share - c.reversedPence : 0;
        chargedBack += c.takenPence;
        coach += coachKept;
        platform += price - c.takenPence - coachKept;
        break;
      }
    }
  });
  const spent = p.credits.some((c) => c.kind === 'used' || c.kind === 'released' || (c.kind === 'charged_back' && c.wasReleased));
  const fee = p.adminFeePence - p.adminFeeChargedBackPence;
  chargedBack += p.adminFeeChargedBackPence;
  if (p.adminFeeRefunded) refunded += fee;
  else if (spent || p.adminFeeChargedBackPence > 0 || p.credits.some((c) => c.kind === 'charged_back')) platform += fee;
  else held += fee;
  return { paidPence: purchasePaidPence(p), heldPence: held, coachPence: coach, platformPence: platform, refundedPence: refunded, chargedBackPence: chargedBack };
}
