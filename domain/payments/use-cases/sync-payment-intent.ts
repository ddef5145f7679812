import type { Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { Repositories } from '../../repositories';
import type { Booking } from '../../booking/lifecycle/booking';
import { bookingErrors } from '../../booking/lifecycle/booking-errors';
import { notifyBooking } from '../../booking/lifecycle/booking-notifications';
import { applyGatewayIntent } from '../intent-sync';
import type { GatewayIntent } from '../payment-gateway';
import { enqueuePaymentInstructions } from '../../booking/money/enqueue-payment-instructions';
import { fromGatewayError, type PaymentUseCaseDeps } from './payment-deps';
import { reachCoach } from '../../booking/requests/use-cases/reach-coach';

/**
 * In `tx`: locks the booking, records what the gateway reports for its intent, saves it if that
 * changed anything, and queues what follows (a capture once accepted, a void once cancelled).
 * A pending request whose payment is now authorised reaches the coach: this is when the coach's
 * 'New booking request' email goes out (decision 011), once per request, and the client's open
 * enquiry with the coach joins the booking's conversation (decision 052). The client's receipt
 * follows the hold on their card and again the capture of it.
 */
export async function recordGatewayIntent(tx: Repositories, bookingId: Id, intent: GatewayIntent, now: Date): Promise<Result<Booking>> {
  const booking = await tx.bookings.findByIdForUpdate(bookingId);
  if (!booking) return err(bookingErrors.notFound());
  const synced = applyGatewayIntent(booking, intent, now);
  if (!synced.ok) return synced;
  if (synced.value.booking === booking) return ok(booking);
  const saved = await tx.bookings.save(synced.value.booking);
  await enqueuePaymentInstructions(tx.outbox, saved.id, synced.value.followUps);
  if (booking.paymentStatus !== saved.paymentStatus && (saved.paymentStatus === 'authorized' || saved.paymentStatus === 'failed'))
    await notifyBooking(tx.outbox, { bookingId: saved.id, event: saved.paymentStatus === 'authorized' ? 'payment_received' : 'payment_failed', actorId: null }, now);
  if (booking.paymentStatus !== 'authorized' && saved.paymentStatus === 'authorized' && saved.status === 'pending') {
    await reachCoach(tx, saved, now);
  }
  if (booking.paymentStatus !== 'authorized' && saved.paymentStatus === 'authorized') await tx.bookingEmails.queue(tx.outbox, { event: 'payment_received', booking: saved, actorId: null }, now);
  if (booking.paymentStatus === 'authorized' && saved.paymentStatus === 'captured' && saved.status !== 'cancelled')
    await tx.bookingEmails.queue(tx.outbox, { event: 'payment_captured', booking: saved, actorId: null }, now);
  return ok(saved);
}

/**
 * Brings a booking's payment up to date with the gateway (a verified webhook, or a check after
 * the payment dialog). Unknown intents are ignored.
 */
export async function syncPaymentIntent(deps: PaymentUseCaseDeps, input: { intentId: string }): Promise<Result<Booking | null>> {
  const booking = await deps.uow.read.bookings.findByPaymentIntentId(input.intentId);
  if (!booking) return ok(null);
  const intent = await deps.gateway.retrieveIntent(input.intentId);
  if (!intent.ok) return err(fromGatewayError(intent.error));
  return deps.uow.transaction((tx) => recordGatewayIntent(tx, booking.id, intent.value, deps.clock.now()));
}
