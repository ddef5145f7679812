import type { Actor } from '../../../policy/actor';
import type { Clock } from '../../../shared/clock';
import type { Id } from '../../../shared/ids';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import type { Booking } from '../booking';
import { availableActions, type BookingAction } from '../available-actions';
import { bookingErrors } from '../booking-errors';
import { relationOf, type BookingRelation } from '../booking-party';
import { rescheduleViewFor, type RescheduleView } from '../../reschedule/reschedule';
import { advanceSession, sessionProgressState, type SessionProgressState } from '../../session-progress/session-progress';

export interface BookingView {
  /** As time has it now (a started session shows in_session even before it is saved so). */
  readonly booking: Booking;
  readonly relation: Exclude<BookingRelation, 'stranger'>;
  readonly progress: SessionProgressState;
  readonly reschedule: RescheduleView;
  readonly actions: readonly BookingAction[];
}

/** One booking as its client, its coach or an administrator sees it; a stranger gets 404. */
export async function viewBooking(deps: { readonly uow: UnitOfWork; readonly clock: Clock }, input: { actor: Actor; bookingId: Id }): Promise<Result<BookingView>> {
  const stored = await deps.uow.read.bookings.findById(input.bookingId);
  if (!stored) return err(bookingErrors.notFound());
  const relation = relationOf(stored, input.actor);
  if (relation === 'stranger') return err(bookingErrors.notBookingParty());
  const now = deps.clock.now();
  const booking = advanceSession(stored, now);
  return ok({
    booking,
    relation,
    progress: sessionProgressState(booking, now),
    reschedule: rescheduleViewFor(booking, input.actor),
    actions: availableActions(booking, input.actor, now),
  });
}
