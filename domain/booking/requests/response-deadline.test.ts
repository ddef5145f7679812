import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../shared/clock';
import { AUTHORISATION_LIFETIME_MS, authorisedNoLaterThanForExpiry, isPastResponseDeadline, responseDeadline, RESPONSE_WINDOW_MS } from './response-deadline';

const AUTHORISED = new Date('2026-12-02T14:05:00Z');
const instantNear = (base: Date) => fc.integer({ min: -120 * DAY_MS, max: 120 * DAY_MS }).map((ms) => new Date(base.getTime() + ms));

describe('the response deadline of a paid request', () => {
  it('is 6 days after the authorisation when the session starts later', () => {
    const startsAt = new Date(AUTHORISED.getTime() + 30 * DAY_MS);
    expect(responseDeadline({ authorizedAt: AUTHORISED, startsAt })).toEqual(new Date('2026-12-08T14:05:00Z'));
  });

  it("is the session's start when that comes sooner", () => {
    const startsAt = new Date(AUTHORISED.getTime() + 2 * DAY_MS);
    expect(responseDeadline({ authorizedAt: AUTHORISED, startsAt })).toEqual(startsAt);
  });

  it("is the session's start for a request never authorised", () => {
    const startsAt = new Date(AUTHORISED.getTime() + 60 * DAY_MS);
    expect(responseDeadline({ authorizedAt: null, startsAt })).toEqual(startsAt);
  });

  it('is the earlier of the two for any authorisation and start', () => {
    fc.assert(
      fc.property(instantNear(AUTHORISED), instantNear(AUTHORISED), (authorizedAt, startsAt) => {
        const deadline = responseDeadline({ authorizedAt, startsAt }).getTime();
        expect(deadline).toBe(Math.min(authorizedAt.getTime() + RESPONSE_WINDOW_MS, startsAt.getTime()));
        expect(deadline).toBeLessThanOrEqual(startsAt.getTime());
      }),
    );
  });

  it('always falls at least a day before the authorisation lapses', () => {
    fc.assert(
      fc.property(instantNear(AUTHORISED), instantNear(AUTHORISED), (authorizedAt, startsAt) => {
        const lapses = authorizedAt.getTime() + AUTHORISATION_LIFETIME_MS;
        expect(lapses - responseDeadline({ authorizedAt, startsAt }).getTime()).toBeGreaterThanOrEqual(DAY_MS);
      }),
    );
  });

  it('has passed at the deadline itself and not a minute before', () => {
    fc.assert(
      fc.property(instantNear(AUTHORISED), instantNear(AUTHORISED), (authorizedAt, startsAt) => {
        const deadline = responseDeadline({ authorizedAt, startsAt });
        expect(isPastResponseDeadline({ authorizedAt, startsAt }, deadline)).toBe(true);
        expect(isPastResponseDeadline({ authorizedAt, startsAt }, new Date(deadline.getTime() - MINUTE_MS))).toBe(false);
      }),
    );
  });

  it('agrees with the expiry query: a request is past its deadline exactly when it started or was authorised by the cut-off', () => {
    fc.assert(
      fc.property(instantNear(AUTHORISED), instantNear(AUTHORISED), instantNear(AUTHORISED), (authorizedAt, startsAt, now) => {
        const byQuery = startsAt.getTime() <= now.getTime() || authorizedAt.getTime() <= authorisedNoLaterThanForExpiry(now).getTime();
        expect(isPastResponseDeadline({ authorizedAt, startsAt }, now)).toBe(byQuery);
      }),
    );
  });
});
