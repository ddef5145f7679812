import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import type { Pence } from '../../../shared/money';
import type { Booking } from '../booking';
import { cancelBooking as cancel } from '../booking-decisions';
import { changeWithSeries, type BookingUseCaseDeps } from './change-booking';

/**
 * A party (or an administrator) cancels with a reason; the cancellation policy moves the money.
 * `shownRefundPence`, when given, is the refund the person confirmed: another one is refused.
 */
export function cancelBooking(
  deps: BookingUseCaseDeps,
  input: { actor: Actor; bookingId: Id; reason: string | null | undefined; shownRefundPence?: Pence | null; scope?: 'one' | 'series_future' },
): Promise<Result<Booking>> {
  return changeWithSeries(
    deps,
    input.bookingId,
    input.actor.userId,
    // The refund the person confirmed is this session's; the later sessions follow the policy each.
    (b, now) => cancel(b, input.actor, { reason: input.reason, shownRefundPence: b.id === input.bookingId ? input.shownRefundPence : null }, now),
    () => 'cancelled',
    // 'Cancel this and all later sessions' of a weekly series (decision 062).
    (b) => (input.scope === 'series_future' ? { statuses: ['pending', 'confirmed'], from: b.startsAt } : null),
  );
}
