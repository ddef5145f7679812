import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coachShareOf } from './coach-share';
import type { TransferStatus } from './coach-transfer';
import { EARNING_STATE_LABELS, earningLineOf, earningStateOf, earningsByMonth, earningsFigures, lastTwelveMonths, taxYear, taxYearOf, type BookingMoney, type TransferMoney } from './earnings';

const NOW = new Date('2026-11-25T10:00:00Z');

const booking = (over: Partial<BookingMoney> = {}): BookingMoney => ({
  status: 'confirmed',
  paymentStatus: 'captured',
  servicePricePence: 5000,
  adminFeePence: 300,
  amountCapturedPence: 5300,
  amountRefundedPence: 0,
  paymentHeldUntil: new Date('2026-11-29T12:00:00Z'),
  paymentReleasedAt: null,
  ...over,
});

const transfer = (over: Partial<TransferMoney> = {}): TransferMoney => ({
  status: 'paid',
  coachSharePence: 5000,
  platformSharePence: 300,
  reversedPence: 0,
  releasedAt: new Date('2026-11-20T12:00:00Z'),
  transferredAt: new Date('2026-11-20T12:00:05Z'),
  paidOutAt: null,
  ...over,
});

describe('the state of a booking’s money', () => {
  it('calls captured money held, with the date it is held until and the projected shares', () => {
    expect(earningLineOf(booking(), null, 0, NOW)).toEqual({
      state: 'held',
      sessionPricePence: 5000,
      platformSharePence: 300,
      coachSharePence: 5000,
      reversedPence: 0,
      date: new Date('2026-11-29T12:00:00Z'),
      dateKind: 'held_until',
    });
  });

  it('projects the held share with the commission, in the coach’s favour', () => {
    const line = earningLineOf(booking(), null, 250, NOW)!;
    expect(line.coachSharePence).toBe(4875);
    expect(line.platformSharePence).toBe(425);
  });

  it('shows no line for money that is not the coach’s (unpaid, voided, refunded)', () => {
    for (const paymentStatus of ['pending', 'authorized', 'voided', 'refunded', 'failed'] as const) expect(earningLineOf(booking({ paymentStatus }), null, 0, NOW)).toBeNull();
  });

  it('says on the way for money released a moment ago, before its transfer is recorded, expected at tomorrow’s run', () => {
    const line = earningLineOf(booking({ paymentStatus: 'released', status: 'completed', paymentReleasedAt: NOW }), null, 0, NOW)!;
    expect(line.state).toBe('on_the_way');
    expect(line.date?.toISOString()).toBe('2026-11-26T06:00:00.000Z');
  });

  it('takes the split frozen on the transfer, not today’s commission', () => {
    const line = earningLineOf(booking({ paymentStatus: 'released' }), transfer({ coachSharePence: 4900, platformSharePence: 400 }), 5000, NOW)!;
    expect([line.coachSharePence, line.platformSharePence]).toEqual([4900, 400]);
  });

  it('dates each state: waiting and failed by release, on the way by expected payout, paid out by payout', () => {
    const released = new Date('2026-11-20T12:00:00Z');
    expect(earningLineOf(booking({ paymentStatus: 'released' }), transfer({ status: 'waiting', transferredAt: null }), 0, NOW)).toMatchObject({
      state: 'waiting',
      date: released,
      dateKind: 'released',
    });
    expect(earningLineOf(booking({ paymentStatus: 'released' }), transfer({ status: 'failed', transferredAt: null }), 0, NOW)).toMatchObject({ state: 'failed', date: released, dateKind: 'released' });
    expect(earningLineOf(booking({ paymentStatus: 'released' }), transfer({ transferredAt: new Date('2026-11-25T09:00:00Z') }), 0, NOW)).toMatchObject({
      state: 'on_the_way',
      date: new Date('2026-11-26T06:00:00Z'),
      dateKind: 'expected',
    });
    const paidOut = new Date('2026-11-21T06:00:00Z');
    expect(earningLineOf(booking({ paymentStatus: 'released' }), transfer({ paidOutAt: paidOut }), 0, NOW)).toMatchObject({ state: 'paid_out', date: paidOut, dateKind: 'paid_out' });
  });

  it('shows a reversed transfer net of what was taken back', () => {
    const line = earningLineOf(booking({ paymentStatus: 'released' }), transfer({ status: 'partially_reversed', reversedPence: 2000 }), 0, NOW)!;
    expect(line).toMatchObject({ state: 'reversed', coachSharePence: 3000, reversedPence: 2000, date: null });
  });

  it('labels every state in words a coach reads', () => {
    const states: TransferStatus[] = ['waiting', 'pending', 'paid', 'failed', 'reversed', 'partially_reversed', 'not_required'];
    expect(states.map((status) => EARNING_STATE_LABELS[earningStateOf({ paymentStatus: 'released' }, { status, paidOutAt: null })!])).toEqual([
      'Waiting for payout setup',
      'On the way',
      'On the way',
      'Failed',
      'Reversed',
      'Reversed',
      'Nothing due',
    ]);
  });
});

