import type { Actor } from '../policy/actor';
import { HOUR_MS, DAY_MS } from '../shared/clock';
import { unwrap } from '../shared/result';
import type { RandomSource } from '../shared/random';
import { recordAuthorization, recordCapture, recordIntentCreated } from '../payments/payment-records';
import type { Booking } from '../booking/lifecycle/booking';
import { createBooking, type NewBookingInput } from '../booking/requests/create-booking';

/** Test data for the booking and payment tests (not used by production code). */

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const COACH_ID = '22222222-2222-4222-8222-222222222222';
export const ADMIN_ID = '33333333-3333-4333-8333-333333333333';
export const STRANGER_ID = '44444444-4444-4444-8444-444444444444';
export const BOOKING_ID = '55555555-5555-4555-8555-555555555555';

export const client: Actor = { userId: CLIENT_ID, role: 'user', userType: 'client' };
export const coach: Actor = { userId: COACH_ID, role: 'user', userType: 'coach' };
export const admin: Actor = { userId: ADMIN_ID, role: 'admin', userType: 'client' };
export const stranger: Actor = { userId: STRANGER_ID, role: 'user', userType: 'client' };
/** Another coach, who is a stranger to the booking. */
export const otherCoach: Actor = { userId: '66666666-6666-4666-8666-666666666666', role: 'user', userType: 'coach' };

/** Monday 2 March 2026, 10:00 UTC (= 10:00 in London, GMT). */
export const NOW = new Date('2026-03-02T10:00:00.000Z');
/** The default session: three days later at 15:00, one hour. */
export const STARTS_AT = new Date(NOW.getTime() + 3 * DAY_MS + 5 * HOUR_MS);
export const RATE_PENCE = 5000;

export const at = (base: Date, ms: number): Date => new Date(base.getTime() + ms);

export function bookingInput(overrides: Partial<NewBookingInput> = {}): NewBookingInput {
  return {
    id: BOOKING_ID,
    referenceCode: 'FACT-20260302-A7B2',
    coach: { coachId: COACH_ID, hourlyRatePence: RATE_PENCE, sessionLengths: [], servicesOffered: ['striker', 'midfield', 'goalkeeping'] },
    serviceType: 'striker',
    startsAt: STARTS_AT,
    durationMinutes: 60,
    locationType: 'outdoor',
    locationAddress: 'Hackney Marshes',
    locationNotes: null,
    clientNotes: 'Working on my left foot',
    ...overrides,
  };
}

/** A new pending booking with nothing paid. */
export function pendingBooking(overrides: Partial<NewBookingInput> = {}): Booking {
  return unwrap(createBooking(client, bookingInput(overrides), NOW));
}

export function withPatch(booking: Booking, patch: Partial<Booking>): Booking {
  return { ...booking, ...patch };
}

/** The client's card is authorised for the total. */
export function authorised(booking: Booking, intentId = 'pi_test_1'): Booking {
  const withIntent = unwrap(recordIntentCreated(booking, intentId, NOW));
  return unwrap(recordAuthorization(withIntent, { intentId, amountPence: booking.totalPricePence }, NOW));
}

/** Confirmed by the coach, payment captured. */
export function confirmedAndCaptured(booking: Booking = pendingBooking()): Booking {
  const paid = authorised(booking);
  return unwrap(recordCapture({ ...paid, status: 'confirmed' }, { amountPence: paid.amountAuthorizedPence }, NOW));
}

/** In session since the start (both arrived just before). */
export function inSession(booking: Booking = confirmedAndCaptured()): Booking {
  const arrived = at(booking.startsAt, -5 * 60_000);
  return { ...booking, status: 'in_session', clientArrivedAt: arrived, coachArrivedAt: arrived, sessionStartedAt: arrived };
}

/** Completed by both parties at the scheduled end. */
export function completed(booking: Booking = inSession()): Booking {
  const end = at(booking.startsAt, booking.durationMinutes * 60_000);
  return { ...booking, status: 'completed', clientCompletedAt: end, coachCompletedAt: end, completedAt: end };
}

/** A RandomSource that plays back the given numbers (modulo the bound), then zeros. */
export function scriptedRandom(values: readonly number[]): RandomSource {
  let i = 0;
  return { int: (max) => (values[i++] ?? 0) % max };
}
