import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../../shared/clock';
import { unwrap } from '../../../shared/result';
import type { Booking } from '../../lifecycle/booking';
import { at, authorised, CLIENT_ID, COACH_ID, completed, confirmedAndCaptured, inSession, NOW, pendingBooking, withPatch } from '../../../testing/booking-fixtures';
import { memoryUnitOfWork } from '../../../testing';
import { describeSettlement } from '../../../accounts/erasure/account-settlement';
import { planAccountEnd } from '../account-end-plan';
import { settleEndedAccount } from './settle-ended-account';

const ADMIN = '33333333-3333-4333-8333-333333333333';
const id = (n: number) => `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ref = (n: number) => `FACT-20260302-000${n}`;

/** One of each: a paid request, a session early and one late, one under way, one in dispute, one done. */
function accountBookings(): Booking[] {
  // Made in the future, then moved to their start (past starts cannot be booked).
  const b = (n: number, hours: number) => withPatch(pendingBooking({ id: id(n), referenceCode: ref(n) }), { startsAt: at(NOW, hours * HOUR_MS) });
  const request = authorised(b(1, 48));
  const early = confirmedAndCaptured(b(2, 72));
  const late = confirmedAndCaptured(b(3, 5));
  const underWay = inSession(confirmedAndCaptured(b(4, -0.5)));
  const disputed = withPatch(completed(confirmedAndCaptured(b(5, -30))), { status: 'disputed', disputeStatus: 'open', disputeOpenedAt: NOW });
  const done = completed(confirmedAndCaptured(b(6, -100)));
  return [request, early, late, underWay, disputed, done].map((x) => ({ ...x, version: 1 }));
}

function world() {
  const uow = memoryUnitOfWork();
  for (const b of accountBookings()) uow.bookings.rows.set(b.id, b);
  return uow;
}

describe('settleEndedAccount', () => {
  it("an ended client: request withdrawn, early session refunded in full, late one keeps the coach's price, the rest listed", async () => {
    const uow = world();
    const s = unwrap(await uow.transaction((tx) => settleEndedAccount(tx, { userId: CLIENT_ID, actorId: ADMIN, now: NOW })));
    expect(s.declined).toEqual([]);
    expect(s.cancelled.map((c) => [c.referenceCode, c.refundPence, c.keptPence])).toEqual([
      [ref(1), 5300, 0],
      [ref(2), 5300, 0],
      [ref(3), 300, 5000],
    ]);
    expect(s.leftForAdministrator.map((l) => [l.referenceCode, l.status, l.why])).toEqual([
      [ref(5), 'disputed', 'disputed'],
      [ref(4), 'in_session', 'in_session'],
    ]);
    const row = (n: number) => uow.bookings.rows.get(id(n));
    expect(row(1)).toMatchObject({ status: 'cancelled', cancelledBy: 'system', declined: false });
    expect(row(2)).toMatchObject({ status: 'cancelled', cancelledBy: 'client' });
    expect(row(3)).toMatchObject({ status: 'cancelled', cancelledBy: 'client' });
    expect(row(4)?.status).toBe('in_session');
    expect(row(5)?.status).toBe('disputed');
    expect(row(6)?.status).toBe('completed');
    // Money through the outbox; the coach told of each cancellation.
    const jobs = uow.outbox.jobs;
    const instructions = jobs.filter((j) => j.type === 'payment.instruction').map((j) => [j.payload.bookingId, (j.payload.instruction as { kind: string }).kind]);
    expect(instructions).toEqual([
      [id(1), 'void'],
      [id(2), 'void'],
      [id(3), 'refund'],
    ]);
    const toCoach = jobs.filter((j) => j.type === 'email.booking_cancelled' && (j.payload.recipient as { userId: string }).userId === COACH_ID);
    expect(toCoach).toHaveLength(3);
    expect(describeSettlement(s)).toBe(`0 request(s) declined, 3 booking(s) cancelled. Left for an administrator: ${ref(5)} (in dispute), ${ref(4)} (under way).`);
  });

  it('an ended coach: request declined, every future session refunded in full, the client told', async () => {
    const uow = world();
    const s = unwrap(await uow.transaction((tx) => settleEndedAccount(tx, { userId: COACH_ID, actorId: ADMIN, now: NOW })));
    expect(s.declined.map((c) => [c.referenceCode, c.refundPence])).toEqual([[ref(1), 5300]]);
    expect(s.cancelled.map((c) => [c.referenceCode, c.refundPence, c.keptPence])).toEqual([
      [ref(2), 5300, 0],
      [ref(3), 5300, 0],
    ]);
    expect(uow.bookings.rows.get(id(1))).toMatchObject({ status: 'cancelled', cancelledBy: 'system', declined: true });
    expect(uow.bookings.rows.get(id(3))).toMatchObject({ status: 'cancelled', cancelledBy: 'coach' });
    const toClient = uow.outbox.jobs.filter((j) => j.type.startsWith('email.booking_') && (j.payload.recipient as { userId: string }).userId === CLIENT_ID).map((j) => j.type);
    expect(toClient.sort()).toEqual(['email.booking_cancelled', 'email.booking_cancelled', 'email.booking_declined']);
    expect(s.leftForAdministrator).toHaveLength(2);
  });

  it('a second settlement finds nothing more to do', async () => {
    const uow = world();
    unwrap(await uow.transaction((tx) => settleEndedAccount(tx, { userId: CLIENT_ID, actorId: ADMIN, now: NOW })));
    const again = unwrap(await uow.transaction((tx) => settleEndedAccount(tx, { userId: CLIENT_ID, actorId: ADMIN, now: NOW })));
    expect([again.declined.length, again.cancelled.length, again.leftForAdministrator.length]).toEqual([0, 0, 2]);
  });

  it('plans the bookings to lock in coach-then-id order', () => {
    const bookings = accountBookings().slice(0, 3).reverse();
    const plan = planAccountEnd(bookings, CLIENT_ID, NOW);
    expect(plan.toSettle.map((b) => b.id)).toEqual([id(1), id(2), id(3)]);
  });
});
