import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COACHING_TYPES, SESSION_TIMES } from '../shared/catalogue';
import { adminUser, clientUser, coachUser, NOW } from '../testing/fixtures';
import { userRowSchema, type User } from './user';
import { checkedUser } from './user-check';
import { DELETE, mutated } from '../testing/mutated-record';

const seeds: Record<string, unknown>[] = [
  { ...clientUser(), version: 3 },
  { ...coachUser(), preferredCoachingTypes: ['goalkeeping', 'striker'], preferredSessionTimes: ['morning'] },
  { ...adminUser(), deactivatedAt: NOW, deactivationReason: 'Left', isActive: false, erasedAt: NOW.toISOString() },
  { ...clientUser(), userType: 'user', fullName: null, phone: '', emailVerifiedAt: '2026-03-05T15:00:00.000Z' },
];

const FIELDS = [...Object.keys(clientUser()), 'version', 'extra'] as (keyof User)[];
/** Values that are right for some field and wrong for others, and values wrong for every field. */
const values = fc.constantFrom<unknown>(
  DELETE, undefined, null, '', ' ', 'x', ' Mixed@Case.COM ', 'toString', '__proto__',
  '55555555-5555-4555-8555-555555555555', '55555555-5555-4555-8555-55555555555Z', 'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
  0, -0, 1, -1, 1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, 1772722800000, 10n,
  true, false, Symbol('s'),
  new Date('2026-03-05T15:00:00.000Z'), new Date(Number.NaN), '2026-03-05T15:00:00.000Z', 'not a date', '2026',
  [], {}, ['goalkeeping'], ['striker', 'striker', 'juggling'], ['morning', 3], [null],
  'admin', 'user', 'client', 'coach',
  ...COACHING_TYPES, ...SESSION_TIMES,
);
const mutation = fc.tuple(fc.constantFrom(...FIELDS), values);


describe('checkedUser, the hand-written form of userRowSchema', () => {
  it('accepts exactly the rows the schema accepts, and gives the user the schema gives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.array(mutation, { maxLength: 3 }), (seed, changes) => {
        const row = mutated(seed, changes);
        const viaZod = userRowSchema.safeParse(row);
        const checked = checkedUser(row);
        expect(checked !== null).toBe(viaZod.success);
        if (viaZod.success) expect(checked).toStrictEqual(viaZod.data);
      }),
      { numRuns: 4000 },
    );
  });

  it('accepts every seed row, dropping the columns a user does not have', () => {
    for (const seed of seeds) {
      const checked = checkedUser(seed);
      expect(checked).toStrictEqual(userRowSchema.parse(seed));
      expect(checked).not.toHaveProperty('version');
    }
  });

  it('refuses what is not an object', () => {
    for (const data of [null, undefined, 'user', 7, []]) expect(checkedUser(data)).toBeNull();
  });
});
