import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SESSION_LENGTHS, lengthToBook, offeredLengths, type SessionLengthPrice } from './session-lengths';

const lengthsArb = fc.subarray([...SESSION_LENGTHS]).map((ms): SessionLengthPrice[] => ms.map((minutes) => ({ minutes, pricePence: minutes * 50 })));

describe('the length a booking is for', () => {
  it('is the asked length when the coach offers it', () => {
    expect(
      lengthToBook(
        {
          ratePence: 4000,
          lengths: [
            { minutes: 30, pricePence: 2000 },
            { minutes: 90, pricePence: 5000 },
          ],
        },
        90,
      ),
    ).toBe(90);
  });

  it('falls back to the hour, then to the shortest length the coach offers', () => {
    expect(
      lengthToBook(
        {
          ratePence: 4000,
          lengths: [
            { minutes: 30, pricePence: 2000 },
            { minutes: 60, pricePence: 4000 },
          ],
        },
        120,
      ),
    ).toBe(60);
    expect(
      lengthToBook({
        ratePence: 4000,
        lengths: [
          { minutes: 90, pricePence: 5000 },
          { minutes: 30, pricePence: 2000 },
        ],
      }),
    ).toBe(30);
  });

  it('is an hour for a coach who never chose lengths', () => {
    expect(lengthToBook({ ratePence: 4000, lengths: [] })).toBe(60);
  });

  it('is always a length the coach offers, whatever was asked', () => {
    fc.assert(
      fc.property(lengthsArb, fc.option(fc.integer({ min: -10, max: 200 }), { nil: undefined }), (lengths, asked) => {
        const offer = { ratePence: 4000, lengths };
        expect(offeredLengths(offer).map((l) => l.minutes)).toContain(lengthToBook(offer, asked));
      }),
    );
  });
});
