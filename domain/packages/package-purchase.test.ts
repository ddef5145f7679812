import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../shared/result';
import { planChargeback } from './package-chargeback';
import { packageLedger } from './package-ledger';
import {
  bookCredit,
  creditPrice,
  creditsLeft,
  disputeRefundCredit,
  disputeRefundedOf,
  refundUnused,
  releaseCredit,
  returnCredit,
  useCredit,
  validUntilFor,
  type PackagePurchase,
} from './package-purchase';

const BOUGHT = new Date('2027-01-04T10:00:00Z');
const DAY = 86_400_000;
const day = (n: number) => new Date(BOUGHT.getTime() + n * DAY);

function purchase(sessions = 5, totalPricePence = 18_000): PackagePurchase {
  return {
    id: 'p1',
    clientId: 'c1',
    coachId: 'k1',
    offerId: 'o1',
    seriesId: null,
    title: null,
    sessions,
    durationMinutes: 60,
    totalPricePence,
    adminFeePence: 300,
    purchasedAt: BOUGHT,
    validUntil: validUntilFor(BOUGHT, 4),
    credits: Array.from({ length: sessions }, () => ({ kind: 'available' as const })),
    adminFeeRefunded: false,
    adminFeeChargedBackPence: 0,
  };
}

const balanced = (p: PackagePurchase, bps = 1500) => {
  const l = packageLedger(p, bps);
  return l.heldPence + l.coachPence + l.platformPence + l.refundedPence + l.chargedBackPence === l.paidPence;
};

describe('booking sessions from a package', () => {
  it('takes one credit per session at that credit’s price, until none is left', () => {
    let p = purchase(2, 10_001 * 100);
    const first = unwrap(bookCredit(p, { bookingId: 'b1', startsAt: day(2) }, day(1)));
    const second = unwrap(bookCredit(first.purchase, { bookingId: 'b2', startsAt: day(3) }, day(1)));
    expect([first.pricePence, second.pricePence]).toEqual([500_050, 500_050]);
    p = second.purchase;
    expect(creditsLeft(p)).toBe(0);
    const none = bookCredit(p, { bookingId: 'b3', startsAt: day(4) }, day(1));
    expect(!none.ok && none.error.message).toBe('There are no sessions left in this package.');
  });

  it('refuses a session after the package expires, and any booking once it has', () => {
    const p = purchase();
    const late = bookCredit(p, { bookingId: 'b1', startsAt: day(28) }, day(1));
    expect(!late.ok && late.error.code).toBe('SESSION_AFTER_EXPIRY');
    const expired = bookCredit(p, { bookingId: 'b1', startsAt: day(30) }, day(28));
    expect(!expired.ok && expired.error.message).toBe('This package expired on Mon, 1 Feb 2027.');
  });

  it('gives the credit back on a decline or an early cancellation, and uses it on a late one', () => {
    const booked = unwrap(bookCredit(purchase(), { bookingId: 'b1', startsAt: day(2) }, day(1))).purchase;
    expect(creditsLeft(unwrap(returnCredit(booked, 'b1')))).toBe(5);
    expect(creditsLeft(unwrap(useCredit(booked, 'b1')))).toBe(4);
    expect(returnCredit(unwrap(useCredit(booked, 'b1')), 'b1').ok).toBe(false);
  });
});

describe('refunding unused credits', () => {
  it('refunds every session price and the admin fee when nothing was used', () => {
    const r = unwrap(refundUnused(purchase(), 'request', day(3)));
    expect(r.refundPence).toBe(18_300);
    expect(r.adminFeeRefunded).toBe(true);
  });

  it('keeps the admin fee once a session was used, and refunds the rest at its prices', () => {
    const p = unwrap(useCredit(unwrap(bookCredit(purchase(3, 10_000), { bookingId: 'b1', startsAt: day(2) }, day(1))).purchase, 'b1'));
    const r = unwrap(refundUnused(p, 'request', day(3)));
    expect(r.refundPence).toBe(3333 + 3334);
    expect(r.adminFeeRefunded).toBe(false);
  });

  it('refunds once at expiry, however often the expiry runs', () => {
    const first = unwrap(refundUnused(purchase(), 'expiry', day(28)));
    const second = unwrap(refundUnused(first.purchase, 'expiry', day(29)));
    expect([first.refundPence, second.refundPence]).toEqual([18_300, 0]);
    expect(refundUnused(purchase(), 'expiry', day(27)).ok).toBe(false);
  });
});

describe('a lost chargeback on a purchase', () => {
  it('takes back unused credits first, then reverses released sessions newest first', () => {
    let p = purchase(3, 9000);
    for (const [id, d] of [
      ['b1', 2],
      ['b2', 3],
    ] as const)
      p = unwrap(useCredit(unwrap(bookCredit(p, { bookingId: id, startsAt: day(d) }, day(1))).purchase, id));
    p = unwrap(releaseCredit(p, 'b1', day(2))).purchase;
    p = unwrap(releaseCredit(p, 'b2', day(3))).purchase;
    const plan = planChargeback(p, 9300, 0);
    expect(plan.reversals).toEqual([
      { bookingId: 'b2', amountPence: 3000 },
      { bookingId: 'b1', amountPence: 3000 },
    ]);
    expect(plan.uncoveredPence).toBe(0);
    const partial = planChargeback(p, 4000, 0);
    expect(partial.reversals).toEqual([{ bookingId: 'b2', amountPence: 1000 }]);
  });
});

