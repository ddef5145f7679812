import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutboxJob, OutboxPort } from '../../../domain/shared/outbox';

/**
 * Writes jobs to `outbox_jobs` on the caller's EntityManager, i.e. inside the caller's
 * transaction: a rolled-back change leaves no job, a committed one always has its job. A job
 * whose dedupe key is already there is ignored (ON CONFLICT DO NOTHING does not abort the
 * transaction, unlike a failed insert). Without `runAfter` the job is due at once (the
 * database's now()). `adapters/outbox/worker.ts` runs the jobs.
 */
export class MikroOutbox implements OutboxPort {
  constructor(private readonly em: EntityManager) {}

  async enqueue(job: OutboxJob): Promise<void> {
    await this.em.execute(
      `insert into outbox_jobs (id, type, payload, dedupe_key, run_after)
       values (?, ?, ?::jsonb, ?, coalesce(?::timestamptz, now()))
       on conflict (dedupe_key) where dedupe_key is not null do nothing`,
      [randomUUID(), job.type, JSON.stringify(job.payload), job.dedupeKey ?? null, job.runAfter ?? null],
      'run',
    );
  }
}
