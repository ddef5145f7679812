import { describe, expect, it } from 'vitest';
import { OutboxWorker, PermanentJobFailure, type ClaimedJob } from '../../../adapters/outbox/worker';
import { createLogger } from '../../../adapters/logging/logger';
import { AdjustableClock } from '../../../adapters/system/system-ports';
import { conflict } from '../../../domain/shared/errors';
import { err, ok } from '../../../domain/shared/result';
import type { OutboxJob } from '../../../domain/shared/outbox';
import { useTestApp } from '../../support/app';

const ctx = useTestApp();
const logger = createLogger({ level: 'silent', pretty: false });

function newWorker(options: { clock?: AdjustableClock; workerId?: string; lockTimeoutMs?: number; batchSize?: number; jobTimeoutMs?: number } = {}): OutboxWorker {
  return new OutboxWorker({ orm: ctx.app.orm, clock: options.clock ?? new AdjustableClock(), logger, ...options });
}

async function enqueue(...jobs: OutboxJob[]): Promise<void> {
  const result = await ctx.app.deps().uow.transaction(async (tx) => {
    for (const job of jobs) await tx.outbox.enqueue(job);
    return ok(undefined);
  });
  expect(result.ok).toBe(true);
}

interface JobRow {
  id: string;
  status: string;
  attempts: number;
  max_attempts: number;
  run_after: Date;
  last_error: string | null;
  locked_by: string | null;
  done_at: Date | null;
}

const jobsOfType = (type: string) => ctx.db.query<JobRow>('select * from outbox_jobs where type = $1 order by created_at, id', [type]);

