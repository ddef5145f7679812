import type { EntityManager } from '@mikro-orm/postgresql';
import { PAYOUT_TRANSFER_JOB, queueCoachTransfer } from '../../domain/payouts/payout-jobs';
import { ok } from '../../domain/shared/result';
import type { Application } from '../composition-root';

/**
 * The transfers half of `fact payments reconcile` (decision 012):
 * - a released booking with no transfer row, or with a 'pending' one with no pending or running
 *   'payout.transfer' job (done, failed for good, or deleted): its transfer is queued again under
 *   a fresh dedupe key (a dry run only says so);
 *   one held by an open chargeback is reported, not queued;
 * - a sent transfer whose amount or reversed amount at the gateway differs from the record:
 *   reported (an operator looks; nothing is changed).
 */
export type TransferIssue = 'missing' | 'stalled' | 'held_by_chargeback' | 'amount_differs' | 'reversal_differs' | 'gateway_error';

export interface TransferReconcileLine {
  readonly bookingId: string;
  readonly reference: string;
  readonly issue: TransferIssue;
  /** What was done: the transfer job queued (again), or only reported. */
  readonly action: 'queued' | 'would_queue' | 'reported';
  readonly detail: string;
}

export interface TransferReconcileReport {
  /** Released bookings found with no transfer, or a pending one with no live job. */
  readonly releasedWithoutTransfer: number;
  /** Sent transfers compared with the gateway. */
  readonly checkedTransfers: number;
  readonly queued: number;
  readonly drifted: number;
  readonly errors: number;
  readonly lines: readonly TransferReconcileLine[];
}

interface ReleasedRow {
  id: string;
  reference_code: string;
  transfer_status: string | null;
  held: boolean;
}

interface SentRow {
  booking_id: string;
  reference_code: string;
  transfer_id: string;
  coach_share_pence: number;
  reversed_pence: number;
}

const OPEN_CHARGEBACK = `x.status not in ('won', 'lost', 'prevented', 'warning_closed')`;

/** Released bookings whose transfer is missing, or pending with no live job for its attempt. */
const RELEASED_SQL = (oneBooking: boolean) => `
  select b.id, b.reference_code, ct.status as transfer_status,
         exists (select 1 from chargebacks x where x.booking_id = b.id and ${OPEN_CHARGEBACK}) as held
    from bookings b left join coach_transfers ct on ct.booking_id = b.id
   where b.payment_status = 'released' and b.payment_intent_id is not null
     and (ct.booking_id is null or ct.status = 'pending')
     and not exists (select 1 from outbox_jobs j where j.type = ? and j.status in ('pending', 'running') and j.payload->>'bookingId' = b.id::text)
     ${oneBooking ? 'and b.id = ?' : ''}
   order by b.payment_released_at asc nulls first, b.id
   limit ?`;

const SENT_SQL = (oneBooking: boolean) => `
  select ct.booking_id, b.reference_code, ct.transfer_id, ct.coach_share_pence, ct.reversed_pence
    from coach_transfers ct join bookings b on b.id = ct.booking_id
   where ct.transfer_id is not null ${oneBooking ? 'and ct.booking_id = ?' : ''}
   order by ct.updated_at desc, ct.booking_id
   limit ?`;

export async function reconcileTransfers(app: Application, options: { limit?: number; dryRun?: boolean; bookingId?: string } = {}): Promise<TransferReconcileReport> {
  const em = app.orm.em.fork() as EntityManager;
  const limit = options.limit ?? 500;
  const one = options.bookingId ? [options.bookingId] : [];
  const deps = app.deps();
  const lines: TransferReconcileLine[] = [];

  const released = await em.execute<ReleasedRow[]>(RELEASED_SQL(one.length > 0), [PAYOUT_TRANSFER_JOB, ...one, limit]);
  for (const row of released) {
    const issue: TransferIssue = row.transfer_status === null ? 'missing' : 'stalled';
    const base = { bookingId: row.id, reference: row.reference_code };
    const what = issue === 'missing' ? 'released with no transfer' : 'transfer pending with no job to send it';
    if (row.held) {
      lines.push({ ...base, issue: 'held_by_chargeback', action: 'reported', detail: `${what}; an open chargeback holds it` });
      continue;
    }
    if (options.dryRun) {
      lines.push({ ...base, issue, action: 'would_queue', detail: what });
      continue;
    }
    // A fresh dedupe key per reconcile: the job is safe to run any number of times.
    await deps.uow.transaction(async (tx) => ok(await queueCoachTransfer(tx.outbox, row.id, `reconcile-${app.clock.now().getTime()}`)));
    lines.push({ ...base, issue, action: 'queued', detail: `${what}; transfer queued` });
  }

  const sent = await em.execute<SentRow[]>(SENT_SQL(one.length > 0), [...one, limit]);
  let checkedTransfers = 0;
  for (const row of sent) {
    checkedTransfers += 1;
    const base = { bookingId: row.booking_id, reference: row.reference_code, action: 'reported' as const };
    const read = await deps.payoutGateway.retrieveTransfer(row.transfer_id);
    if (!read.ok) {
      lines.push({ ...base, issue: 'gateway_error', detail: `${row.transfer_id}: ${read.error.code}: ${read.error.message}` });
      continue;
    }
    const g = read.value;
    if (g.amountPence !== row.coach_share_pence) lines.push({ ...base, issue: 'amount_differs', detail: `${row.transfer_id}: recorded ${row.coach_share_pence}p, gateway ${g.amountPence}p` });
    if (g.reversedPence !== row.reversed_pence) lines.push({ ...base, issue: 'reversal_differs', detail: `${row.transfer_id}: recorded ${row.reversed_pence}p reversed, gateway ${g.reversedPence}p` });
  }

  return {
    releasedWithoutTransfer: released.length,
    checkedTransfers,
    queued: lines.filter((l) => l.action === 'queued').length,
    drifted: lines.filter((l) => l.issue === 'amount_differs' || l.issue === 'reversal_differs').length,
    errors: lines.filter((l) => l.issue === 'gateway_error').length,
    lines,
  };
}
