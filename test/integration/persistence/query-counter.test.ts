import { describe, expect, it } from 'vitest';
import { ok } from '../../../domain/shared/result';
import { countQueries } from '../../support/query-counter';
import { useTestApp } from '../../support/app';
import { hoursAhead, insertUser, pendingBooking } from './fixtures';

const ctx = useTestApp();

describe('the query counter', () => {
  it('counts the statements a block sends, transaction control apart', async () => {
    const [client, coach] = [await insertUser(ctx.db), await insertUser(ctx.db, 'coach')];
    const booking = pendingBooking(client, coach, { startsAt: hoursAhead(3) });
    const write = await countQueries(() => ctx.app.deps().uow.transaction(async (tx) => ok(await tx.bookings.save(booking))));
    expect(write.count, write.queries.join('\n')).toBe(1);
    expect(write.queries[0]).toMatch(/^insert into bookings/);
    expect(write.transactionStatements.map((s) => s.toLowerCase())).toEqual(['begin', 'commit']);

    const read = await countQueries(() => ctx.app.deps().uow.read.bookings.findById(booking.id));
    expect(read.result?.id).toBe(booking.id);
    expect(read.count).toBe(1);
  });

  it('keeps blocks that run at the same time apart', async () => {
    const [one, two] = await Promise.all([
      countQueries(async () => {
        for (let i = 0; i < 3; i++) await ctx.app.orm.em.fork().getConnection().execute('select 1');
      }),
      countQueries(async () => {
        for (let i = 0; i < 5; i++) await ctx.app.orm.em.fork().getConnection().execute('select 2');
      }),
    ]);
    expect(one.count).toBe(3);
    expect(two.count).toBe(5);
    expect((await countQueries(async () => 42)).count).toBe(0);
  });
});
