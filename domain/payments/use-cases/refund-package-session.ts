import type { Booking } from '../../booking/lifecycle/booking';
import { bookingErrors } from '../../booking/lifecycle/booking-errors';
import { err, ok, type Result } from '../../shared/result';
import type { PaymentInstructionJob } from '../../booking/money/payment-instruction';
import { gatewayCallKey, planInstruction, type GatewayPlan } from '../instruction-plan';
import { recordRefund } from '../payment-records';
import { fromGatewayError, type PaymentUseCaseDeps } from './payment-deps';
import type { InstructionOutcome } from './execute-payment-instruction';

/**
 * A dispute's refund of a session booked from a package (decision 060): the money goes back
 * through the purchase's payment, and the booking records it itself (the purchase's intent
 * speaks for the whole package, not this session), and so does its credit: a part refund is
 * kept on it, a refund of the whole price refunds it. Decline and cancellation never get here: they move the credit instead.
 */
export async function refundPackageSession(deps: PaymentUseCaseDeps, booking: Booking, plan: GatewayPlan, job: PaymentInstructionJob): Promise<Result<InstructionOutcome>> {
  if (plan.call !== 'refund') return ok({ outcome: 'skipped', plan: { call: 'none', why: `a package session has no card payment to ${plan.call}` } });
  const intentId = await deps.uow.read.packageSessions.paymentIntentOf(deps.uow.read, booking);
  if (intentId === null) return ok({ outcome: 'skipped', plan: { call: 'none', why: 'the package has no payment' } });
  const key = gatewayCallKey(job.idempotencyKey, plan);
  const result = await deps.gateway.refund({ intentId, amountPence: plan.amountPence, idempotencyKey: key });
  if (!result.ok) return err(fromGatewayError(result.error));
  return deps.uow.transaction(async (tx): Promise<Result<InstructionOutcome>> => {
    const current = await tx.bookings.findByIdForUpdate(booking.id);
    if (!current) return err(bookingErrors.notFound());
    // Planned again on the booking as it is now: an earlier run of this job may have recorded it already.
    const again = planInstruction(current, job.instruction);
    if (again.call !== 'refund' || again.amountPence !== plan.amountPence) return ok({ outcome: 'skipped', plan: again });
    const refunded = recordRefund(current, { amountPence: plan.amountPence }, deps.clock.now());
    if (!refunded.ok) return refunded;
    const saved = await tx.bookings.save(refunded.value);
    await tx.packageSessions.refunded(tx, saved, plan.amountPence);
    return ok({ outcome: 'done', plan });
  });
}