type Step =
  | { kind: 'book'; session: number }
  | { kind: 'decline' | 'cancel_early' | 'cancel_late' | 'complete' | 'release'; slot: number }
  | { kind: 'refund_request' | 'expiry' }
  | { kind: 'chargeback'; share: number }
  | { kind: 'dispute_refund'; slot: number; share: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('book' as const), session: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ kind: fc.constantFrom('decline' as const, 'cancel_early' as const, 'cancel_late' as const, 'complete' as const, 'release' as const), slot: fc.nat(30) }),
  fc.record({ kind: fc.constantFrom('refund_request' as const, 'expiry' as const) }),
  fc.record({ kind: fc.constant('chargeback' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('dispute_refund' as const), slot: fc.nat(30), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

describe('every path through a package keeps every penny accounted for', () => {
  it('paid = held + coach + platform + refunds + charged back, after every step of any path', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), fc.integer({ min: 2, max: 2000 }), fc.integer({ min: 0, max: 3000 }), fc.array(step, { maxLength: 40 }), (n, pounds, bps, steps) => {
        let p = purchase(n, pounds * 100);
        let bookings = 0;
        let now = day(1);
        let chargedBack = false;
        // What left the platform, counted from the steps' own answers, not from the ledger.
        let refunds = 0;
        let takenBack = 0;
        let releasedToCoach = 0;
        let reversed = 0;
        const booked = () => p.credits.flatMap((c) => (c.kind === 'booked' ? [c.bookingId] : []));
        const used = () => p.credits.flatMap((c) => (c.kind === 'used' ? [c.bookingId] : []));
        for (const s of steps) {
          if (chargedBack) break;
          const pick = (ids: string[], slot: number) => ids[slot % Math.max(1, ids.length)];
          if (s.kind === 'book') {
            const r = bookCredit(p, { bookingId: `b${++bookings}`, startsAt: day(1 + s.session) }, now);
            if (r.ok) p = r.value.purchase;
          } else if (s.kind === 'decline' || s.kind === 'cancel_early') {
            const id = pick(booked(), s.slot);
            if (id) p = unwrap(returnCredit(p, id));
          } else if (s.kind === 'cancel_late' || s.kind === 'complete') {
            const id = pick(booked(), s.slot);
            if (id) p = unwrap(useCredit(p, id));
          } else if (s.kind === 'release') {
            const id = pick(used(), s.slot);
            if (id) {
              const r = unwrap(releaseCredit(p, id, now));
              releasedToCoach += r.pricePence - Math.floor((r.pricePence * bps) / 10_000);
              p = r.purchase;
            }
          } else if (s.kind === 'refund_request') {
            const r = refundUnused(p, 'request', now);
            if (r.ok) {
              p = r.value.purchase;
              refunds += r.value.refundPence;
            }
          } else if (s.kind === 'expiry') {
            now = day(28);
            const r = unwrap(refundUnused(p, 'expiry', now));
            p = r.purchase;
            refunds += r.refundPence;
          } else if (s.kind === 'dispute_refund') {
            // A dispute decided part (or all) of a session's price back to the card, before its release.
            const index = p.credits.findIndex((c, i) => c.kind === 'used' && i >= s.slot % p.credits.length);
            const credit = p.credits[index];
            if (credit?.kind === 'used') {
              const left = creditPrice(p, index) - disputeRefundedOf(credit);
              const amount = Math.max(1, Math.floor(left * s.share));
              p = unwrap(disputeRefundCredit(p, credit.bookingId, amount));
              refunds += amount;
            }
          } else if (s.kind === 'chargeback') {
            const l = packageLedger(p, bps);
            const amount = Math.floor((l.paidPence - l.refundedPence) * s.share);
            const plan = planChargeback(p, amount, bps);
            expect(plan.uncoveredPence).toBe(0);
            p = plan.purchase;
            takenBack = amount;
            reversed = plan.reversals.reduce((sum, r) => sum + r.amountPence, 0);
            chargedBack = true;
          }
          expect(balanced(p, bps)).toBe(true);
          const l = packageLedger(p, bps);
          expect([l.refundedPence, l.chargedBackPence, l.coachPence]).toEqual([refunds, takenBack, releasedToCoach - reversed]);
        }
        // Once expired and every booked session resolved, FACT holds nothing for sessions that did not happen.
        if (!chargedBack) {
          for (const id of booked()) p = unwrap(returnCredit(p, id));
          for (const id of used()) p = unwrap(releaseCredit(p, id, now)).purchase;
          p = unwrap(refundUnused(p, 'expiry', day(28))).purchase;
          const l = packageLedger(p, bps);
          expect(l.heldPence).toBe(0);
          expect(l.coachPence + l.platformPence + l.refundedPence).toBe(l.paidPence);
        }
      }),
      { numRuns: 500 },
    );
  });
});
