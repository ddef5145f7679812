import type { ReferenceNumbers } from '../../../domain/booking/references/reference-code';
import type { Orm } from '../orm';

/**
 * The day's next number in one statement: the first request of a London day makes its row, each
 * later one adds one to it. The row lock orders concurrent requests and each gets the value its
 * own update wrote, so no two get the same number. It runs on its own, outside the booking's
 * transaction: a request holds the lock for this statement only, not while its booking is being
 * stored, and a booking that then fails leaves a gap rather than a number given twice.
 */
const NEXT_SQL = `
  insert into booking_reference_days as d (day, taken) values (?::date, 1)
  on conflict (day) do update set taken = d.taken + 1
  returning d.taken - 1 as number`;

export function createReferenceNumbers(orm: Orm): ReferenceNumbers {
  return {
    async next(day) {
      // The driver's connection, not a fork: one statement, no entities, nothing to keep apart.
      const rows = await orm.em.getConnection().execute<{ number: string | number }[]>(NEXT_SQL, [day]);
      const number = Number(rows[0]?.number);
      if (!Number.isSafeInteger(number)) throw new Error(`booking_reference_days gave no number for ${day}`);
      return number;
    },
  };
}