describe('the outbox', () => {
  it('writes a job only when the transaction that asked for it commits, and once per dedupe key', async () => {
    const rolledBack = await ctx.app.deps().uow.transaction(async (tx) => {
      await tx.outbox.enqueue({ type: 'test.commit', payload: { n: 1 } });
      return err(conflict('NOPE', 'Rolled back on purpose'));
    });
    expect(rolledBack.ok).toBe(false);
    expect(await jobsOfType('test.commit')).toHaveLength(0);

    await enqueue({ type: 'test.commit', payload: { n: 2 }, dedupeKey: 'booking-1:capture' }, { type: 'test.commit', payload: { n: 3 }, dedupeKey: 'booking-1:capture' });
    await enqueue({ type: 'test.commit', payload: { n: 4 }, dedupeKey: 'booking-1:capture' });
    const rows = await ctx.db.query<{ payload: { n: number }; status: string }>(`select payload, status from outbox_jobs where type = 'test.commit'`);
    expect(rows).toEqual([{ payload: { n: 2 }, status: 'pending' }]);
  });

  it('delivers each job exactly once with two workers draining the same queue', async () => {
    const jobs = Array.from({ length: 120 }, (_, i): OutboxJob => ({ type: 'test.once', payload: { i } }));
    await enqueue(...jobs);
    const delivered: { worker: string; i: number }[] = [];
    const handler = (worker: string) => async (job: ClaimedJob) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      delivered.push({ worker, i: Number(job.payload.i) });
    };
    const a = newWorker({ workerId: 'worker-a', batchSize: 7 }).registerHandler('test.once', handler('a'));
    const b = newWorker({ workerId: 'worker-b', batchSize: 7 }).registerHandler('test.once', handler('b'));
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);

    expect(delivered).toHaveLength(120);
    expect(new Set(delivered.map((d) => d.i)).size).toBe(120);
    expect(ra.done + rb.done).toBe(120);
    expect(ra.claimed).toBeGreaterThan(0);
    expect(rb.claimed).toBeGreaterThan(0);
    const rows = await jobsOfType('test.once');
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1 && r.locked_by === null && r.done_at !== null)).toBe(true);
  });

  it('retries a failing job with exponential back-off and records the failure after the last attempt', async () => {
    await enqueue({ type: 'test.flaky', payload: {} });
    await ctx.db.query(`update outbox_jobs set max_attempts = 3 where type = 'test.flaky'`);
    const clock = new AdjustableClock();
    let calls = 0;
    const worker = newWorker({ clock }).registerHandler('test.flaky', async () => {
      calls += 1;
      throw new Error(`gateway down (${calls})`);
    });

    expect(await worker.drain()).toMatchObject({ claimed: 1, retried: 1 });
    let [job] = await jobsOfType('test.flaky');
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Error: gateway down (1)', locked_by: null });
    expect(job!.run_after.getTime() - clock.now().getTime()).toBeGreaterThan(9_000);
    expect(job!.run_after.getTime() - clock.now().getTime()).toBeLessThanOrEqual(10_000);

    expect((await worker.drain()).claimed).toBe(0); // not due yet
    clock.set(new Date(Date.now() + 10_500));
    expect(await worker.drain()).toMatchObject({ claimed: 1, retried: 1 });
    [job] = await jobsOfType('test.flaky');
    expect(job!.attempts).toBe(2);
    expect(job!.run_after.getTime() - clock.now().getTime()).toBeGreaterThan(19_000); // doubled

    clock.set(new Date(clock.now().getTime() + 20_500));
    expect(await worker.drain()).toMatchObject({ claimed: 1, failed: 1 });
    [job] = await jobsOfType('test.flaky');
    expect(job).toMatchObject({ status: 'failed', attempts: 3, last_error: 'Error: gateway down (3)' });
    clock.set(new Date(clock.now().getTime() + 60 * 60_000));
    expect((await worker.drain()).claimed).toBe(0);
    expect(calls).toBe(3);
  });

  it('marks a job done once a retry succeeds, and treats a failed Result as a failure', async () => {
    await enqueue({ type: 'test.result', payload: {} });
    const clock = new AdjustableClock();
    let calls = 0;
    const worker = newWorker({ clock }).registerHandler('test.result', async () => (++calls === 1 ? err(conflict('GATEWAY_UNAVAILABLE', 'The payment provider is unavailable')) : ok('captured')));
    await worker.drain();
    let [job] = await jobsOfType('test.result');
    expect(job).toMatchObject({ status: 'pending', last_error: 'GATEWAY_UNAVAILABLE: The payment provider is unavailable' });
    clock.set(new Date(Date.now() + 11_000));
    await worker.drain();
    [job] = await jobsOfType('test.result');
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails a job at once when the handler says retrying cannot help', async () => {
    await enqueue({ type: 'test.permanent', payload: {} });
    const worker = newWorker().registerHandler('test.permanent', async () => {
      throw new PermanentJobFailure('Malformed payload');
    });
    expect(await worker.drain()).toMatchObject({ failed: 1 });
    const [job] = await jobsOfType('test.permanent');
    expect(job).toMatchObject({ status: 'failed', attempts: 1, last_error: 'PermanentJobFailure: Malformed payload' });
  });

  it('counts a handler that hangs as failed once the job timeout passes', async () => {
    await enqueue({ type: 'test.hang', payload: {} });
    const worker = newWorker({ jobTimeoutMs: 50 }).registerHandler('test.hang', () => new Promise(() => {}));
    expect(await worker.drain()).toMatchObject({ claimed: 1, retried: 1 });
    const [job] = await jobsOfType('test.hang');
    expect(job).toMatchObject({ status: 'pending', last_error: 'Error: Handler did not finish within 50 ms' });
  });

  it('leaves jobs of a type it has no handler for to a worker that has one', async () => {
    await enqueue({ type: 'test.unknown', payload: {} });
    await newWorker()
      .registerHandler('test.other', async () => {})
      .drain();
    const [job] = await jobsOfType('test.unknown');
    expect(job).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('takes back jobs whose worker held them longer than the lock timeout', async () => {
    await enqueue({ type: 'test.stuck', payload: { n: 1 } }, { type: 'test.stuck', payload: { n: 2 } });
    await ctx.db.query(`update outbox_jobs set status = 'running', locked_by = 'dead-worker', locked_at = now() - interval '20 minutes', attempts = 1 where type = 'test.stuck'`);
    await ctx.db.query(`update outbox_jobs set max_attempts = 1 where type = 'test.stuck' and payload->>'n' = '2'`);
    const ran: number[] = [];
    const worker = newWorker({ lockTimeoutMs: 10 * 60_000 }).registerHandler('test.stuck', async (job) => void ran.push(Number(job.payload.n)));
    expect(await worker.reclaimStale()).toBe(2);
    await worker.drain();
    expect(ran).toEqual([1]);
    const rows = await ctx.db.query<JobRow & { payload: { n: number } }>(`select * from outbox_jobs where type = 'test.stuck' order by payload->>'n'`);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['done', 2],
      ['failed', 1],
    ]);
    expect(rows[1]!.last_error).toContain('dead-worker');
  });

  it('runs a scheduled task once per period, however many workers are running', async () => {
    const clock = new AdjustableClock();
    clock.set(new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000));
    let runs = 0;
    const task = { name: 'test.tick', everyMs: 60_000, run: async () => void (runs += 1) };
    const workers = [newWorker({ clock }).schedule(task), newWorker({ clock }).schedule(task), newWorker({ clock }).schedule(task)];
    const round = () => Promise.all(workers.map(async (w) => (await w.enqueueScheduled(), await w.drain())));
    await round();
    await round();
    expect(runs).toBe(1);
    clock.set(new Date(clock.now().getTime() + 60_000));
    await round();
    expect(runs).toBe(2);
  });

  it('runs in the background from start() until stop()', async () => {
    await enqueue({ type: 'test.loop', payload: {} });
    let ran = 0;
    const worker = newWorker();
    worker.registerHandler('test.loop', async () => void (ran += 1)).start();
    for (let i = 0; i < 100 && ran === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    expect(ran).toBe(1);
  });
});
