import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, COACHING_TYPES, LOCATION_TYPES } from '../shared/catalogue';
import { PAYMENT_STATUSES } from '../payments/payment-status';
import { bookingInvariantViolations, bookingSchema, CANCELLED_BY, DISPUTE_OUTCOMES, DISPUTE_STATUSES, parseBooking, RESCHEDULE_STATUSES, type Booking } from './booking';
import { checkedBooking } from './booking-check';
import { DELETE, mutated } from '../testing/mutated-record';
import { completed, confirmedAndCaptured, inSession, pendingBooking, withPatch, NOW } from './testing/fixtures';

const seeds: Booking[] = [
  pendingBooking(),
  confirmedAndCaptured(),
  inSession(),
  completed(),
  withPatch(pendingBooking(), { status: 'cancelled', cancelledBy: 'coach', cancelledAt: NOW, declined: true, cancellationReason: 'Ill' }),
  withPatch(pendingBooking(), { playerId: '77777777-7777-4777-8777-777777777777' }),
];

const FIELDS = Object.keys(seeds[0]!) as (keyof Booking)[];
/** Values that are right for some field and wrong for others, and values wrong for every field. */
const values = fc.constantFrom<unknown>(
  DELETE, undefined, null, '', 'x', 'toString', '__proto__',
  '55555555-5555-4555-8555-555555555555', '55555555-5555-4555-8555-55555555555Z', 'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
  'FACT-20260305-AB12', 'FACT-20260305-ab12',
  0, -0, 1, 60, -1, 1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, 5000, 5250, 250,
  true, false,
  new Date('2026-03-05T15:00:00.000Z'), new Date(Number.NaN), '2026-03-05T15:00:00.000Z', 'not a date', 1772722800000,
  [], {}, ['goalkeeping'],
  ...COACHING_TYPES, ...LOCATION_TYPES, ...BOOKING_STATUSES, ...PAYMENT_STATUSES, ...CANCELLED_BY, ...RESCHEDULE_STATUSES, ...DISPUTE_STATUSES, ...DISPUTE_OUTCOMES,
);
const mutation = fc.tuple(fc.constantFrom(...FIELDS, 'endsAt' as keyof Booking, 'extra' as keyof Booking), values);

const snake = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]));

describe('checkedBooking, the hand-written form of bookingSchema', () => {
  it('accepts exactly the data the schema accepts, and gives the booking the schema gives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.array(mutation, { maxLength: 3 }), (seed, changes) => {
        const data = mutated(seed, changes);
        const viaZod = bookingSchema.safeParse(data);
        const checked = checkedBooking(data, false, bookingInvariantViolations);
        expect(checked !== null).toBe(viaZod.success);
        if (viaZod.success) expect(checked).toStrictEqual(viaZod.data);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads a row by its column names with the same verdict', () => {
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.array(mutation, { maxLength: 2 }), (seed, changes) => {
        const data = mutated(seed, changes);
        const viaZod = bookingSchema.safeParse(data);
        const checked = checkedBooking(snake(data), true, bookingInvariantViolations);
        expect(checked !== null).toBe(viaZod.success);
        if (viaZod.success) expect(checked).toStrictEqual(viaZod.data);
      }),
      { numRuns: 1500 },
    );
  });

  it('accepts every seed booking as it is', () => {
    for (const seed of seeds) expect(checkedBooking({ ...seed }, false, bookingInvariantViolations)).toStrictEqual(seed);
  });

  it('refuses a row whose fields are each valid but break an invariant, and parseBooking names the problem', () => {
    const broken = { ...confirmedAndCaptured(), totalPricePence: 1 };
    expect(checkedBooking(broken, false, bookingInvariantViolations)).toBeNull();
    const parsed = parseBooking(broken);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toContain('total must equal price plus fee');
  });

  it('refuses what is not an object', () => {
    for (const data of [null, undefined, 'booking', 7, []]) expect(checkedBooking(data, false, bookingInvariantViolations)).toBeNull();
  });

  // V8's own verdict, in a fresh process (natives syntax), where nothing else built a booking's
  // layout first: a booking built by adding its 49 fields one by one under variable names was a
  // hash table, slower to make and to read everywhere after (issue 20 §2).
  it('gives a booking with a fast property layout, with or without a player', () => {
    const script = `
      import { checkedBooking } from './booking-check.ts';
      import { bookingInvariantViolations } from './booking.ts';
      import { confirmedAndCaptured, withPatch } from './testing/fixtures.ts';
      const fast = new Function('o', 'return %HasFastProperties(o)');
      const seed = confirmedAndCaptured();
      const withPlayer = withPatch(seed, { playerId: '77777777-7777-4777-8777-777777777777' });
      console.log(JSON.stringify([seed, withPlayer].map((b) => fast(checkedBooking({ ...b }, false, bookingInvariantViolations)))));`;
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: import.meta.dirname, encoding: 'utf8' });
    expect(JSON.parse(out.trim())).toEqual([true, true]);
  });
});
