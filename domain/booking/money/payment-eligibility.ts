import type { Actor } from '../../policy/actor';
import { err, ok, type Result } from '../../shared/result';
import type { Booking } from '../lifecycle/booking';
import { bookingErrors } from '../lifecycle/booking-errors';
import { relationOf } from '../lifecycle/booking-party';
import { paymentErrors } from './payment-errors';
import { isAwaitingPayment } from './payment-status';

/**
 * Who may open the Secure Payment dialog for a booking, and when (PRODUCT.md): the client pays
 * their own request (pending or confirmed); an administrator may take payment on any booking that
 * is not cancelled (SPEC "Take Payment"). Only while nothing is held yet.
 */
export type Payer = 'client' | 'admin';

export function checkCanPay(booking: Booking, actor: Actor, as: Payer): Result<Payer> {
  const relation = relationOf(booking, actor);
  if (as === 'admin') {
    if (actor.role !== 'admin') return err(relation === 'stranger' ? bookingErrors.notBookingParty() : bookingErrors.adminOnly());
  } else if (relation !== 'client') {
    return err(relation === 'stranger' ? bookingErrors.notBookingParty() : paymentErrors.payerOnly());
  }
  if (!isAwaitingPayment(booking.paymentStatus)) return err(paymentErrors.alreadyPaid());
  const payable = as === 'admin' ? booking.status !== 'cancelled' : booking.status === 'pending' || booking.status === 'confirmed';
  if (!payable) return err(paymentErrors.notPayable());
  return ok(as);
}