describe('the figures at the top', () => {
  const held = { booking: booking(), count: 2, earliestHeldUntil: new Date('2026-11-27T12:00:00Z') };

  it('adds held shares, money on the way and money paid out net of reversals', () => {
    const figures = earningsFigures({
      untransferred: [held, { booking: booking({ paymentStatus: 'released', status: 'completed' }), count: 1, earliestHeldUntil: null }],
      transfers: [
        { status: 'paid', paidOut: false, coachSharePence: 4500, reversedPence: 0, oldestTransferredAt: new Date('2026-11-25T09:00:00Z') },
        { status: 'waiting', paidOut: false, coachSharePence: 1000, reversedPence: 0, oldestTransferredAt: null },
        { status: 'paid', paidOut: true, coachSharePence: 20000, reversedPence: 0, oldestTransferredAt: null },
        { status: 'partially_reversed', paidOut: true, coachSharePence: 5000, reversedPence: 1500, oldestTransferredAt: null },
        { status: 'reversed', paidOut: false, coachSharePence: 5000, reversedPence: 5000, oldestTransferredAt: null },
        { status: 'not_required', paidOut: false, coachSharePence: 0, reversedPence: 0, oldestTransferredAt: null },
      ],
      payoutsEnabled: true,
      commissionBps: 0,
      now: NOW,
    });
    expect(figures).toEqual({ heldPence: 10000, onTheWayPence: 5000 + 4500 + 1000, paidOutPence: 23500, nextPayoutAt: new Date('2026-11-26T06:00:00Z'), payoutsEnabled: true });
  });

  it('expects held money the morning after its hold ends, when nothing else is coming', () => {
    const figures = earningsFigures({ untransferred: [held], transfers: [], payoutsEnabled: true, commissionBps: 0, now: NOW });
    expect(figures.nextPayoutAt?.toISOString()).toBe('2026-11-28T06:00:00.000Z');
  });

  it('names no payout date while payouts are not set up, nor when nothing is coming', () => {
    expect(earningsFigures({ untransferred: [held], transfers: [], payoutsEnabled: false, commissionBps: 0, now: NOW }).nextPayoutAt).toBeNull();
    expect(
      earningsFigures({
        untransferred: [],
        transfers: [{ status: 'paid', paidOut: true, coachSharePence: 100, reversedPence: 0, oldestTransferredAt: null }],
        payoutsEnabled: true,
        commissionBps: 0,
        now: NOW,
      }).nextPayoutAt,
    ).toBeNull();
  });

  it('counts every penny of a coach share in exactly one figure', () => {
    const statuses: TransferStatus[] = ['waiting', 'pending', 'paid', 'failed', 'reversed', 'partially_reversed'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ status: fc.constantFrom(...statuses), paidOut: fc.boolean(), share: fc.integer({ min: 1, max: 100_000 }), reversedShare: fc.double({ min: 0, max: 1, noNaN: true }) }), {
          maxLength: 10,
        }),
        fc.integer({ min: 0, max: 5 }),
        (groups, heldCount) => {
          const transfers = groups.map((g) => {
            const reversedPence = g.status === 'reversed' ? g.share : g.status === 'partially_reversed' ? Math.floor(g.share * g.reversedShare) : 0;
            return { status: g.status, paidOut: g.paidOut && !['waiting', 'pending', 'failed'].includes(g.status), coachSharePence: g.share, reversedPence, oldestTransferredAt: NOW };
          });
          const f = earningsFigures({ untransferred: [{ ...held, count: heldCount }], transfers, payoutsEnabled: true, commissionBps: 0, now: NOW });
          const expected = transfers.reduce((sum, t) => sum + t.coachSharePence - t.reversedPence, 0) + heldCount * coachShareOf(held.booking, 0).coachSharePence;
          expect(f.heldPence + f.onTheWayPence + f.paidOutPence).toBe(expected);
        },
      ),
    );
  });
});

describe('the last twelve months (London)', () => {
  it('ends with the month holding now and starts at midnight London on the first of the oldest', () => {
    const { since, keys } = lastTwelveMonths(NOW);
    expect(keys).toHaveLength(12);
    expect([keys[0], keys[11]]).toEqual(['2025-12', '2026-11']);
    expect(since.toISOString()).toBe('2025-12-01T00:00:00.000Z');
    // In summer the first of the month begins at 23:00 UTC the day before.
    expect(lastTwelveMonths(new Date('2027-05-10T12:00:00Z')).since.toISOString()).toBe('2026-05-31T23:00:00.000Z');
  });

  it('treats 00:30 BST on 1 July (23:30 UTC on 30 June) as the new month', () => {
    expect(lastTwelveMonths(new Date('2026-06-30T23:30:00Z')).keys[11]).toBe('2026-07');
  });

  it('fills months without earnings with nothing', () => {
    const months = earningsByMonth(NOW, [
      { month: '2026-11', pence: 5000 },
      { month: '2026-02', pence: 1200 },
    ]);
    expect(months.map((m) => m.pence)).toEqual([0, 0, 1200, 0, 0, 0, 0, 0, 0, 0, 0, 5000]);
    expect(months[11]).toMatchObject({ key: '2026-11', short: 'Nov', long: 'November 2026' });
  });
});

describe('the UK tax year', () => {
  it('runs from 6 April to 5 April, London time', () => {
    const year = taxYear(2026);
    expect(year.label).toBe('2026–27');
    expect(year.from.toISOString()).toBe('2026-04-05T23:00:00.000Z');
    expect(year.to.toISOString()).toBe('2027-04-05T23:00:00.000Z');
  });

  it('puts 5 April in the year before and 6 April in the new one', () => {
    expect(taxYearOf(new Date('2027-04-05T22:59:00Z')).startYear).toBe(2026);
    expect(taxYearOf(new Date('2027-04-05T23:00:00Z')).startYear).toBe(2027);
    expect(taxYearOf(new Date('2027-01-10T12:00:00Z')).startYear).toBe(2026);
  });
});
