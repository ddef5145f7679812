import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COACHING_TYPES } from '../shared/catalogue';
import { packCoachCards, unpackCoachCards } from './coach-card-wire';
import type { CoachCard } from './coach-search';

const card: fc.Arbitrary<CoachCard> = fc.record({
  userId: fc.uuid(),
  fullName: fc.option(fc.string()),
  avatarUrl: fc.option(fc.webUrl()),
  isVerified: fc.boolean(),
  rating: fc.integer({ min: 0, max: 50 }).map((n) => n / 10),
  reviewCount: fc.nat(),
  totalSessions: fc.nat(),
  location: fc.option(fc.string()),
  servicesOffered: fc.uniqueArray(fc.constantFrom(...COACHING_TYPES)),
  bio: fc.option(fc.string()),
  hourlyRatePence: fc.nat(),
});

describe("FindCoaches' cards on the wire", () => {
  it('come back from a JSON round trip exactly as they were packed, in the same order', () => {
    fc.assert(
      fc.property(fc.array(card, { maxLength: 25 }), fc.nat(), fc.boolean(), fc.option(fc.string()), (coaches, total, anyCoachListed, nextCursor) => {
        const packed = JSON.parse(JSON.stringify(packCoachCards({ coaches, total, anyCoachListed, nextCursor })));
        expect(unpackCoachCards(packed.rows)).toEqual(coaches);
        expect({ total: packed.total, anyCoachListed: packed.anyCoachListed, nextCursor: packed.nextCursor }).toEqual({ total, anyCoachListed, nextCursor });
      }),
    );
  });

  it('carry no field names per coach', () => {
    const coach: CoachCard = { userId: 'c1', fullName: 'Gina Keeper', avatarUrl: null, isVerified: true, rating: 4.5, reviewCount: 2, totalSessions: 9, location: 'Leeds', servicesOffered: ['goalkeeping'], bio: 'Saves.', hourlyRatePence: 4000 };
    const text = JSON.stringify(packCoachCards({ coaches: [coach, coach], total: 2, anyCoachListed: true, nextCursor: null }));
    expect(text).not.toContain('fullName');
    expect(text).toBe('{"total":2,"anyCoachListed":true,"nextCursor":null,"rows":[["c1","Gina Keeper",null,1,4.5,2,9,"Leeds",["goalkeeping"],"Saves.",4000],["c1","Gina Keeper",null,1,4.5,2,9,"Leeds",["goalkeeping"],"Saves.",4000]]}');
  });
});
