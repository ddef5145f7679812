/**
 * Shared pieces of the reliability scripts (faults.ts, soak.ts, heap.ts): a throwaway PostgreSQL that can
 * be stopped and started again, FACT as a child process exactly as `npm start` runs it, people
 * and bookings straight in the tables, session cookies, an open-loop load generator, a tiny
 * round-robin proxy, and the numbers (percentiles, RSS).
 *
 * Loopback only, every loop bounded. Nothing here is imported by the app.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CONTAINER_HEAP_MB, containerNodeFlags } from '../container-heap';
import { sessionStorageFor } from '../../app/auth/session.server';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../adapters/persistence/embedded-postgres';
import { migrate, openOrm } from '../../adapters/persistence/orm';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SESSION_SECRET = 'reliability-secret-reliability-secret-42';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 23)} ${line}\n`);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

// --- PostgreSQL that can be taken away --------------------------------------------------------

export interface RestartableDatabase {
  url: string;
  adminUrl: string;
  stop(): Promise<number>;
  start(): Promise<number>;
  destroy(): Promise<void>;
}

/** An embedded PostgreSQL in a temporary folder, migrated; stop() and start() time themselves. */
export async function startDatabase(): Promise<RestartableDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fact-reliability-pg-'));
  const port = await freePort();
  // Persistent: an ephemeral cluster deletes its folder when stopped, and could not come back.
  const boot = () => startEmbeddedPostgres({ dir: path.join(dir, 'data'), port });
  let db: EmbeddedDatabase | null = await boot();
  const adminUrl = db.url('postgres');
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query('create database fact');
  await admin.end();
  const url = db.url('fact');
  const orm = await openOrm(url, { poolMax: 2 });
  await migrate(orm);
  await orm.close();
  return {
    url,
    adminUrl,
    async stop() {
      const t = performance.now();
      await db?.stop();
      db = null;
      return performance.now() - t;
    },
    async start() {
      const t = performance.now();
      db = await boot();
      return performance.now() - t;
    },
    async destroy() {
      await db?.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client(url);
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

// --- FACT as `npm start` runs it ---------------------------------------------------------------

export interface AppProcess {
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx scripts/start.ts` (production mode, the current build) and waits for /readyz.
 * `heapMb`: the heap bound, the container's (CONTAINER_HEAP_MB) unless an experiment asks for another;
 * `nodeArgs`: more Node flags for measuring (heap.ts: `--trace-gc`).
 */
export async function startApp(databaseUrl: string, env: Record<string, string> = {}, options: { heapMb?: number; nodeArgs?: string[] } = {}): Promise<AppProcess> {
  const heapMb = options.heapMb ?? CONTAINER_HEAP_MB;
  if (!existsSync(path.join(ROOT, 'build', 'index.js'))) throw new Error('no build: run `npm run build` first');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fact-reliability-data-'));
  let output = '';
  // As `npm start` runs it (package.json), with the heap bound the README gives a container.
  const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), [...containerNodeFlags(heapMb), ...(options.nodeArgs ?? []), '--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      APP_URL: env.APP_URL ?? `http://127.0.0.1:${port}`,
      SESSION_SECRET,
      DATA_DIR: dataDir,
      DEMO_SEED: 'never',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-200_000)));
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-200_000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`FACT exited early:\n${output}`);
    const ready = await fetch(`${baseUrl}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`FACT did not become ready:\n${output}`);
    await sleep(100);
  }
  return {
    baseUrl,
    pid: child.pid!,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(15_000)]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// --- people, bookings, cookies -------------------------------------------------------------------

export interface Person {
  id: string;
  type: 'client' | 'coach' | 'admin';
}

export async function insertPeople(url: string, type: Person['type'], count: number): Promise<Person[]> {
  return withClient(url, async (c) => {
    const people: Person[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      await c.query(
        `insert into users (id, email, email_verified_at, password_hash, full_name, location_address, role, user_type)
         values ($1, $2, now(), 'x', $3, 'London', $4, $5)`,
        [id, `${type}-${id}@reliability.test`, `${type} ${i}`, type === 'admin' ? 'admin' : 'user', type === 'coach' ? 'coach' : 'client'],
      );
      if (type === 'coach') {
        await c.query(`insert into coach_profiles (user_id, services_offered, hourly_rate_pence, is_verified) values ($1, '{striker,midfield}', 5000, true)`, [id]);
        await c.query(`insert into availability_periods (id, coach_id, starts_at, ends_at) values ($1, $2, now(), now() + interval '88 days')`, [randomUUID(), id]);
      }
      people.push({ id, type });
    }
    return people;
  });
}

let referenceCounter = 0;
/** A pending booking of client with coach at `startsAt` (60 minutes, £50 + £3), straight into the table. */
/**
 * A pending request. `paid`: its payment is held on the card, so it has reached the coach and its
 * conversation is open (decision 011: an unpaid request is the client's alone, and a message on it
 * is refused with 409). Unpaid, it is one a scenario pays for itself.
 */
export async function insertBooking(url: string, clientId: string, coachId: string, startsAt: Date, options: { paid?: boolean } = {}): Promise<string> {
  const id = randomUUID();
  const n = referenceCounter++;
  const ref = `FACT-20260101-${(n % 36 ** 4).toString(36).toUpperCase().padStart(4, '0')}`;
  const [paymentStatus, authorizedPence] = options.paid ? ['authorized', 5300] : ['pending', 0];
  await withClient(url, (c) =>
    c.query(
      `insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, ends_at, duration_minutes, service_price_pence, admin_fee_pence, total_price_pence, payment_status, amount_authorized_pence)
       values ($1, $2, $3, $4, 'striker', $5, $5::timestamptz + interval '60 minutes', 60, 5000, 300, 5300, $6, $7)`,
      [id, ref, clientId, coachId, startsAt, paymentStatus, authorizedPence],
    ),
  );
  return id;
}

/** A signed session cookie for `userId` (what a sign-in gives), for the app at `appUrl`. */
export async function cookieFor(userId: string, appUrl: string, sessionVersion = 1): Promise<string> {
  const storage = sessionStorageFor({ app: { env: { APP_URL: appUrl }, sessionSecret: SESSION_SECRET } } as never);
  const session = await storage.getSession();
  session.set('userId', userId);
  session.set('sessionVersion', sessionVersion);
  session.set('issuedAt', Date.now());
  return (await storage.commitSession(session)).split(';')[0]!;
}

// --- load ----------------------------------------------------------------------------------------

export interface Sample {
  /** ms since the run began, when the request was sent. */
  at: number;
  ms: number;
  /** HTTP status, or 0 for a network failure (refused, reset, timed out). */
  status: number;
  error?: string;
  name: string;
}

export interface LoadRequest {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export async function send(req: LoadRequest, startedAt: number, timeoutMs = 10_000): Promise<Sample> {
  const at = performance.now() - startedAt;
  const t = performance.now();
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return { at, ms: performance.now() - t, status: res.status, name: req.name };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { at, ms: performance.now() - t, status: 0, error: cause?.code ?? (error as Error).name, name: req.name };
  }
}

/**
 * Open-loop load: `rate` requests per second, whatever the answers do (a slow server piles up
 * requests in flight, as real visitors would), for `seconds`. `next()` builds each request.
 */
export async function openLoop(options: {
  rate: number;
  seconds: number;
  next: (i: number) => LoadRequest;
  startedAt?: number;
  onSample?: (s: Sample) => void;
  maxInFlight?: number;
}): Promise<Sample[]> {
  const startedAt = options.startedAt ?? performance.now();
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  const total = Math.round(options.rate * options.seconds);
  const maxInFlight = options.maxInFlight ?? 2_000;
  const began = performance.now();
  for (let i = 0; i < total; i++) {
    const due = began + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight.size >= maxInFlight) {
      samples.push({ at: performance.now() - startedAt, ms: 0, status: 0, error: 'client-overload', name: 'skipped' });
      continue;
    }
    const p = send(options.next(i), startedAt).then((s) => {
      samples.push(s);
      options.onSample?.(s);
      inFlight.delete(p);
    });
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  return samples.sort((a, b) => a.at - b.at);
}

/** Closed loop: `concurrency` workers each sending the next request as soon as the last answered. */
export async function closedLoop(options: { concurrency: number; seconds: number; next: (i: number) => LoadRequest }): Promise<Sample[]> {
  const startedAt = performance.now();
  const end = startedAt + options.seconds * 1000;
  const samples: Sample[] = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < end) samples.push(await send(options.next(i++), startedAt));
    }),
  );
  return samples;
}

// --- numbers -------------------------------------------------------------------------------------

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export function countBy<T>(items: T[], key: (t: T) => string | number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[String(key(item))] = (out[String(key(item))] ?? 0) + 1;
  return out;
}

export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 'NaN');
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

// --- a tiny round-robin proxy -------------------------------------------------------------------

/** node:http round-robin in front of `targets`, forwarding method, path, headers and body as they are. */
export async function startRoundRobin(targets: string[], port = 0): Promise<{ url: string; counts: number[]; close: () => Promise<void> }> {
  let next = 0;
  const counts = targets.map(() => 0);
  const server: Server = createServer((req, res) => {
    const index = next++ % targets.length;
    res.setHeader('x-fact-instance', String(index));
    counts[index]!++;
    const target = new URL(targets[index]!);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    counts,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

// --- the report ----------------------------------------------------------------------------------

/** Replaces the part of docs/reliability.md between `<!-- name:start -->` and `<!-- name:end -->`. */
export function writeSection(name: string, markdown: string): void {
  const file = path.join(ROOT, 'docs', 'reliability.md');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Reliability\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next = from >= 0 && to > from ? current.slice(0, from) + block + current.slice(to + end.length) : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
