import type { Booking } from '../booking/lifecycle/booking';
import { isHeldByPlatform } from '../booking/money/payment-status';
import { londonToUtc, utcToLondon } from '../shared/london-time';
import type { Pence } from '../shared/money';
import { coachShareOf } from './coach-share';
import type { CoachTransfer, TransferStatus } from './coach-transfer';
import { expectedPayoutOf } from './payout-schedule';

/**
 * The coach's Earnings page (decision 012): what state each booking's money is in,
 * which of the three figures it counts in, and when it is expected in the coach's bank.
 *
 * - held: captured, the platform holds it until the end of the session + 48 h (the share shown
 *   is projected with today's commission; the transfer freezes it at release);
 * - waiting: released, but the coach has not finished setting up payouts;
 * - on_the_way: released and about to be transferred, or transferred and not yet paid out;
 * - paid_out: Stripe paid it out to the coach's bank;
 * - reversed: (part of) the transfer was taken back after a lost chargeback;
 * - failed: the gateway refused the transfer; an operator sends it again, so its money still
 *   counts as on the way;
 * - nothing_due: released with a coach share of £0 (everything refunded but the fee).
 */
export const EARNING_STATES = ['held', 'waiting', 'on_the_way', 'paid_out', 'reversed', 'failed', 'nothing_due'] as const;
export type EarningState = (typeof EARNING_STATES)[number];

export const EARNING_STATE_LABELS: Readonly<Record<EarningState, string>> = {
  held: 'Held',
  waiting: 'Waiting for payout setup',
  on_the_way: 'On the way',
  paid_out: 'Paid out',
  reversed: 'Reversed',
  failed: 'Failed',
  nothing_due: 'Nothing due',
};

/** Which date goes with a line's state. */
export type EarningDateKind = 'held_until' | 'released' | 'expected' | 'paid_out';

export const EARNING_DATE_LABELS: Readonly<Record<EarningDateKind, string>> = {
  held_until: 'until',
  released: 'released',
  expected: 'expected',
  paid_out: '',
};

export type BookingMoney = Pick<Booking, 'status' | 'paymentStatus' | 'servicePricePence' | 'adminFeePence' | 'amountCapturedPence' | 'amountRefundedPence' | 'paymentHeldUntil' | 'paymentReleasedAt'>;
export type TransferMoney = Pick<CoachTransfer, 'status' | 'coachSharePence' | 'platformSharePence' | 'reversedPence' | 'releasedAt' | 'transferredAt' | 'paidOutAt'>;

export interface EarningLine {
  readonly state: EarningState;
  readonly sessionPricePence: Pence;
  /** What the platform keeps: the client's admin fee and any commission on the session price. */
  readonly platformSharePence: Pence;
  /** The coach's share, net of anything reversed. */
  readonly coachSharePence: Pence;
  readonly reversedPence: Pence;
  readonly date: Date | null;
  readonly dateKind: EarningDateKind | null;
}

/** The state of a sent (or to be sent) transfer. */
export function transferStateOf(t: Pick<CoachTransfer, 'status' | 'paidOutAt'>): EarningState {
  const byStatus: Record<TransferStatus, EarningState> = {
    waiting: 'waiting',
    pending: 'on_the_way',
    paid: t.paidOutAt ? 'paid_out' : 'on_the_way',
    failed: 'failed',
    reversed: 'reversed',
    partially_reversed: 'reversed',
    not_required: 'nothing_due',
  };
  return byStatus[t.status];
}

/** A booking's earning state, or null when it holds no money for the coach (unpaid, voided, refunded). */
export function earningStateOf(booking: Pick<Booking, 'paymentStatus'>, transfer: Pick<CoachTransfer, 'status' | 'paidOutAt'> | null): EarningState | null {
  if (transfer) return transferStateOf(transfer);
  if (isHeldByPlatform(booking.paymentStatus)) return 'held';
  // Released a moment ago: the transfer job has not recorded its row yet.
  if (booking.paymentStatus === 'released') return 'on_the_way';
  return null;
}

/** One line of the page and of the CSV; null for a booking without money for the coach. */
export function earningLineOf(booking: BookingMoney, transfer: TransferMoney | null, commissionBps: number, now: Date): EarningLine | null {
  const state = earningStateOf(booking, transfer);
  if (state === null) return null;
  const share = transfer
    ? { coachSharePence: transfer.coachSharePence - transfer.reversedPence, platformSharePence: transfer.platformSharePence, reversedPence: transfer.reversedPence }
    : { ...pick(coachShareOf(booking, commissionBps)), reversedPence: 0 };
  const { date, dateKind } = dateOf(state, booking, transfer, now);
  return { state, sessionPricePence: booking.servicePricePence, ...share, date, dateKind };
}

const pick = (s: { coachSharePence: Pence; platformSharePence: Pence }) => ({ coachSharePence: s.coachSharePence, platformSharePence: s.platformSharePence });

function dateOf(state: EarningState, booking: BookingMoney, transfer: TransferMoney | null, now: Date): { date: Date | null; dateKind: EarningDateKind | null } {
  switch (state) {
    case 'held':
      return booking.paymentHeldUntil ? { date: booking.paymentHeldUntil, dateKind: 'held_until' } : { date: null, dateKind: null };
    case 'on_the_way':
      return { date: expectedPayoutOf(transfer?.transferredAt ?? now, now), dateKind: 'expected' };
    case 'paid_out':
      return { date: transfer?.paidOutAt ?? null, dateKind: 'paid_out' };
    case 'waiting':
    case 'failed':
    case 'nothing_due':
      return { date: transfer?.releasedAt ?? booking.paymentReleasedAt, dateKind: 'released' };
    case 'reversed':
      return { date: null, dateKind: null };
  }
}

