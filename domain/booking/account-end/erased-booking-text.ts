import type { Booking } from '../lifecycle/booking';

/**
 * What a client typed when asking for a session: where it takes place (for a session at home,
 * their home address), how to get in, what to work on. Erasing the client replaces each of these
 * texts whole on every booking they made, and the address in every outbox job's snapshot of those
 * bookings, pending or sent. The bookings themselves, their place type, amounts and states stay
 * for the coach's records (decision 038).
 */
export const CLIENT_TYPED_BOOKING_TEXT = ['locationAddress', 'locationNotes', 'clientNotes'] as const satisfies readonly (keyof Booking)[];
