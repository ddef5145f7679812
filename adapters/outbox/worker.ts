import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../../domain/shared/clock';
import type { Logger } from '../logging/logger';
import type { Orm } from '../persistence/orm';

/** A job as the worker hands it to its handler (claimed: status running, attempts already counted). */
export interface ClaimedJob {
  readonly id: string;
  readonly type: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly dedupeKey: string | null;
  /** This attempt's number, from 1. */
  readonly attempts: number;
  readonly maxAttempts: number;
}

/**
 * Runs one job. Succeeds by resolving; fails by throwing or by resolving a failed Result
 * (`{ ok: false, error }`), and is then retried with back-off until max_attempts. Handlers must
 * be idempotent: a job whose worker died is run again after the lock timeout.
 */
export type JobHandler = (job: ClaimedJob) => Promise<unknown>;

/** Thrown by a handler when retrying cannot help (bad payload): the job fails at once. */
export class PermanentJobFailure extends Error {
  override name = 'PermanentJobFailure';
}

export interface ScheduledTask {
  /** Unique; the job type becomes `schedule.<name>`. */
  readonly name: string;
  readonly everyMs: number;
  readonly run: () => Promise<unknown>;
}

export interface OutboxWorkerOptions {
  readonly orm: Orm;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly workerId?: string;
  /** Jobs claimed per round (run concurrently). */
  readonly batchSize?: number;
  /** Pause between rounds when nothing was due. */
  readonly pollIntervalMs?: number;
  /** A running job locked longer than this is taken back (its worker is presumed dead). */
  readonly lockTimeoutMs?: number;
  /** A handler still running after this counts as failed (and is retried); keep it below lockTimeoutMs. */
  readonly jobTimeoutMs?: number;
  /** Delay before attempt n+1 after attempt n failed. */
  readonly backoffMs?: (attempts: number) => number;
  /** Done jobs older than this are deleted by the built-in clean-up task. */
  readonly keepDoneMs?: number;
}

export interface RoundOutcome {
  readonly claimed: number;
  readonly done: number;
  readonly retried: number;
  readonly failed: number;
}

const MINUTE = 60_000;
const SCHEDULE_PREFIX = 'schedule.';

/** 10 s, 20 s, 40 s … capped at one hour. */
export const defaultBackoffMs = (attempts: number): number => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);

interface ClaimRow {
  id: string;
  type: string;
  payload: Record<string, unknown> | string;
  dedupe_key: string | null;
  attempts: number;
  max_attempts: number;
}

const CLAIM_SQL = `
  with due as (
    select id from outbox_jobs
     where status = 'pending' and run_after <= greatest(?::timestamptz, now()) and type in (?)
     order by run_after, created_at
     limit ?
     for update skip locked
  )
  update outbox_jobs j
     set status = 'running', locked_by = ?, locked_at = now(), attempts = j.attempts + 1
    from due
   where j.id = due.id
  returning j.id, j.type, j.payload, j.dedupe_key, j.attempts, j.max_attempts`;

const DONE_SQL = `
  update outbox_jobs set status = 'done', done_at = now(), locked_by = null, locked_at = null
   where id = ? and locked_by = ? and status = 'running'`;

const FAIL_SQL = `
  update outbox_jobs
     set status = case when ? or attempts >= max_attempts then 'failed' else 'pending' end,
         run_after = case when ? or attempts >= max_attempts then run_after
                          else greatest(?::timestamptz, now()) + (? * interval '1 millisecond') end,
         last_error = ?, locked_by = null, locked_at = null
   where id = ? and locked_by = ? and status = 'running'
  returning status`;

const RECLAIM_SQL = `
  update outbox_jobs
     set status = case when attempts >= max_attempts then 'failed' else 'pending' end,
         last_error = 'Worker ' || coalesce(locked_by, 'unknown') || ' did not finish within the lock timeout',
         locked_by = null, locked_at = null
   where status = 'running' and locked_at < now() - (? * interval '1 millisecond')
  returning id`;

const SCHEDULE_SQL = `
  insert into outbox_jobs (id, type, payload, dedupe_key, max_attempts, run_after)
  values (gen_random_uuid(), ?, ?::jsonb, ?, 1, now())
  on conflict (dedupe_key) where dedupe_key is not null do nothing`;

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 2000);
  if (typeof error === 'object' && error !== null) {
    const e = error as { code?: unknown; message?: unknown };
    if (typeof e.message === 'string') return `${typeof e.code === 'string' ? `${e.code}: ` : ''}${e.message}`.slice(0, 2000);
  }
  return String(error).slice(0, 2000);
}

