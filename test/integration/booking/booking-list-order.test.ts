import { beforeAll, describe, expect, it } from 'vitest';
import { createBookingListReader } from '../../../adapters/persistence/read-models/booking-lists';
import { loader as coachLoader } from '../../../app/routes/_app.CoachDashboard';
import { loader } from '../../../app/routes/_app.MyBookings';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import { needsResponseKindOf } from '../../../domain/booking/lists/needs-response';
import { useTestApp } from '../../support/app';
import { bodyOf, call, insertPerson, requestAs, type Person } from '../../support/booking-flow';
import { countQueries } from '../../support/query-counter';
import { saveBooking } from '../notifications/notification-fixtures';

/**
 * MyBookings' tabs in their order across pages (Upcoming soonest first, Past Sessions and
 * Cancelled newest first), and the CoachDashboard's 'Needs your response' read in SQL as the
 * domain's rule says, in the page's one statement for its head.
 */
const ctx = useTestApp();
const HOUR = 3_600_000;
const base = () => ctx.app.clock.now().getTime();
/** A whole hour, `hours` from now. */
const hoursAhead = (hours: number) => new Date(Math.floor(base() / HOUR) * HOUR + hours * HOUR);

let client: Person;
let coach: Person;

const captured = { paymentStatus: 'captured' as const, amountAuthorizedPence: 5300, amountCapturedPence: 5300 };
const authorised = { paymentStatus: 'authorized' as const, amountAuthorizedPence: 5300 };

