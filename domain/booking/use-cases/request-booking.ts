import type { Actor } from '../../accounts/actor';
import type { IdSource } from '../../shared/ids';
import type { Id } from '../../shared/ids';
import type { RandomSource } from '../../shared/random';
import { err, ok, type Result } from '../../shared/result';
import { endsAt, type Booking } from '../booking';
import { bookingErrors } from '../booking-errors';
import { notifyBooking } from '../booking-notifications';
import { isWithinAvailability, type CoachDirectory } from '../coach-directory';
import { createBooking } from '../create-booking';
import { checkPlayerForBooking } from '../booking-player';
import { generateReferenceCode } from '../reference-code';
import type { BookingUseCaseDeps } from './change-booking';

export interface RequestBookingInput {
  readonly actor: Actor;
  readonly coachId: Id;
  readonly serviceType: string;
  readonly startsAt: Date;
  readonly durationMinutes: number;
  readonly locationType?: string | null;
  readonly locationAddress?: string | null;
  readonly locationNotes?: string | null;
  readonly clientNotes?: string | null;
  /** One of the client's players (decision 017); absent or null: the client themself. */
  readonly playerId?: Id | null;
}

/** How many random references to try before giving up (36^4 per day: a clash is rare). */
const REFERENCE_ATTEMPTS = 8;

/**
 * A client requests a session (SPEC §2 booking dialog). The coach must be bookable, offer the
 * service and be available then (their published periods, and no confirmed session overlapping).
 * The booking is created pending at the coach's current rate; the payment dialog follows. The
 * coach hears of it only once the payment is authorised (decision 011: the 'new request' email is
 * sent by recordGatewayIntent). One client holds at most one pending request per coach and start.
 */
export async function requestBooking(
  deps: BookingUseCaseDeps & { readonly ids: IdSource; readonly random: RandomSource; readonly coaches: CoachDirectory },
  input: RequestBookingInput,
): Promise<Result<Booking>> {
  const now = deps.clock.now();
  if (input.actor.userId === input.coachId) return err(bookingErrors.cannotBookSelf());
  const coach = await deps.coaches.findCoachForBooking(input.coachId);
  if (!coach || !coach.isBookable) return err(bookingErrors.coachNotFound());
  const created = createBooking(
    input.actor,
    {
      id: deps.ids.newId(),
      referenceCode: generateReferenceCode(now, deps.random),
      coach: { coachId: coach.coachId, hourlyRatePence: coach.hourlyRatePence, servicesOffered: coach.servicesOffered },
      serviceType: input.serviceType,
      startsAt: input.startsAt,
      durationMinutes: input.durationMinutes,
      locationType: input.locationType,
      locationAddress: input.locationAddress,
      locationNotes: input.locationNotes,
      clientNotes: input.clientNotes,
    },
    now,
  );
  if (!created.ok) return created;
  let booking = created.value;
  if (!isWithinAvailability(coach.availability, booking.startsAt, endsAt(booking))) return err(bookingErrors.coachUnavailable());

  return deps.uow.transaction(async (tx) => {
    if (input.playerId) {
      // FOR SHARE: a date-of-birth change of this player waits for this booking (decision 034).
      const player = checkPlayerForBooking(await tx.players.findById(input.playerId, { lock: 'share' }), input.actor, coach, booking.startsAt);
      if (!player.ok) return player;
      booking = { ...booking, playerId: player.value.id };
    }
    const clashes = await tx.bookings.checkNewRequest({ ...booking, endsAt: endsAt(booking) });
    if (clashes.coachBusy) return err(bookingErrors.coachUnavailable());
    if (clashes.pendingRequest) return err(bookingErrors.duplicateRequest());
    for (let attempt = 1, taken = clashes.referenceTaken; taken; attempt++) {
      if (attempt >= REFERENCE_ATTEMPTS) return err(bookingErrors.referenceUnavailable());
      booking = { ...booking, referenceCode: generateReferenceCode(now, deps.random) };
      taken = await tx.bookings.isReferenceTaken(booking.referenceCode);
    }
    const saved = await tx.bookings.save(booking);
    await notifyBooking(tx.outbox, { bookingId: saved.id, event: 'requested', actorId: input.actor.userId }, now);
    return ok(saved);
  });
}
