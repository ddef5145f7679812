import { err, ok, type Result } from '../../shared/result';
import { bookingErrors } from '../../booking/lifecycle/booking-errors';
import { gatewayCallKey, planInstruction, type GatewayPlan } from '../instruction-plan';
import type { PaymentInstructionJob } from '../../booking/money/payment-instruction';
import type { GatewayIntent, GatewayResult } from '../payment-gateway';
import { recordRelease } from '../payment-records';
import { queueCoachTransfer } from '../../payouts/payout-jobs';
import { fromGatewayError, type PaymentUseCaseDeps } from './payment-deps';
import { recordGatewayIntent } from './sync-payment-intent';
import { refundPackageSession } from './refund-package-session';

export interface InstructionOutcome {
  readonly outcome: 'done' | 'skipped';
  readonly plan: GatewayPlan;
}

/**
 * The outbox worker's handler for 'payment.instruction' jobs. Plans the gateway call from the
 * payment state found now (so a job run twice, or after another job, does the right thing), calls
 * the gateway with an idempotency key derived from the job's key and the call, and records the
 * result. A failure comes back as an error so the worker retries; the payment state is first
 * synced from the gateway so the retry plans from the truth.
 */
export async function executePaymentInstruction(deps: PaymentUseCaseDeps, job: PaymentInstructionJob): Promise<Result<InstructionOutcome>> {
  const booking = await deps.uow.read.bookings.findById(job.bookingId);
  if (!booking) return err(bookingErrors.notFound());
  const plan = planInstruction(booking, job.instruction);
  if (plan.call === 'none') return ok({ outcome: 'skipped', plan });

  if (plan.call === 'release') {
    return deps.uow.transaction(async (tx): Promise<Result<InstructionOutcome>> => {
      const current = await tx.bookings.findByIdForUpdate(job.bookingId);
      if (!current) return err(bookingErrors.notFound());
      const again = planInstruction(current, job.instruction);
      if (again.call !== 'release') return ok({ outcome: 'skipped', plan: again });
      const released = recordRelease(current, deps.clock.now());
      if (!released.ok) return released;
      await tx.bookings.save(released.value);
      await tx.packageSessions.release(tx, released.value, deps.clock.now());
      await queueCoachTransfer(tx.outbox, released.value.id);
      return ok({ outcome: 'done', plan });
    });
  }
  if (booking.packagePurchaseId) return refundPackageSession(deps, booking, plan, job);

  const intentId = booking.paymentIntentId;
  if (intentId === null) return ok({ outcome: 'skipped', plan: { call: 'none', why: 'no payment intent' } });
  const key = gatewayCallKey(job.idempotencyKey, plan);
  let result: GatewayResult<GatewayIntent>;
  switch (plan.call) {
    case 'capture':
      result = await deps.gateway.capture({ intentId, amountPence: plan.amountPence, idempotencyKey: key });
      break;
    case 'cancel':
      result = await deps.gateway.cancel({ intentId, idempotencyKey: key });
      break;
    case 'refund':
      result = await deps.gateway.refund({ intentId, amountPence: plan.amountPence, idempotencyKey: key });
      break;
  }
  if (!result.ok) {
    const truth = await deps.gateway.retrieveIntent(intentId);
    if (truth.ok) await deps.uow.transaction((tx) => recordGatewayIntent(tx, booking.id, truth.value, deps.clock.now()));
    return err(fromGatewayError(result.error));
  }
  const intent = result.value;
  const recorded = await deps.uow.transaction((tx) => recordGatewayIntent(tx, booking.id, intent, deps.clock.now()));
  if (!recorded.ok) return recorded;
  return ok({ outcome: 'done', plan });
}