// The figures at the top -----------------------------------------------------------------------

/** Bookings of one kind whose money has no transfer row yet (held, or released a moment ago), counted together. */
export interface UntransferredGroup {
  readonly booking: Pick<Booking, 'status' | 'paymentStatus' | 'servicePricePence' | 'adminFeePence' | 'amountCapturedPence' | 'amountRefundedPence'>;
  readonly count: number;
  readonly earliestHeldUntil: Date | null;
}

/** The coach's transfers of one status, paid out or not, summed. */
export interface TransferGroup {
  readonly status: TransferStatus;
  readonly paidOut: boolean;
  readonly coachSharePence: Pence;
  readonly reversedPence: Pence;
  readonly oldestTransferredAt: Date | null;
}

export interface EarningsFigures {
  readonly heldPence: Pence;
  readonly onTheWayPence: Pence;
  readonly paidOutPence: Pence;
  /** When the next payout is expected in the coach's bank; null when nothing is coming or payouts are not set up. */
  readonly nextPayoutAt: Date | null;
  readonly payoutsEnabled: boolean;
}

export function earningsFigures(input: {
  untransferred: readonly UntransferredGroup[];
  transfers: readonly TransferGroup[];
  payoutsEnabled: boolean;
  commissionBps: number;
  now: Date;
}): EarningsFigures {
  const { now } = input;
  let heldPence = 0;
  let onTheWayPence = 0;
  let paidOutPence = 0;
  const dates: Date[] = [];
  const soon = () => expectedPayoutOf(now, now);

  for (const g of input.untransferred) {
    const state = earningStateOf(g.booking, null);
    const amount = coachShareOf(g.booking, input.commissionBps).coachSharePence * g.count;
    if (state === 'held') {
      heldPence += amount;
      if (g.earliestHeldUntil) dates.push(expectedPayoutOf(g.earliestHeldUntil.getTime() > now.getTime() ? g.earliestHeldUntil : now, now));
    } else if (state === 'on_the_way') {
      onTheWayPence += amount;
      dates.push(soon());
    }
  }
  for (const g of input.transfers) {
    const net = g.coachSharePence - g.reversedPence;
    if (g.paidOut) {
      paidOutPence += net;
      continue;
    }
    onTheWayPence += g.status === 'not_required' ? 0 : net;
    if (net <= 0) continue;
    if (g.status === 'pending' || g.status === 'waiting') dates.push(soon());
    else if ((g.status === 'paid' || g.status === 'partially_reversed') && g.oldestTransferredAt) dates.push(expectedPayoutOf(g.oldestTransferredAt, now));
  }
  const first = dates.reduce<Date | null>((min, d) => (min === null || d.getTime() < min.getTime() ? d : min), null);
  return { heldPence, onTheWayPence, paidOutPence, nextPayoutAt: input.payoutsEnabled ? first : null, payoutsEnabled: input.payoutsEnabled };
}

// The chart: the last 12 London months ----------------------------------------------------------

export interface EarningsMonth {
  /** 'YYYY-MM' in London. */
  readonly key: string;
  /** 'Dec' */
  readonly short: string;
  /** 'December 2025' */
  readonly long: string;
  readonly pence: Pence;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The 12 London months ending with the one holding `now`, oldest first, and the instant the first begins. */
export function lastTwelveMonths(now: Date): { since: Date; keys: string[] } {
  const [y, m] = utcToLondon(now).date.split('-').map(Number) as [number, number];
  const keys: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    keys.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return { since: londonToUtc(`${keys[0]}-01`, '00:00') as Date, keys };
}

/** Coach share released per London month (net of reversals), every one of the last 12 months, oldest first. */
export function earningsByMonth(now: Date, totals: readonly { month: string; pence: Pence }[]): EarningsMonth[] {
  const byKey = new Map(totals.map((t) => [t.month, t.pence]));
  return lastTwelveMonths(now).keys.map((key) => {
    const [year, month] = key.split('-').map(Number) as [number, number];
    const name = MONTH_NAMES[month - 1]!;
    return { key, short: name.slice(0, 3), long: `${name} ${year}`, pence: Math.max(0, byKey.get(key) ?? 0) };
  });
}

// The UK tax year (6 April to 5 April) -----------------------------------------------------------

export interface TaxYear {
  /** The calendar year it starts in: 2026 is 6 April 2026 to 5 April 2027. */
  readonly startYear: number;
  /** '2026–27' */
  readonly label: string;
  /** 6 April 00:00 London. */
  readonly from: Date;
  /** The next 6 April 00:00 London (exclusive). */
  readonly to: Date;
}

export function taxYear(startYear: number): TaxYear {
  return {
    startYear,
    label: `${startYear}–${String((startYear + 1) % 100).padStart(2, '0')}`,
    from: londonToUtc(`${startYear}-04-06`, '00:00') as Date,
    to: londonToUtc(`${startYear + 1}-04-06`, '00:00') as Date,
  };
}

/** The tax year holding `instant` (London dates). */
export function taxYearOf(instant: Date): TaxYear {
  const date = utcToLondon(instant).date;
  const year = Number(date.slice(0, 4));
  return taxYear(date.slice(5) >= '04-06' ? year : year - 1);
}