/** A handler's resolved value that is a failed Result counts as a failure. */
function failureOf(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false) return (value as { error?: unknown }).error ?? value;
  return undefined;
}

/**
 * The outbox worker: claims due jobs with `FOR UPDATE SKIP LOCKED` (so any number of workers on
 * one database each get different jobs), runs the handler registered for the job type, marks it
 * done, or schedules a retry with exponential back-off and finally marks it failed with the last
 * error. Only job types with a registered handler are claimed: a job no process here knows stays
 * pending for one that does. Jobs locked longer than the lock timeout are taken back.
 *
 * The same loop runs the periodic tasks (auto-complete sessions, release payments, …): each
 * period becomes one outbox job `schedule.<name>` with the dedupe key `schedule:<name>:<slot>`,
 * so with several app instances each period runs exactly once, on whichever worker claims it.
 */
export class OutboxWorker {
  readonly workerId: string;
  readonly #orm: Orm;
  readonly #clock: Clock;
  readonly #log: Logger;
  readonly #handlers = new Map<string, JobHandler>();
  readonly #tasks = new Map<string, ScheduledTask>();
  readonly #lastSlot = new Map<string, number>();
  readonly #batchSize: number;
  readonly #pollIntervalMs: number;
  readonly #lockTimeoutMs: number;
  readonly #jobTimeoutMs: number;
  readonly #backoffMs: (attempts: number) => number;
  #lastReclaim = 0;
  #loop: Promise<void> | undefined;
  #running = false;
  #wake: (() => void) | undefined;

