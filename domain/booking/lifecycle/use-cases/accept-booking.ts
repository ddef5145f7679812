import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import { err, ok, type Result } from '../../../shared/result';
import { endsAt, type Booking } from '../booking';
import { acceptBooking as accept, declineBySystem, NO_LONGER_AVAILABLE_REASON } from '../booking-decisions';
import { bookingErrors } from '../booking-errors';
import { commitChange, type BookingUseCaseDeps } from './change-booking';
import { checkSessionPlayer } from '../../requests/use-cases/session-player';
import { isStillOffered } from '../../requests/offered-slot';
import { SERIES_RULES } from '../../requests/weekly-series';
import type { Repositories } from '../../../repositories';
import type { DomainError } from '../../../shared/errors';
import { formatLondonDate, formatLondonTime } from '../../../shared/london-time';

export interface AcceptBookingOutput {
  readonly booking: Booking;
  /** The coach's other pending requests at an overlapping time, declined in the same transaction. */
  readonly declined: readonly Booking[];
}

/**
 * The coach accepts a request: it is confirmed and its payment captured; every other pending
 * request of the coach overlapping it is declined ('The coach is no longer available at this
 * time') and its authorisation voided, all in one transaction. The slot engine is asked again
 * under a lock on the coach's calendar: a start that now clashes with a session or its buffers, a
 * blocked time or the coach's hours is refused, and two accepts of one coach run one after the
 * other; the database's overlap constraint still guards plain overlaps. A request for a player is accepted only while the coach
 * coaches the player's age group on the session date (decision 034).
 */
export async function acceptBooking(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id }): Promise<Result<AcceptBookingOutput>> {
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    // The coach's calendar is locked before any of its bookings, in every decision that confirms a
    // session, so that two of them cannot wait for each other.
    const peek = await tx.bookings.findById(input.bookingId);
    if (!peek) return err(bookingErrors.notFound());
    // A request that cannot be accepted anyway (answered, not this coach's) waits for no lock.
    const early = accept(peek, input.actor, now);
    if (!early.ok) return early;
    await tx.bookings.lockCoachCalendar(peek.coachId);
    const booking = await tx.bookings.findByIdForUpdate(input.bookingId);
    if (!booking) return err(bookingErrors.notFound());
    const first = await acceptLocked(tx, booking, input.actor, now);
    if (!first.ok || !booking.seriesId) return first;
    // A weekly series is answered in one decision (decision 062): its other requests too, or none.
    const declined = [...first.value.declined];
    const accepted = [first.value.booking];
    for (const sibling of await tx.bookings.list({ seriesId: booking.seriesId, statuses: ['pending'], orderBy: 'starts_asc', limit: SERIES_RULES.maxWeeks })) {
      if (sibling.id === booking.id) continue;
      const locked = await tx.bookings.findByIdForUpdate(sibling.id);
      if (!locked) return err(bookingErrors.notFound());
      const next = await acceptLocked(tx, locked, input.actor, now);
      if (!next.ok) return err(seriesAnswerRefused(locked, next.error));
      declined.push(...next.value.declined);
      accepted.push(next.value.booking);
    }
    if (accepted.length > 1) await tx.bookingEmails.queueSeries(tx.outbox, { decision: 'accepted', sessions: accepted }, now);
    return ok({ booking: first.value.booking, declined });
  });
}

/** The same refusal, naming the session of the series it is about. */
const seriesAnswerRefused = (b: Booking, e: DomainError): DomainError => ({ ...e, message: `${formatLondonDate(b.startsAt)} at ${formatLondonTime(b.startsAt)}: ${e.message}` });

/** In `tx`, with the coach's calendar and the booking locked: the checks, the confirmation and the declines it causes. */
async function acceptLocked(tx: Repositories, booking: Booking, actor: Actor, now: Date): Promise<Result<AcceptBookingOutput>> {
  const change = accept(booking, actor, now);
  if (!change.ok) return change;
  const coached = await checkSessionPlayer(tx, booking, booking.startsAt);
  if (!coached.ok) return coached;
  const end = endsAt(booking);
  if (await tx.bookings.hasOverlappingActiveForCoach(booking.coachId, booking.startsAt, end, booking.id)) return err(bookingErrors.coachAlreadyBooked());
  const ask = { coachId: booking.coachId, startsAt: booking.startsAt, durationMinutes: booking.durationMinutes, now, purpose: 'booking', moment: 'answer' } as const;
  if (!(await isStillOffered(tx.coachSchedules, ask))) return err(bookingErrors.slotNoLongerOffered());
  const saved = await commitChange(tx, change.value, 'accepted', actor.userId, now, booking);
  const declined: Booking[] = [];
  for (const other of await tx.bookings.listOverlappingPendingForCoach(booking.coachId, booking.startsAt, end, booking.id)) {
    const decline = declineBySystem(other, NO_LONGER_AVAILABLE_REASON, now);
    if (!decline.ok) continue;
    declined.push(await commitChange(tx, decline.value, 'declined', null, now, other));
  }
  return ok({ booking: saved, declined });
}
