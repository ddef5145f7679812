import { redirect, type AppLoadContext } from '@remix-run/node';
import { createEarningsReader, type EarningsItem } from '../../adapters/persistence/payouts/earnings.query';
import { createPackageSalesReader } from '../../adapters/persistence/packages/package-sales.query';
import { packageSessionLabel } from '../../domain/packages/package-sale';
import type { User } from '../../domain/accounts/users/user';
import { redirectFor } from '../navigation/routing';
import { EARNING_DATE_LABELS, EARNING_STATE_LABELS, earningLineOf, earningsByMonth, earningsFigures, lastTwelveMonths, taxYearOf, type EarningState } from '../../domain/payouts/earnings';
import { formatLondonDate, formatLondonTime } from '../../domain/shared/london-time';
import { formatPence } from '../../domain/shared/money';
import { actorOf, requireUser } from '../auth/guards.server';
import { requestDeps } from '~/request-deps.server';
import { packageSaleViews } from './package-sale-view';

/** Lines per page of the Earnings list ('Load more' fetches the next). */
export const EARNINGS_PAGE_SIZE = 20;
/** Package sales per page of their section ('Show more sales' fetches the next). */
export const PACKAGE_SALES_PAGE_SIZE = 5;

/** The signed-in coach; anyone else goes where the other coach-only pages send them. */
export async function requireCoach(request: Request, context: AppLoadContext): Promise<User> {
  const user = await requireUser(request, context);
  const away = redirectFor('CoachEarnings', actorOf(user));
  if (away) throw redirect(`/${away}`);
  return user;
}

export function earningsReader(context: AppLoadContext) {
  return createEarningsReader(context.app.orm.em.fork());
}

export function packageSalesReader(context: AppLoadContext) {
  return createPackageSalesReader(context.app.orm.em.fork());
}

export const commissionBpsOf = (context: AppLoadContext): number => requestDeps(context).payoutPolicy.commissionBps;

const dayMonthYear = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });
const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long' });

export interface EarningLineView {
  readonly bookingId: string;
  readonly reference: string;
  /** 'Sat, 21 Nov 2026 at 10:00' (London) */
  readonly session: string;
  readonly client: string;
  readonly sessionPrice: string;
  readonly platformShare: string;
  readonly coachShare: string;
  /** '£20.00 reversed' when part or all of the share was taken back. */
  readonly reversed: string | null;
  readonly state: EarningState;
  readonly stateLabel: string;
  /** 'until 29 Nov 2026', 'expected 26 Nov 2026', '26 Nov 2026' (paid out) … or null. */
  readonly when: string | null;
  /** 'Session 2 of 5 · Spring block' for a session booked from a package; null for a single booking. */
  readonly packageSession: string | null;
}

export function lineViews(items: readonly EarningsItem[], commissionBps: number, now: Date): EarningLineView[] {
  const views: EarningLineView[] = [];
  for (const item of items) {
    const line = earningLineOf(item.booking, item.transfer, commissionBps, now);
    if (!line) continue;
    const b = item.booking;
    views.push({
      bookingId: b.id,
      reference: b.referenceCode,
      session: `${formatLondonDate(b.startsAt)} at ${formatLondonTime(b.startsAt)}`,
      client: item.clientName?.trim() || 'Former client',
      sessionPrice: formatPence(line.sessionPricePence),
      platformShare: formatPence(line.platformSharePence),
      coachShare: formatPence(line.coachSharePence),
      reversed: line.reversedPence > 0 ? `${formatPence(line.reversedPence)} reversed` : null,
      state: line.state,
      stateLabel: EARNING_STATE_LABELS[line.state],
      when: line.date && line.dateKind ? `${EARNING_DATE_LABELS[line.dateKind]} ${dayMonthYear.format(line.date)}`.trim() : null,
      packageSession: item.packageSession ? packageSessionLabel(item.packageSession, item.packageSession.position) : null,
    });
  }
  return views;
}

/** A page of lines after `cursor` ('Load more'): one SQL statement. */
export async function loadEarningLines(context: AppLoadContext, coachId: string, cursor: string | null) {
  const page = await earningsReader(context).lines(coachId, { cursor, limit: EARNINGS_PAGE_SIZE });
  return { lines: lineViews(page.items, commissionBpsOf(context), context.app.clock.now()), nextCursor: page.next };
}

/** A page of package sales after `cursor` ('Show more sales'): one SQL statement. */
export async function loadPackageSales(context: AppLoadContext, coachId: string, cursor: string | null) {
  const page = await packageSalesReader(context).recent(coachId, { cursor, limit: PACKAGE_SALES_PAGE_SIZE });
  return { sales: packageSaleViews(page.items, context.app.clock.now()), nextCursor: page.next };
}

/** The whole first page: figures, chart, the first package sales and the first lines (three SQL statements, run together). */
export async function loadEarningsPage(context: AppLoadContext, coachId: string) {
  const now = context.app.clock.now();
  const commissionBps = commissionBpsOf(context);
  const reader = earningsReader(context);
  const [overview, first, sales] = await Promise.all([
    reader.overview(coachId, lastTwelveMonths(now).since),
    reader.lines(coachId, { cursor: null, limit: EARNINGS_PAGE_SIZE }),
    loadPackageSales(context, coachId, null),
  ]);
  const figures = earningsFigures({ untransferred: overview.untransferred, transfers: overview.transfers, payoutsEnabled: overview.payoutsEnabled, commissionBps, now });
  const months = earningsByMonth(now, overview.months);
  const year = taxYearOf(now);
  return {
    figures: {
      held: formatPence(figures.heldPence),
      onTheWay: formatPence(figures.onTheWayPence),
      paidOut: formatPence(figures.paidOutPence),
      nextPayout: figures.nextPayoutAt ? { date: dayMonthYear.format(figures.nextPayoutAt), weekday: weekday.format(figures.nextPayoutAt), time: formatLondonTime(figures.nextPayoutAt) } : null,
      payoutsEnabled: figures.payoutsEnabled,
    },
    months: months.map((m) => ({ key: m.key, short: m.short, long: m.long, pence: m.pence, amount: formatPence(m.pence) })),
    taxYears: [0, 1, 2, 3].map((back) => {
      const start = year.startYear - back;
      return { value: String(start), label: `${start}–${String((start + 1) % 100).padStart(2, '0')} (6 Apr ${start} – 5 Apr ${start + 1})` };
    }),
    lines: lineViews(first.items, commissionBps, now),
    nextCursor: first.next,
    sales,
  };
}
