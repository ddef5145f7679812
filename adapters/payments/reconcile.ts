import type { EntityManager } from '@mikro-orm/postgresql';
import type { Booking } from '../../domain/booking/lifecycle/booking';
import { applyGatewayIntent } from '../../domain/payments/intent-sync';
import { PAYMENT_INSTRUCTION_JOB } from '../../domain/booking/money/payment-instruction';
import type { PaymentStatus } from '../../domain/booking/money/payment-status';
import { recordGatewayIntent } from '../../domain/payments/use-cases/sync-payment-intent';
import type { Application } from '../composition-root';

/**
 * `fact payments reconcile`: compares every open payment (a booking with a payment intent whose
 * money is not settled yet) with the gateway and brings the booking up to what the gateway says,
 * with the domain's transitions (never backwards), queueing what follows. Payment instructions
 * that failed for good can be queued again (`retryFailed`): they re-plan from the state found.
 */
export const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = ['pending', 'failed', 'authorized', 'captured', 'partially_refunded'];

export interface ReconcileLine {
  readonly bookingId: string;
  readonly reference: string;
  readonly intentId: string;
  readonly before: PaymentStatus;
  /** The booking's payment status after (or, in a dry run, as it would be). */
  readonly after: PaymentStatus | null;
  readonly gatewayStatus: string | null;
  readonly drift: boolean;
  readonly error: string | null;
  /** Failed payment instructions queued again. */
  readonly requeued: number;
}

export interface ReconcileReport {
  readonly checked: number;
  readonly drifted: number;
  readonly repaired: number;
  readonly errors: number;
  readonly requeued: number;
  readonly lines: readonly ReconcileLine[];
}

interface OpenRow {
  id: string;
  reference_code: string;
  payment_intent_id: string;
  payment_status: PaymentStatus;
}

const REQUEUE_SQL = `
  update outbox_jobs set status = 'pending', attempts = 0, run_after = now(), last_error = null, locked_by = null, locked_at = null
   where type = ? and status = 'failed' and payload->>'bookingId' = ?
  returning id`;

export async function reconcilePayments(app: Application, options: { limit?: number; dryRun?: boolean; retryFailed?: boolean; bookingId?: string } = {}): Promise<ReconcileReport> {
  const em = app.orm.em.fork() as EntityManager;
  const rows = await em.execute<OpenRow[]>(
    `select id, reference_code, payment_intent_id, payment_status from bookings
      where payment_intent_id is not null and payment_status = any(?::text[]) ${options.bookingId ? 'and id = ?' : ''}
      order by updated_at asc, id limit ?`,
    [`{${OPEN_PAYMENT_STATUSES.join(',')}}`, ...(options.bookingId ? [options.bookingId] : []), options.limit ?? 500],
  );
  const deps = app.deps();
  const lines: ReconcileLine[] = [];
  for (const row of rows) {
    const base = { bookingId: row.id, reference: row.reference_code, intentId: row.payment_intent_id, before: row.payment_status };
    let requeued = 0;
    if (options.retryFailed && !options.dryRun) requeued = (await em.execute<{ id: string }[]>(REQUEUE_SQL, [PAYMENT_INSTRUCTION_JOB, row.id])).length;
    const read = await deps.gateway.retrieveIntent(row.payment_intent_id);
    if (!read.ok) {
      lines.push({ ...base, after: null, gatewayStatus: null, drift: false, error: `${read.error.code}: ${read.error.message}`, requeued });
      continue;
    }
    const intent = read.value;
    const now = app.clock.now();
    const booking = await deps.uow.read.bookings.findById(row.id);
    if (!booking) {
      lines.push({ ...base, after: null, gatewayStatus: intent.status, drift: false, error: 'booking not found', requeued });
      continue;
    }
    const result = options.dryRun
      ? (() => {
          const synced = applyGatewayIntent(booking, intent, now);
          return synced.ok ? { ok: true as const, value: synced.value.booking } : synced;
        })()
      : await deps.uow.transaction((tx) => recordGatewayIntent(tx, row.id, intent, now));
    lines.push({
      ...base,
      after: result.ok ? result.value.paymentStatus : null,
      gatewayStatus: intent.status,
      drift: result.ok && paymentDiffers(booking, result.value),
      error: result.ok ? null : `${result.error.code}: ${result.error.message}`,
      requeued,
    });
  }
  const drifted = lines.filter((l) => l.drift).length;
  return {
    checked: lines.length,
    drifted,
    repaired: options.dryRun ? 0 : drifted,
    errors: lines.filter((l) => l.error !== null).length,
    requeued: lines.reduce((n, l) => n + l.requeued, 0),
    lines,
  };
}

/** The payment fields a sync may move. */
function paymentDiffers(a: Booking, b: Booking): boolean {
  return (
    a.paymentStatus !== b.paymentStatus || a.amountAuthorizedPence !== b.amountAuthorizedPence || a.amountCapturedPence !== b.amountCapturedPence || a.amountRefundedPence !== b.amountRefundedPence
  );
}