  constructor(options: OutboxWorkerOptions) {
    this.#orm = options.orm;
    this.#clock = options.clock;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.#log = options.logger.child({ worker: this.workerId });
    this.#batchSize = options.batchSize ?? 10;
    this.#pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.#lockTimeoutMs = options.lockTimeoutMs ?? 10 * MINUTE;
    this.#jobTimeoutMs = options.jobTimeoutMs ?? Math.min(5 * MINUTE, this.#lockTimeoutMs / 2);
    this.#backoffMs = options.backoffMs ?? defaultBackoffMs;
    const keepDoneMs = options.keepDoneMs ?? 7 * 24 * 60 * MINUTE;
    this.schedule({ name: 'outbox.cleanup', everyMs: 60 * MINUTE, run: () => this.#cleanUp(keepDoneMs) });
  }

  /** Routes jobs of `type` to `handler` (one handler per type). */
  registerHandler(type: string, handler: JobHandler): this {
    if (this.#handlers.has(type)) throw new Error(`An outbox handler for '${type}' is already registered`);
    this.#handlers.set(type, handler);
    return this;
  }

  /** Runs `task.run` once per `everyMs` across every instance (see the class comment). */
  schedule(task: ScheduledTask): this {
    if (this.#tasks.has(task.name)) throw new Error(`A scheduled task '${task.name}' is already registered`);
    if (!(task.everyMs >= 1_000)) throw new Error(`Scheduled task '${task.name}' must run at most once a second`);
    this.#tasks.set(task.name, task);
    return this.registerHandler(`${SCHEDULE_PREFIX}${task.name}`, () => task.run());
  }

  get handledTypes(): readonly string[] {
    return [...this.#handlers.keys()];
  }

  #sql<T extends object[]>(sql: string, params: unknown[] = []): Promise<T> {
    return this.#orm.em.fork().getConnection().execute<T>(sql, params);
  }

  /** Queues each scheduled task whose period started since it was last queued (by anyone). */
  async enqueueScheduled(): Promise<number> {
    const now = this.#clock.now().getTime();
    let queued = 0;
    for (const task of this.#tasks.values()) {
      const slot = Math.floor(now / task.everyMs);
      if (this.#lastSlot.get(task.name) === slot) continue;
      await this.#sql<object[]>(SCHEDULE_SQL, [`${SCHEDULE_PREFIX}${task.name}`, JSON.stringify({ slot }), `schedule:${task.name}:${slot}`]);
      this.#lastSlot.set(task.name, slot);
      queued++;
    }
    return queued;
  }

  /** Takes back jobs whose worker has held them longer than the lock timeout. */
  async reclaimStale(): Promise<number> {
    const rows = await this.#sql<{ id: string }[]>(RECLAIM_SQL, [this.#lockTimeoutMs]);
    if (rows.length) this.#log.warn({ jobs: rows.map((r) => r.id) }, 'outbox jobs reclaimed from a worker that did not finish');
    return rows.length;
  }

  /** Claims one batch of due jobs and runs them; resolves when all of them are settled. */
  async runOnce(): Promise<RoundOutcome> {
    const types = this.handledTypes;
    if (types.length === 0) return { claimed: 0, done: 0, retried: 0, failed: 0 };
    const rows = await this.#sql<ClaimRow[]>(CLAIM_SQL, [this.#clock.now(), types, this.#batchSize, this.workerId]);
    const outcomes = await Promise.all(rows.map((row) => this.#run(row)));
    return {
      claimed: rows.length,
      done: outcomes.filter((o) => o === 'done').length,
      retried: outcomes.filter((o) => o === 'pending').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    };
  }

  /** Runs rounds until nothing is due (tests, `fact worker --once`). */
  async drain(maxRounds = 1_000): Promise<RoundOutcome> {
    const total = { claimed: 0, done: 0, retried: 0, failed: 0 };
    for (let round = 0; round < maxRounds; round++) {
      const outcome = await this.runOnce();
      total.claimed += outcome.claimed;
      total.done += outcome.done;
      total.retried += outcome.retried;
      total.failed += outcome.failed;
      if (outcome.claimed === 0) break;
    }
    return total;
  }

  /** One turn of the loop: reclaim (once a minute), queue scheduled tasks, run a batch. */
  async tick(): Promise<RoundOutcome> {
    const now = Date.now();
    if (now - this.#lastReclaim >= Math.min(MINUTE, this.#lockTimeoutMs)) {
      this.#lastReclaim = now;
      await this.reclaimStale();
    }
    await this.enqueueScheduled();
    return this.runOnce();
  }

  async #run(row: ClaimRow): Promise<'done' | 'pending' | 'failed' | 'lost'> {
    const job: ClaimedJob = {
      id: row.id,
      type: row.type,
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
      dedupeKey: row.dedupe_key,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    };
    const handler = this.#handlers.get(job.type);
    let failure: unknown;
    let permanent = false;
    try {
      if (!handler) throw new PermanentJobFailure(`No handler for job type '${job.type}'`);
      failure = failureOf(await this.#withTimeout(handler(job)));
    } catch (error) {
      failure = error ?? new Error('handler failed');
      permanent = error instanceof PermanentJobFailure;
    }
    try {
      if (failure === undefined) {
        const done = await this.#orm.em.fork().getConnection().execute(DONE_SQL, [job.id, this.workerId], 'run');
        return (done as { affectedRows?: number }).affectedRows ? 'done' : 'lost';
      }
      const message = describe(failure);
      const rows = await this.#sql<{ status: string }[]>(FAIL_SQL, [permanent, permanent, this.#clock.now(), this.#backoffMs(job.attempts), message, job.id, this.workerId]);
      const status = rows[0]?.status;
      const log = { jobId: job.id, type: job.type, attempts: job.attempts, maxAttempts: job.maxAttempts, error: message };
      if (status === 'failed') this.#log.error(log, 'outbox job failed for good');
      else this.#log.warn(log, 'outbox job failed; will retry');
      return status === 'failed' ? 'failed' : status === 'pending' ? 'pending' : 'lost';
    } catch (error) {
      // The database is away: the job stays running and is reclaimed after the lock timeout.
      this.#log.error({ jobId: job.id, err: error }, 'could not record the outcome of an outbox job');
      return 'lost';
    }
  }

  async #withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Handler did not finish within ${this.#jobTimeoutMs} ms`)), this.#jobTimeoutMs);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async #cleanUp(keepDoneMs: number): Promise<void> {
    await this.#sql<object[]>(`delete from outbox_jobs where status = 'done' and done_at < now() - (? * interval '1 millisecond')`, [keepDoneMs]);
  }

  /** Starts the loop in the background; `stop()` ends it after the jobs in hand are settled. */
  start(): this {
    if (this.#running) return this;
    this.#running = true;
    this.#log.info({ types: this.handledTypes }, 'outbox worker started');
    this.#loop = (async () => {
      while (this.#running) {
        let busy = false;
        try {
          busy = (await this.tick()).claimed >= this.#batchSize;
        } catch (error) {
          this.#log.error({ err: error }, 'outbox worker round failed');
        }
        if (busy || !this.#running) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.#pollIntervalMs);
          this.#wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.#wake = undefined;
      }
    })();
    return this;
  }

  /** Runs the next round now rather than after the poll interval. */
  nudge(): void {
    this.#wake?.();
  }

  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    this.#wake?.();
    await this.#loop;
    this.#loop = undefined;
    this.#log.info('outbox worker stopped');
  }
}
