import type { Repositories } from '../../repositories';
import { isId, type Id } from '../../shared/ids';

/** The outbox job that captures a card series' payment for its accepted sessions, or gives it back (decision 064). */
export const SERIES_SETTLEMENT_JOB = 'series.settle-payment';

export function parseSeriesSettlementJob(payload: unknown): { seriesId: Id } | null {
  const p = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  return p && isId(p.seriesId) ? { seriesId: p.seriesId } : null;
}

/**
 * Once no request of the series waits for the coach, its payment is settled: one job per series
 * (the dedupe key), queued in the transaction of the last answer, so a rolled-back answer queues
 * nothing and the capture never runs while a request is still open.
 */
export async function queueSeriesSettlementOnceAnswered(tx: Repositories, seriesId: Id): Promise<void> {
  const open = await tx.bookings.list({ seriesId, statuses: ['pending'], orderBy: 'starts_asc', limit: 1 });
  if (open.length > 0) return;
  await tx.outbox.enqueue({ type: SERIES_SETTLEMENT_JOB, payload: { seriesId }, dedupeKey: `series:${seriesId}:settle` });
}
