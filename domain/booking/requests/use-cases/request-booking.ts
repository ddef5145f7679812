import type { Actor } from '../../../policy/actor';
import type { IdSource } from '../../../shared/ids';
import type { Id } from '../../../shared/ids';
import { err, ok, type Result } from '../../../shared/result';
import { endsAt, type Booking } from '../../lifecycle/booking';
import { bookingErrors, REFERENCE_UNAVAILABLE } from '../../lifecycle/booking-errors';
import { notifyBooking } from '../../lifecycle/booking-notifications';
import type { CoachDirectory, CoachForBooking } from '../coach-directory';
import type { Repositories } from '../../../repositories';
import { isStillOffered } from '../offered-slot';
import { createBooking, type NewBookingInput } from '../create-booking';
import { checkPlayerForBooking } from '../../../accounts/players/booking-player';
import { referenceCodeFor, referenceDay } from '../../references/reference-code';
import type { BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';
import { reachCoach } from './reach-coach';

/** What the client asks for: the session's fields as createBooking takes them, for a coach by id. */
export interface RequestBookingInput extends Pick<NewBookingInput, 'serviceType' | 'startsAt' | 'durationMinutes' | 'locationType' | 'locationAddress' | 'locationNotes' | 'clientNotes'> {
  readonly actor: Actor;
  readonly coachId: Id;
  /** One of the client's players (decision 017); absent or null: the client themself. */
  readonly playerId?: Id | null;
  /** A purchase of the client's to pay with (decision 060): one of its credits, no card payment. */
  readonly packagePurchaseId?: Id | null;
}

/**
 * How many numbered references a request tries. A numbered reference is new to its day, so only
 * a booking stored without a number (one made before references were numbered, or put in by
 * hand) can already hold it; the bound only stops a request looping if the day's counter were
 * ever set back.
 */
const REFERENCE_ATTEMPTS = 8;

/**
 * A client requests a session (SPEC §2 booking dialog). The coach must be bookable, offer the
 * service and offer that start: the slot engine is asked again with the coach's schedule as it is
 * now (decision 044), so nothing the dialog did not offer is recorded.
 * The booking is created pending at the coach's current price for its length; the payment dialog follows. The
 * coach hears of it only once the payment is authorised (decision 011: the 'new request' email is
 * sent by recordGatewayIntent). One client holds at most one pending request per coach and start.
 *
 * The reference is made from the day's next number (referenceCodeFor), drawn in the booking's
 * transaction: a refused request rolls its number back with everything else, so it changes
 * nothing. Should a booking already hold the reference (one stored before references were
 * numbered), the request draws the next number; should only the unique index see a clash at the
 * insert, the transaction rolls back and runs again: the client never sees a clash of references.
 */
export async function requestBooking(deps: RequestDeps, input: RequestBookingInput): Promise<Result<Booking>> {
  const now = deps.clock.now();
  const coach = await bookableCoach(deps, input);
  if (!coach.ok) return coach;
  const created = newRequest(deps, coach.value, input, input.startsAt, now);
  if (!created.ok) return created;
  const booking = created.value;
  for (let attempt = 1; ; attempt++) {
    const result = await deps.uow.transaction(async (tx) => {
      const placed = await placeRequest(tx, booking, input, coach.value, now);
      if (!placed.ok) return placed;
      if (placed.value.packagePurchaseId) await reachCoach(tx, placed.value, now);
      return placed;
    });
    if (result.ok || result.error.code !== REFERENCE_UNAVAILABLE || attempt >= REFERENCE_ATTEMPTS) return result;
  }
}

export type RequestDeps = BookingUseCaseDeps & { readonly ids: IdSource; readonly coaches: CoachDirectory };

export async function bookableCoach(deps: RequestDeps, input: Pick<RequestBookingInput, 'actor' | 'coachId'>): Promise<Result<CoachForBooking>> {
  if (input.actor.userId === input.coachId) return err(bookingErrors.cannotBookSelf());
  const coach = await deps.coaches.findCoachForBooking(input.coachId);
  return coach && coach.isBookable ? ok(coach) : err(bookingErrors.coachNotFound());
}

/** The request as createBooking makes it, at the coach's current price for its length. */
export function newRequest(deps: RequestDeps, coach: CoachForBooking, input: RequestBookingInput, startsAt: Date, now: Date): Result<Booking> {
  return createBooking(
    input.actor,
    {
      id: deps.ids.newId(),
      // The day's first code stands in until the transaction draws the booking's own.
      referenceCode: referenceCodeFor(now, 0),
      coach: { coachId: coach.coachId, hourlyRatePence: coach.hourlyRatePence, sessionLengths: coach.sessionLengths, servicesOffered: coach.servicesOffered },
      serviceType: input.serviceType,
      startsAt,
      durationMinutes: input.durationMinutes,
      locationType: input.locationType,
      locationAddress: input.locationAddress,
      locationNotes: input.locationNotes,
      clientNotes: input.clientNotes,
    },
    now,
  );
}

/**
 * In `tx`: the checks and the insert of one request — the player, the slot engine's offer, the
 * reference, the clashes, the package credit that pays for it — and the coach's notification.
 */
export async function placeRequest(tx: Repositories, request: Booking, input: RequestBookingInput, coach: CoachForBooking, now: Date): Promise<Result<Booking>> {
  let booking = request;
  if (input.playerId) {
    // FOR SHARE: a date-of-birth change of this player waits for this booking (decision 034).
    const player = checkPlayerForBooking(await tx.players.findById(input.playerId, { lock: 'share' }), input.actor, coach, booking.startsAt);
    if (!player.ok) return player;
    booking = { ...booking, playerId: player.value.id };
  }
  const ask = { coachId: booking.coachId, startsAt: booking.startsAt, durationMinutes: booking.durationMinutes, now, purpose: 'booking', moment: 'ask' } as const;
  if (!(await isStillOffered(tx.coachSchedules, ask))) return err(bookingErrors.coachUnavailable());
  const day = referenceDay(now);
  booking = { ...booking, referenceCode: referenceCodeFor(now, await tx.bookings.nextReferenceNumber(day)) };
  const clashes = await tx.bookings.checkNewRequest({ ...booking, endsAt: endsAt(booking) });
  if (clashes.coachBusy) return err(bookingErrors.coachUnavailable());
  if (clashes.pendingRequest) return err(bookingErrors.duplicateRequest());
  for (let tries = 1, taken = clashes.referenceTaken; taken; tries++) {
    if (tries >= REFERENCE_ATTEMPTS) return err(bookingErrors.referenceUnavailable());
    booking = { ...booking, referenceCode: referenceCodeFor(now, await tx.bookings.nextReferenceNumber(day)) };
    taken = await tx.bookings.isReferenceTaken(booking.referenceCode);
  }
  if (input.packagePurchaseId) {
    const paid = await tx.packageSessions.bookFromCredit(tx, { booking, purchaseId: input.packagePurchaseId, actor: input.actor, now });
    if (!paid.ok) return paid;
    booking = paid.value;
  }
  const saved = await tx.bookings.save(booking);
  await notifyBooking(tx.outbox, { bookingId: saved.id, event: 'requested', actorId: input.actor.userId }, now);
  return ok(saved);
}
