/**
 * Port: background jobs written in the same transaction as the change that asks for them
 * (payment follow-ups, e-mails). A worker runs them after the commit, retrying failures, so a
 * rolled-back change never leaves a job behind and a committed one never loses its job.
 */
export interface OutboxJob {
  /** What the worker should do, e.g. 'payment.instruction' or 'booking.notification'. */
  readonly type: string;
  /** JSON-serialisable data for the worker. */
  readonly payload: Readonly<Record<string, unknown>>;
  /** Not before this instant (default: as soon as possible). */
  readonly runAfter?: Date;
  /** A second job with the same key is ignored (exactly-once enqueueing). */
  readonly dedupeKey?: string;
}

export interface OutboxPort {
  enqueue(job: OutboxJob): Promise<void>;
}