async function allPages(as: Person, path: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path;
    const page: { cards: { id: string }[]; nextCursor: string | null } = await bodyOf(await call(loader, ctx.app, await requestAs(ctx.app, as.id, url)));
    ids.push(...page.cards.map((c) => c.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe('MyBookings tabs across pages', () => {
  let upcoming: Booking[];
  let past: Booking[];
  let cancelled: Booking[];

  beforeAll(async () => {
    client = await insertPerson(ctx.db, { type: 'client', name: 'Orla Order' });
    coach = await insertPerson(ctx.db, { type: 'coach', name: 'Oscar Order' });
    // Saved out of order, so that only the query puts them in order.
    const later = [31, 7, 12, 3, 25, 18, 9, 40, 22, 15, 5, 28, 11, 36, 2, 19, 33, 8, 26, 14, 4, 30, 17, 38, 21];
    upcoming = [];
    for (const h of later) upcoming.push(await saveBooking(ctx.app, client, coach, { startsAt: hoursAhead(24 + h), status: 'confirmed', ...captured }));
    past = [];
    for (const h of later) past.push(await saveBooking(ctx.app, client, coach, { startsAt: hoursAhead(-24 - h), status: 'confirmed', ...captured }));
    cancelled = [];
    for (const h of later.slice(0, 22)) {
      cancelled.push(await saveBooking(ctx.app, client, coach, { startsAt: hoursAhead(100 + h), status: 'cancelled', cancelledAt: new Date(), cancelledBy: 'client', cancellationReason: 'Away' }));
    }
  });

  const soonestFirst = (list: Booking[]) => [...list].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).map((b) => b.id);

  it('lists Upcoming soonest session first, and Load more carries on in that order', async () => {
    const ids = await allPages(client, '/MyBookings?tab=upcoming');
    expect(ids).toHaveLength(25);
    expect(ids).toEqual(soonestFirst(upcoming));
  });

  it('keeps Past Sessions and Cancelled newest session first across pages', async () => {
    expect(await allPages(client, '/MyBookings?tab=past')).toEqual(soonestFirst(past).reverse());
    expect(await allPages(client, '/MyBookings?tab=cancelled')).toEqual(soonestFirst(cancelled).reverse());
  });

  it('orders the coach’s own Upcoming the same way', async () => {
    expect(await allPages(coach, '/MyBookings?tab=upcoming')).toEqual(soonestFirst(upcoming));
  });
});

describe("the CoachDashboard's 'Needs your response'", () => {
  let pupil: Person;
  let busy: Person;
  const expected: { id: string; kind: string; startsAt: number }[] = [];

  beforeAll(async () => {
    pupil = await insertPerson(ctx.db, { type: 'client', name: 'Nia Needs' });
    busy = await insertPerson(ctx.db, { type: 'coach', name: 'Ned Needs' });
    const save = async (hours: number, patch: Partial<Booking>) => {
      const b = await saveBooking(ctx.app, pupil, busy, { startsAt: hoursAhead(hours), ...patch });
      const kind = needsResponseKindOf(b, ctx.app.clock.now());
      if (kind) expected.push({ id: b.id, kind, startsAt: b.startsAt.getTime() });
      return b;
    };
    const proposal = (by: Person, hours: number) => ({ rescheduleStatus: 'pending' as const, rescheduleRequestedBy: by.id, rescheduleProposedStartsAt: hoursAhead(hours) });
    await save(50, { status: 'pending', ...authorised }); // a paid request
    await save(52, { status: 'pending' }); // unpaid: never reached the coach
    await save(30, { status: 'confirmed', ...captured, ...proposal(pupil, 60) }); // the client's new time
    await save(54, { status: 'confirmed', ...captured, ...proposal(busy, 70) }); // the coach's own: the client answers
    await save(56, { status: 'confirmed', ...captured, rescheduleStatus: 'withdrawn', rescheduleRequestedBy: pupil.id, rescheduleProposedStartsAt: hoursAhead(80) });
    await save(-1, { status: 'in_session', ...captured, sessionStartedAt: hoursAhead(-1), clientArrivedAt: hoursAhead(-1) }); // to complete
    await save(-2, { status: 'in_session', ...captured, sessionStartedAt: hoursAhead(-2), coachCompletedAt: hoursAhead(-1) }); // the coach has completed it
    await save(-3, { status: 'confirmed', ...captured }); // started, nobody marked anything yet
    await save(58, { status: 'confirmed', ...captured }); // nothing to answer
    await save(-30, { status: 'completed', ...captured, sessionStartedAt: hoursAhead(-30), completedAt: hoursAhead(-29) });
  });

  it('holds exactly what the domain rule says, soonest first, with the tab counts, in one statement', async () => {
    const reader = createBookingListReader(ctx.app.orm.em.fork());
    const { result, count, queries } = await countQueries(() => reader.coachDashboardHead({ coachId: busy.id, now: ctx.app.clock.now(), limit: 20 }));
    expect(count, queries.join('\n')).toBe(1);
    expect(expected.map((e) => e.kind).sort()).toEqual(['complete', 'complete', 'request', 'reschedule']);
    const soonestFirst = [...expected].sort((a, b) => a.startsAt - b.startsAt).map(({ id, kind }) => ({ id, kind }));
    expect(result.needs.items.map((i) => ({ id: i.booking.id, kind: i.kind }))).toEqual(soonestFirst);
    expect(result.needs.total).toBe(4);
    expect(result.counts).toEqual({ pending: 1, upcoming: 7, history: 1 });
    expect(result.needs.items.every((i) => i.clientName === 'Nia Needs')).toBe(true);
  });

  it('shows the first rows and says how many there are when the list is longer than the limit', async () => {
    const reader = createBookingListReader(ctx.app.orm.em.fork());
    const head = await reader.coachDashboardHead({ coachId: busy.id, now: ctx.app.clock.now(), limit: 2 });
    expect(head.needs.items).toHaveLength(2);
    expect(head.needs.total).toBe(4);
  });

  it('is empty, with the counts still read, for a coach with nothing to answer', async () => {
    const idle = await insertPerson(ctx.db, { type: 'coach', name: 'Ida Idle' });
    const head = await createBookingListReader(ctx.app.orm.em.fork()).coachDashboardHead({ coachId: idle.id, now: ctx.app.clock.now(), limit: 20 });
    expect(head).toEqual({ counts: { pending: 0, upcoming: 0, history: 0 }, needs: { items: [], total: 0 } });
  });

  it('reaches the page as rows that say why each waits, within the page’s statements', async () => {
    const { result, count, queries } = await countQueries(async () => call(coachLoader, ctx.app, await requestAs(ctx.app, busy.id, '/CoachDashboard')));
    expect(count, queries.join('\n')).toBeLessThanOrEqual(4);
    const body = await bodyOf<{ needs: { rows: { kind: string; tab: string; card: { id: string; reschedule?: { view: string } } }[]; total: number } }>(result);
    expect(body.needs.total).toBe(4);
    const reschedule = body.needs.rows.find((r) => r.kind === 'reschedule')!;
    expect(reschedule).toMatchObject({ tab: 'upcoming', card: { reschedule: { view: 'review' } } });
    expect(body.needs.rows.find((r) => r.kind === 'request')).toMatchObject({ tab: 'pending' });
  });
});
