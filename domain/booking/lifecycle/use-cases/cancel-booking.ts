import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import type { Pence } from '../../../shared/money';
import type { Booking } from '../booking';
import { cancelBooking as cancel } from '../booking-decisions';
import { changeBooking, type BookingUseCaseDeps } from './change-booking';

/**
 * A party (or an administrator) cancels with a reason; the cancellation policy moves the money.
 * `shownRefundPence`, when given, is the refund the person confirmed: another one is refused.
 */
export function cancelBooking(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id; reason: string | null | undefined; shownRefundPence?: Pence | null }): Promise<Result<Booking>> {
  return changeBooking(
    deps,
    input.bookingId,
    input.actor.userId,
    (b, now) => cancel(b, input.actor, { reason: input.reason, shownRefundPence: input.shownRefundPence }, now),
    () => 'cancelled',
  );
}
