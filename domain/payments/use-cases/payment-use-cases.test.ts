import { beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../shared/clock';
import { unwrap } from '../../shared/result';
import type { Booking } from '../../booking/lifecycle/booking';
import { acceptBooking } from '../../booking/lifecycle/use-cases/accept-booking';
import { cancelBooking } from '../../booking/lifecycle/use-cases/cancel-booking';
import { markArrival } from '../../booking/session-progress/use-cases/mark-arrival';
import { markCompletion } from '../../booking/session-progress/use-cases/mark-completion';
import { openDispute } from '../../booking/disputes/use-cases/open-dispute';
import { resolveDispute } from '../../booking/disputes/use-cases/resolve-dispute';
import { admin, at, client, coach, NOW, pendingBooking, RATE_PENCE, stranger, STARTS_AT } from '../../testing/booking-fixtures';
import { memoryUnitOfWork, fixedClock, type MemoryUnitOfWork, type SettableClock } from '../../testing';
import { parsePaymentInstructionJob, PAYMENT_INSTRUCTION_JOB } from '../../booking/money/payment-instruction';
import { createFakeGateway, TEST_CARD_DECLINED, TEST_CARD_OK, type FakeGateway } from '../../testing/fake-payment-gateway';
import { confirmPayment } from './confirm-payment';
import { executePaymentInstruction } from './execute-payment-instruction';
import { releaseDuePayments } from './release-due-payments';
import { startPayment } from './start-payment';
import { syncPaymentIntent } from './sync-payment-intent';
import { takePayment } from './take-payment';

const TOTAL = RATE_PENCE + 300;
let uow: MemoryUnitOfWork;
let clock: SettableClock;
let gateway: FakeGateway;
let booking: Booking;
const deps = () => ({ uow, clock, gateway });
const current = () => uow.bookings.rows.get(booking.id)!;

/** Runs every queued payment job once, in order, as the outbox worker would. */
async function runPaymentJobs(): Promise<string[]> {
  const outcomes: string[] = [];
  for (const job of uow.outbox.jobs.filter((j) => j.type === PAYMENT_INSTRUCTION_JOB)) {
    const parsed = parsePaymentInstructionJob(job.payload)!;
    const r = await executePaymentInstruction(deps(), parsed);
    outcomes.push(r.ok ? `${parsed.instruction.kind}:${r.value.outcome}` : `${parsed.instruction.kind}:${r.error.code}`);
  }
  uow.outbox.jobs.splice(0);
  return outcomes;
}

async function pay(card = TEST_CARD_OK, actor = client) {
  const session = unwrap(await (actor === client ? startPayment : takePayment)(deps(), { actor, bookingId: booking.id }));
  gateway.confirmCard(session.intentId, card);
  return confirmPayment(deps(), { actor, bookingId: booking.id, intentId: session.intentId });
}

beforeEach(async () => {
  uow = memoryUnitOfWork();
  clock = fixedClock(NOW);
  gateway = createFakeGateway();
  booking = await uow.bookings.save(pendingBooking());
});

describe('the payment dialog', () => {
  it('opens a payment for the total and records the intent on the booking', async () => {
    const session = unwrap(await startPayment(deps(), { actor: client, bookingId: booking.id }));
    expect(session).toMatchObject({ referenceCode: booking.referenceCode, amountPence: TOTAL, servicePricePence: RATE_PENCE, adminFeePence: 300, currency: 'gbp', testMode: true });
    expect(current().paymentIntentId).toBe(session.intentId);
    expect(gateway.calls).toEqual([`create ${session.intentId} ${TOTAL}`]);
  });

  it('reopens the same intent rather than creating another', async () => {
    const first = unwrap(await startPayment(deps(), { actor: client, bookingId: booking.id }));
    const again = unwrap(await startPayment(deps(), { actor: client, bookingId: booking.id }));
    expect(again.intentId).toBe(first.intentId);
    expect(gateway.intents.size).toBe(1);
  });

  it('holds the funds on a good card, keeps the booking pending, only now tells the coach of the request and sends the client a receipt', async () => {
    const r = unwrap(await pay());
    expect(r.intentStatus).toBe('requires_capture');
    expect(current()).toMatchObject({ status: 'pending', paymentStatus: 'authorized', amountAuthorizedPence: TOTAL });
    expect(uow.outbox.jobs.map((j) => [j.type, j.payload.event])).toEqual([
      ['booking.notification', 'payment_received'],
      ['email.booking_requested', 'booking_requested'],
      ['email.payment_receipt', 'payment_receipt'],
    ]);
    expect(uow.outbox.jobs[1]!.payload).toMatchObject({ recipient: { kind: 'user', userId: coach.userId, role: 'coach' } });
    expect(uow.outbox.jobs[2]!.payload).toMatchObject({ recipient: { kind: 'user', userId: client.userId, role: 'client' }, details: { heldOnly: true, paidPence: TOTAL } });
  });

  it('does not tell the coach again when the same authorisation is recorded twice', async () => {
    const session = unwrap(await startPayment(deps(), { actor: client, bookingId: booking.id }));
    gateway.confirmCard(session.intentId, TEST_CARD_OK);
    unwrap(await syncPaymentIntent(deps(), { intentId: session.intentId }));
    unwrap(await syncPaymentIntent(deps(), { intentId: session.intentId }));
    expect(uow.outbox.jobs.filter((j) => j.type === 'email.booking_requested')).toHaveLength(1);
  });

  it('does not tell the coach of a card declined', async () => {
    expect((await pay(TEST_CARD_DECLINED)).ok).toBe(false);
    expect(uow.outbox.jobs.map((j) => j.type)).toEqual(['booking.notification']);
  });

  it('records a declined card with the provider’s message and lets the client try again', async () => {
    expect(await pay(TEST_CARD_DECLINED)).toMatchObject({ ok: false, error: { code: 'PAYMENT_FAILED', message: 'Your card was declined.' } });
    expect(current().paymentStatus).toBe('failed');
    unwrap(await pay(TEST_CARD_OK));
    expect(current().paymentStatus).toBe('authorized');
    expect(gateway.intents.size).toBe(1);
  });

  it('refuses to take payment twice', async () => {
    unwrap(await pay());
    expect(await startPayment(deps(), { actor: client, bookingId: booking.id })).toMatchObject({ ok: false, error: { code: 'ALREADY_PAID' } });
  });

  it('lets an administrator take payment, and only an administrator', async () => {
    expect(await takePayment(deps(), { actor: client, bookingId: booking.id })).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY' } });
    unwrap(await pay(TEST_CARD_OK, admin));
    expect(current().paymentStatus).toBe('authorized');
  });

  it('refuses the coach and strangers', async () => {
    expect(await startPayment(deps(), { actor: coach, bookingId: booking.id })).toMatchObject({ ok: false, error: { code: 'NOT_BOOKING_CLIENT' } });
    expect(await startPayment(deps(), { actor: stranger, bookingId: booking.id })).toMatchObject({ ok: false, error: { code: 'NOT_BOOKING_PARTY' } });
    const session = unwrap(await startPayment(deps(), { actor: client, bookingId: booking.id }));
    expect(await confirmPayment(deps(), { actor: coach, bookingId: booking.id, intentId: session.intentId })).toMatchObject({ ok: false, error: { code: 'NOT_BOOKING_CLIENT' } });
    expect(await confirmPayment(deps(), { actor: client, bookingId: booking.id, intentId: 'pi_other' })).toMatchObject({ ok: false, error: { code: 'PAYMENT_INTENT_MISMATCH' } });
  });

  it('reports the gateway being down as unavailable', async () => {
    gateway.failNext({ code: 'api_connection_error', message: 'network', retryable: true });
    expect(await startPayment(deps(), { actor: client, bookingId: booking.id })).toMatchObject({ ok: false, error: { kind: 'unavailable', code: 'PAYMENT_GATEWAY_UNAVAILABLE' } });
  });
});

describe('payment jobs', () => {
  it('capture on acceptance, hold until 48 hours after the end, then release to the coach', async () => {
    unwrap(await pay());
    unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: booking.id }));
    expect(await runPaymentJobs()).toEqual(['capture:done']);
    expect(current()).toMatchObject({ paymentStatus: 'captured', amountCapturedPence: TOTAL, paymentHeldUntil: at(STARTS_AT, 49 * HOUR_MS) });

    clock.set(at(STARTS_AT, -MINUTE_MS));
    unwrap(await markArrival({ uow, clock }, { actor: client, bookingId: booking.id }));
    unwrap(await markArrival({ uow, clock }, { actor: coach, bookingId: booking.id }));
    clock.set(at(STARTS_AT, HOUR_MS));
    unwrap(await markCompletion({ uow, clock }, { actor: client, bookingId: booking.id }));
    unwrap(await markCompletion({ uow, clock }, { actor: coach, bookingId: booking.id }));

    clock.set(at(STARTS_AT, 49 * HOUR_MS - 1));
    expect(unwrap(await releaseDuePayments({ uow, clock })).done).toEqual([]);
    clock.set(at(STARTS_AT, 49 * HOUR_MS));
    expect(unwrap(await releaseDuePayments({ uow, clock })).done).toEqual([booking.id]);
    expect(current()).toMatchObject({ paymentStatus: 'released', paymentReleasedAt: at(STARTS_AT, 49 * HOUR_MS) });
  });

  it('void the hold when the client cancels before acceptance; a job run twice does nothing more', async () => {
    unwrap(await pay());
    unwrap(await cancelBooking({ uow, clock }, { actor: client, bookingId: booking.id, reason: 'Found another coach' }));
    const job = parsePaymentInstructionJob(uow.outbox.jobs.find((j) => j.type === PAYMENT_INSTRUCTION_JOB)!.payload)!;
    expect(unwrap(await executePaymentInstruction(deps(), job)).outcome).toBe('done');
    expect(unwrap(await executePaymentInstruction(deps(), job)).outcome).toBe('skipped');
    expect(current().paymentStatus).toBe('voided');
    expect(gateway.calls.filter((c) => c.startsWith('cancel'))).toHaveLength(1);
  });

  it('keep the session price and refund the fee on a late cancellation, even before the capture ran', async () => {
    unwrap(await pay());
    unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: booking.id }));
    clock.set(at(STARTS_AT, -HOUR_MS));
    unwrap(await cancelBooking({ uow, clock }, { actor: client, bookingId: booking.id, reason: 'Ill' }));
    expect(await runPaymentJobs()).toEqual(['capture:skipped', 'refund:done']);
    expect(current()).toMatchObject({ paymentStatus: 'captured', amountCapturedPence: RATE_PENCE, amountRefundedPence: 0 });
    clock.set(at(STARTS_AT, 49 * HOUR_MS));
    expect(unwrap(await releaseDuePayments({ uow, clock })).done).toEqual([booking.id]);
  });

  it('refund a dispute decision and never release the refunded part', async () => {
    unwrap(await pay());
    unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: booking.id }));
    await runPaymentJobs();
    clock.set(at(STARTS_AT, 10 * MINUTE_MS));
    unwrap(await markArrival({ uow, clock }, { actor: client, bookingId: booking.id }));
    unwrap(await openDispute({ uow, clock }, { actor: client, bookingId: booking.id, description: 'Coach did not come' }));
    clock.set(at(STARTS_AT, 49 * HOUR_MS));
    expect(unwrap(await releaseDuePayments({ uow, clock })).done).toEqual([]);
    unwrap(await resolveDispute({ uow, clock }, { actor: admin, bookingId: booking.id, decision: { outcome: 'refund_partial', refundPence: 2000 } }));
    expect(unwrap(await releaseDuePayments({ uow, clock })).done).toEqual([]);
    expect(await runPaymentJobs()).toEqual(['refund:done']);
    expect(current()).toMatchObject({ paymentStatus: 'partially_refunded', amountRefundedPence: 2000 });
    expect(unwrap(await releaseDuePayments({ uow, clock })).done).toEqual([booking.id]);
    expect(current().paymentStatus).toBe('released');
  });

  it('retry after a gateway failure from the gateway’s own state', async () => {
    unwrap(await pay());
    unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: booking.id }));
    gateway.failNext({ code: 'rate_limit', message: 'Too many requests', retryable: true });
    expect(await runPaymentJobs()).toEqual(['capture:PAYMENT_GATEWAY_UNAVAILABLE']);
    expect(current().paymentStatus).toBe('authorized');
  });

  it('recover when a capture happened at the gateway but was never recorded', async () => {
    unwrap(await pay());
    unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: booking.id }));
    gateway.captureNow({ intentId: current().paymentIntentId!, amountPence: TOTAL, idempotencyKey: 'elsewhere' });
    clock.set(at(STARTS_AT, -2 * 24 * HOUR_MS));
    unwrap(await cancelBooking({ uow, clock }, { actor: coach, bookingId: booking.id, reason: 'Injured' }));
    const jobs = uow.outbox.jobs.filter((j) => j.type === PAYMENT_INSTRUCTION_JOB).map((j) => parsePaymentInstructionJob(j.payload)!);
    const voidJob = jobs.find((j) => j.instruction.kind === 'void')!;
    expect(await executePaymentInstruction(deps(), voidJob)).toMatchObject({ ok: false, error: { code: 'PAYMENT_GATEWAY_ERROR' } });
    expect(current().paymentStatus).toBe('captured'); // synced from the gateway
    expect(unwrap(await executePaymentInstruction(deps(), voidJob)).plan).toEqual({ call: 'refund', amountPence: TOTAL });
    expect(current()).toMatchObject({ paymentStatus: 'refunded', amountRefundedPence: TOTAL });
  });

  it('sync a booking from a webhook, ignoring unknown intents', async () => {
    const session = unwrap(await startPayment(deps(), { actor: client, bookingId: booking.id }));
    gateway.confirmCard(session.intentId, TEST_CARD_OK);
    expect(unwrap(await syncPaymentIntent(deps(), { intentId: session.intentId }))?.paymentStatus).toBe('authorized');
    expect(unwrap(await syncPaymentIntent(deps(), { intentId: 'pi_unknown' }))).toBeNull();
  });

  it('refuse to accept a request not paid yet, and accept it once paid', async () => {
    expect(await acceptBooking({ uow, clock }, { actor: coach, bookingId: booking.id })).toMatchObject({ ok: false, error: { code: 'BOOKING_NOT_PAID' } });
    unwrap(await pay());
    unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: booking.id }));
    expect(await runPaymentJobs()).toEqual(['capture:done']);
    expect(current().paymentStatus).toBe('captured');
  });

  it('capture at once an administrator’s Take Payment on a booking confirmed without payment (made before decision 011)', async () => {
    booking = await uow.bookings.save({ ...current(), status: 'confirmed' });
    unwrap(await pay(TEST_CARD_OK, admin));
    expect(await runPaymentJobs()).toEqual(['capture:done']);
    expect(current().paymentStatus).toBe('captured');
  });
});
