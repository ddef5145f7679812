import { expect } from 'vitest';
import type { Application } from '../../../adapters/composition-root';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import type { GatewayIntent } from '../../../domain/payments/payment-gateway';
import { confirmPayment } from '../../../domain/payments/use-cases/confirm-payment';
import { startPayment } from '../../../domain/payments/use-cases/start-payment';
import type { Result } from '../../../domain/shared/result';
import { unwrap } from '../../../domain/shared/result';
import type { TestDatabase } from '../../support/database';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { autoCompleteDue } from '../../../domain/booking/session-progress/use-cases/auto-complete-due';
import { releaseDuePayments } from '../../../domain/payments/use-cases/release-due-payments';
import { HOUR, insertParty, loadBooking, storeBooking, type Party } from './payment-fixtures';

/** The money paths through the domain use cases, against the offline test gateway. */

export interface World {
  readonly client: Party;
  readonly coach: Party;
  readonly admin: Party;
  readonly booking: Booking;
}

/** A client, a coach of their own (so requests never overlap between tests) and a pending £50 + £3 request. */
export async function newWorld(app: Application, db: TestDatabase, options: { startsAt?: Date } = {}): Promise<World> {
  const client = await insertParty(db, 'client');
  const coach = await insertParty(db, 'coach');
  const admin = await insertParty(db, 'admin');
  const booking = await storeBooking(app, client, coach, options);
  return { client, coach, admin, booking };
}

/** The Secure Payment dialog with a test card: opens the payment, confirms the card, records it. */
export async function payWithCard(app: Application, world: World, cardNumber = '4242 4242 4242 4242'): Promise<Result<unknown>> {
  const session = unwrap(await startPayment(app.deps(), { actor: world.client.actor, bookingId: world.booking.id }));
  await app.payments.testCards!.confirmCard({ intentId: session.intentId, cardNumber, expiry: '12/34', cvc: '123', idempotencyKey: `${world.booking.id}:confirm:${cardNumber}:${Date.now()}` });
  return confirmPayment(app.deps(), { actor: world.client.actor, bookingId: world.booking.id, intentId: session.intentId });
}

/** Runs every due outbox job (payment instructions) to the end. */
export async function runJobs(app: Application): Promise<void> {
  const worker = createAppWorker(app);
  await worker.drain();
}

export async function paymentOf(app: Application, bookingId: string): Promise<{ booking: Booking; intent: GatewayIntent }> {
  const booking = await loadBooking(app, bookingId);
  const intent = unwrap(await app.payments.gateway.retrieveIntent(booking.paymentIntentId!));
  return { booking, intent };
}

/** The booking's books and the gateway's agree, to the penny. */
export async function expectMoney(
  app: Application,
  bookingId: string,
  expected: { status: Booking['paymentStatus']; authorised: number; captured: number; refunded: number; gateway: GatewayIntent['status'] },
): Promise<Booking> {
  const { booking, intent } = await paymentOf(app, bookingId);
  expect({
    status: booking.paymentStatus,
    authorised: booking.amountAuthorizedPence,
    captured: booking.amountCapturedPence,
    refunded: booking.amountRefundedPence,
    gateway: intent.status,
  }).toEqual(expected);
  expect(intent.amountCapturedPence).toBe(expected.captured);
  expect(intent.amountRefundedPence).toBe(expected.refunded);
  return booking;
}

export async function failedJobs(db: TestDatabase): Promise<unknown[]> {
  return db.query(`select type, last_error from outbox_jobs where status = 'failed'`);
}

/**
 * A £50 + £3 booking taken all the way to 'released' through the use cases: paid with the test
 * card, accepted (captured), completed automatically 25 h after its end, released 48 h after
 * it. The app's test clock is left just past the release; `drain` runs the outbox jobs between.
 */
export async function releasedBooking(app: Application, db: TestDatabase, drain: () => Promise<void> = () => runJobs(app)): Promise<World> {
  const world = await newWorld(app, db);
  unwrap(await payWithCard(app, world));
  unwrap(await acceptBooking(app.deps(), { actor: world.coach.actor, bookingId: world.booking.id }));
  await drain();
  const end = world.booking.startsAt.getTime() + HOUR;
  app.testClock!.set(new Date(end + 25 * HOUR));
  unwrap(await autoCompleteDue(app.deps()));
  app.testClock!.set(new Date(end + 48 * HOUR + 1000));
  expect(unwrap(await releaseDuePayments(app.deps())).done).toContain(world.booking.id);
  return world;
}
