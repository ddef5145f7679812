import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { ok, unwrap } from '../../../domain/shared/result';
import type { UnitOfWork } from '../../../domain/unit-of-work';
import { useTestApp } from '../../support/app';
import { hoursAhead, insertUser, pendingBooking, type TestUser } from './fixtures';

const ctx = useTestApp();

/** The app's unit of work, with `tx.bookings.save` sabotaged on its n-th call. */
function sabotagedUow(n: number, sabotage: (booking: Booking, save: (b: Booking) => Promise<Booking>) => Promise<Booking>): UnitOfWork {
  const inner = ctx.app.deps().uow;
  return {
    get read() {
      return inner.read;
    },
    transaction: (work) =>
      inner.transaction((tx) => {
        let saves = 0;
        const bookings = new Proxy(tx.bookings, {
          get(target, prop, receiver) {
            if (prop === 'save') return (booking: Booking) => (++saves === n ? sabotage(booking, (b) => target.save(b)) : target.save(booking));
            const value: unknown = Reflect.get(target, prop, receiver);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
        return work({ ...tx, bookings });
      }),
  };
}

async function coachWithRequests(count: number): Promise<{ coach: TestUser; ids: string[] }> {
  const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
  const start = hoursAhead(4, 14);
  const saved = unwrap(
    await ctx.app.deps().uow.transaction(async (tx) => {
      const out: Booking[] = [];
      for (let i = 0; i < count; i++) out.push(await tx.bookings.save(pendingBooking(client, coach, { startsAt: new Date(start.getTime() + i * 10 * 60_000), authorised: true })));
      return ok(out);
    }),
  );
  return { coach, ids: saved.map((b) => b.id) };
}

async function untouched(coachId: string): Promise<void> {
  const rows = await ctx.db.query<{ status: string; version: number }>('select status, version from bookings where coach_id = $1', [coachId]);
  expect(rows.every((r) => r.status === 'pending' && r.version === 1)).toBe(true);
  const jobs = await ctx.db.query(`select id from outbox_jobs where payload->>'bookingId' in (select id::text from bookings where coach_id = $1)`, [coachId]);
  expect(jobs).toHaveLength(0);
}

describe('a use case that fails half-way', () => {
  it('leaves nothing written when the process fails after some rows were saved', async () => {
    const { coach, ids } = await coachWithRequests(5);
    // Accept saves the accepted booking, then declines the four others: the 4th save throws.
    const uow = sabotagedUow(4, async () => {
      throw new Error('the process died here');
    });
    await expect(acceptBooking({ uow, clock: ctx.app.clock }, { actor: coach.actor, bookingId: ids[0]! })).rejects.toThrow('the process died here');
    await untouched(coach.id);
  });

  it('leaves nothing written when the database refuses a row in the middle', async () => {
    const { coach, ids } = await coachWithRequests(4);
    // The 3rd save writes a row that breaks a check constraint (total = price + fee).
    const uow = sabotagedUow(3, (booking, save) => save({ ...booking, totalPricePence: booking.totalPricePence + 1 }));
    await expect(acceptBooking({ uow, clock: ctx.app.clock }, { actor: coach.actor, bookingId: ids[1]! })).rejects.toThrow(/bookings_total_adds_up/);
    await untouched(coach.id);
  });

  it('writes everything when nothing fails', async () => {
    const { coach, ids } = await coachWithRequests(4);
    const result = await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: ids[0]! });
    expect(result.ok && result.value.declined.length).toBe(3);
    const jobs = await ctx.db.query(`select id from outbox_jobs where payload->>'bookingId' in (select id::text from bookings where coach_id = $1)`, [coach.id]);
    expect(jobs.length).toBeGreaterThanOrEqual(8); // capture + 3 voids + 4 notifications
  });
});
