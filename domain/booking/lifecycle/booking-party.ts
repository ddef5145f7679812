import type { Actor } from '../../policy/actor';
import type { DomainError } from '../../shared/errors';
import type { Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { PaymentInstruction } from '../money/payment-instruction';
import type { Booking } from './booking';
import { bookingErrors } from './booking-errors';

/**
 * SPEC §6: in a booking, the client is whoever matches clientId and the coach whoever matches
 * coachId; an administrator sees every booking; anyone else is a stranger to it.
 */
export type BookingRelation = 'client' | 'coach' | 'admin' | 'stranger';
export type BookingParty = 'client' | 'coach';

export function relationOf(booking: Pick<Booking, 'clientId' | 'coachId'>, actor: Actor): BookingRelation {
  if (actor.userId === booking.clientId) return 'client';
  if (actor.userId === booking.coachId) return 'coach';
  if (actor.role === 'admin') return 'admin';
  return 'stranger';
}

export function partyIdOf(booking: Pick<Booking, 'clientId' | 'coachId'>, party: BookingParty): Id {
  return party === 'client' ? booking.clientId : booking.coachId;
}

export function otherParty(party: BookingParty): BookingParty {
  return party === 'client' ? 'coach' : 'client';
}

/** The actor as one of the two parties, or why not (a stranger does not even see the booking). */
export function requireParty(booking: Booking, actor: Actor): Result<BookingParty, DomainError> {
  const relation = relationOf(booking, actor);
  if (relation === 'client' || relation === 'coach') return ok(relation);
  return err(relation === 'admin' ? bookingErrors.partyOnly() : bookingErrors.notBookingParty());
}

export function requireCoach(booking: Booking, actor: Actor): Result<'coach', DomainError> {
  const relation = relationOf(booking, actor);
  if (relation === 'coach') return ok('coach');
  return err(relation === 'stranger' ? bookingErrors.notBookingParty() : bookingErrors.coachOnly());
}

export function requireAdmin(booking: Booking, actor: Actor): Result<'admin', DomainError> {
  if (actor.role === 'admin') return ok('admin');
  return err(relationOf(booking, actor) === 'stranger' ? bookingErrors.notBookingParty() : bookingErrors.adminOnly());
}

/** A booking transition that may ask for money to move. Effects run after the commit, via the outbox. */
export interface BookingChange {
  readonly booking: Booking;
  readonly effects: readonly PaymentInstruction[];
}

/** The new state with its `updatedAt` set. */
export function changed(booking: Booking, patch: Partial<Booking>, now: Date): Booking {
  return { ...booking, ...patch, updatedAt: now };
}
