import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../shared/clock';
import { londonToUtc } from '../../shared/london-time';
import { createBooking, type CoachOffer } from './create-booking';
import { admin, at, bookingInput, client, coach, COACH_ID, NOW, otherCoach, RATE_PENCE } from '../../testing/booking-fixtures';

const failure = (r: ReturnType<typeof createBooking>) => (r.ok ? null : r.error);

describe('creating a booking', () => {
  it('creates a pending request for the client at the coach rate plus the £3 fee', () => {
    const r = createBooking(client, bookingInput(), NOW);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      status: 'pending',
      clientId: client.userId,
      coachId: COACH_ID,
      servicePricePence: RATE_PENCE,
      adminFeePence: 300,
      totalPricePence: RATE_PENCE + 300,
      paymentStatus: 'pending',
      amountAuthorizedPence: 0,
      declined: false,
      version: 0,
      createdAt: NOW,
    });
  });

  it("freezes the price of the chosen length when the coach set their lengths' prices", () => {
    const chosen: CoachOffer = {
      coachId: COACH_ID,
      hourlyRatePence: RATE_PENCE,
      sessionLengths: [
        { minutes: 30, pricePence: 2500 },
        { minutes: 90, pricePence: 6000 },
      ],
      servicesOffered: ['striker'],
    };
    const r = createBooking(client, bookingInput({ coach: chosen, durationMinutes: 90 }), NOW);
    expect(r.ok && r.value).toMatchObject({ durationMinutes: 90, servicePricePence: 6000, adminFeePence: 300, totalPricePence: 6300 });
  });

  it('refuses a length the coach does not offer, saying so', () => {
    const chosen: CoachOffer = { coachId: COACH_ID, hourlyRatePence: RATE_PENCE, sessionLengths: [{ minutes: 60, pricePence: 4000 }], servicesOffered: ['striker'] };
    expect(failure(createBooking(client, bookingInput({ coach: chosen, durationMinutes: 45 }), NOW))).toMatchObject({
      code: 'DURATION_NOT_OFFERED',
      message: 'This coach does not offer 45-minute sessions.',
      fieldErrors: { durationMinutes: ['This coach does not offer 45-minute sessions.'] },
    });
  });

  it('charges a coach who set no lengths their one rate for any length the server accepts', () => {
    for (const durationMinutes of [30, 45, 120, 240]) {
      const r = createBooking(client, bookingInput({ durationMinutes }), NOW);
      expect(r.ok && r.value.servicePricePence).toBe(RATE_PENCE);
    }
  });

  it('lets a coach book another coach', () => {
    expect(createBooking(otherCoach, bookingInput(), NOW).ok).toBe(true);
  });

  it('refuses a coach booking themselves', () => {
    expect(failure(createBooking(coach, bookingInput(), NOW))).toMatchObject({ kind: 'forbidden', code: 'CANNOT_BOOK_SELF' });
  });

  it('refuses an administrator', () => {
    expect(failure(createBooking(admin, bookingInput(), NOW))?.code).toBe('ADMIN_CANNOT_BOOK');
  });

  it('refuses a service type outside the six', () => {
    expect(failure(createBooking(client, bookingInput({ serviceType: 'General & Sparring' }), NOW))).toMatchObject({
      code: 'INVALID_SERVICE_TYPE',
      message: 'Invalid service type',
      fieldErrors: { serviceType: ['Invalid service type'] },
    });
  });

  it('refuses a service the coach does not offer', () => {
    expect(failure(createBooking(client, bookingInput({ serviceType: 'tactical_analysis' }), NOW))?.code).toBe('SERVICE_NOT_OFFERED');
  });

  it('defaults the location to online and refuses an unknown location type', () => {
    const r = createBooking(client, bookingInput({ locationType: null }), NOW);
    expect(r.ok && r.value.locationType).toBe('online');
    expect(failure(createBooking(client, bookingInput({ locationType: 'moon' }), NOW))?.code).toBe('INVALID_LOCATION_TYPE');
  });

  it('refuses a start in the past or now', () => {
    expect(failure(createBooking(client, bookingInput({ startsAt: NOW }), NOW))).toMatchObject({
      code: 'DATE_IN_PAST',
      message: 'Booking date must be in the future',
    });
    expect(failure(createBooking(client, bookingInput({ startsAt: new Date('invalid') }), NOW))?.code).toBe('DATE_IN_PAST');
  });

  it('accepts the 90th London day ahead, even late in the evening, and refuses the 91st', () => {
    const day90 = londonToUtc('2026-05-31', '20:00')!;
    const day91 = londonToUtc('2026-06-01', '09:00')!;
    expect(createBooking(client, bookingInput({ startsAt: day90 }), NOW).ok).toBe(true);
    expect(failure(createBooking(client, bookingInput({ startsAt: day91 }), NOW))).toMatchObject({
      code: 'DATE_TOO_FAR_AHEAD',
      message: 'Bookings can be made up to 90 days ahead',
    });
    expect(day91.getTime() - NOW.getTime()).toBeLessThan(91 * DAY_MS);
  });

  it('bounds the duration to whole minutes from 30 to 240', () => {
    expect(failure(createBooking(client, bookingInput({ durationMinutes: 29 }), NOW))).toMatchObject({
      code: 'DURATION_TOO_SHORT',
      message: 'Minimum session duration is 30 minutes',
    });
    expect(failure(createBooking(client, bookingInput({ durationMinutes: 241 }), NOW))).toMatchObject({
      code: 'DURATION_TOO_LONG',
      message: 'Maximum session duration is 4 hours',
    });
    expect(failure(createBooking(client, bookingInput({ durationMinutes: 45.5 }), NOW))?.code).toBe('DURATION_INVALID');
    expect(createBooking(client, bookingInput({ durationMinutes: 30 }), NOW).ok).toBe(true);
    expect(createBooking(client, bookingInput({ durationMinutes: 240 }), NOW).ok).toBe(true);
  });

  it('keeps notes up to 500 characters, trimmed, blank as none', () => {
    expect(failure(createBooking(client, bookingInput({ clientNotes: 'x'.repeat(501) }), NOW))).toMatchObject({
      code: 'NOTES_TOO_LONG',
      message: 'Notes too long',
      fieldErrors: { clientNotes: ['Notes too long'] },
    });
    expect(failure(createBooking(client, bookingInput({ locationNotes: 'x'.repeat(501) }), NOW))?.fieldErrors).toEqual({ locationNotes: ['Notes too long'] });
    const r = createBooking(client, bookingInput({ clientNotes: '  hi  ', locationNotes: '   ' }), NOW);
    expect(r.ok && [r.value.clientNotes, r.value.locationNotes]).toEqual(['hi', null]);
  });

  it('refuses an address over 200 characters', () => {
    expect(failure(createBooking(client, bookingInput({ locationAddress: 'x'.repeat(201) }), NOW))?.code).toBe('ADDRESS_TOO_LONG');
  });

  it('refuses a rate that is not a positive whole number of pence', () => {
    const coachOffer = { ...bookingInput().coach, hourlyRatePence: 0 };
    expect(failure(createBooking(client, bookingInput({ coach: coachOffer }), NOW))?.code).toBe('INVALID_PRICE');
  });

  it('does not scale the price with the duration', () => {
    const r = createBooking(client, bookingInput({ durationMinutes: 120, startsAt: at(NOW, 2 * HOUR_MS) }), NOW);
    expect(r.ok && r.value.totalPricePence).toBe(RATE_PENCE + 300);
  });
});
