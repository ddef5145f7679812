/**
 * npm run bench: the load generator used when `wrk` is not installed, and for the fixed-rate runs
 * (p99 at half of the maximum throughput). A separate process; loopback only; bounded in time
 * and in count. Reads BENCH_REQUESTS like wrk.lua (METHOD<TAB>PATH<TAB>COOKIE<TAB>FORM-BODY) and
 * prints one JSON line in the same shape as wrk.lua.
 *
 *   node --import tsx scripts/bench/loadgen.ts <url> <connections> <seconds> [requests/s]
 *
 * Without a rate it is closed-loop (each connection sends its next request when the answer
 * arrives); with one it is open-loop: requests start on a fixed schedule and latency counts from
 * the scheduled start, so queueing delay is not hidden (no coordinated omission). An open-loop run
 * first sends BENCH_WARM_S seconds (default 1) at the same rate, not counted, as wrk2 calibrates
 * before it counts: the load generator's own first requests (connections, undici's parser, its
 * JIT) otherwise stall it, and the requests scheduled meanwhile count as the server's latency.
 * With BENCH_TIMELINE set, it writes each counted request's [scheduled start on the wall clock,
 * latency, when undici wrote it to a connection on the wall clock, sequence number] in ms there
 * (pauses.ts), and sends the sequence number as `x-bench-seq` so that FACT's side of each request
 * can be matched (request-log.ts). Up to 4 requests per connection may wait inside the client for
 * a free connection, so the time written is undici's own (its `sendHeaders` diagnostics channel),
 * not the time the request was handed to the pool.
 */
import diagnostics from 'node:diagnostics_channel';
import { readFileSync, writeFileSync } from 'node:fs';
import { Pool } from 'undici';

const [target, connArg, secondsArg, rateArg] = process.argv.slice(2);
const base = new URL(target ?? '');
if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) throw new Error('loadgen: loopback addresses only');
const connections = Math.min(Math.max(Number(connArg) || 8, 1), 256);
const seconds = Math.min(Math.max(Number(secondsArg) || 5, 1), 120);
const rate = rateArg ? Math.min(Number(rateArg), 20_000) : 0;
const MAX_REQUESTS = 2_000_000;

interface Spec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}
const specs: Spec[] = readFileSync(process.env.BENCH_REQUESTS ?? '', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [method, path, cookie, body] = line.split('\t');
    const headers: Record<string, string> = { cookie: cookie ?? '', accept: 'text/html,application/json' };
    if (body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = base.origin; // a signed-in form must say where it comes from (origin-check.ts)
    }
    return { method: method === 'POST' ? 'POST' : 'GET', path: path ?? '/', headers, body: body || undefined };
  });

const pool = new Pool(base.origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
const latencies: number[] = [];
const timeline: [number, number, number | null, number][] = [];
const tagged = Boolean(process.env.BENCH_TIMELINE);
let seq = 0;
/** Sequence number → when undici wrote that request's headers to a connection (wall clock, ms). */
const written = new Map<number, number>();
const SEQ_HEADER = /\r\nx-bench-seq: (\d+)\r\n/;
if (tagged) {
  diagnostics.channel('undici:client:sendHeaders').subscribe((message) => {
    const match = SEQ_HEADER.exec((message as { headers: string }).headers);
    if (match) written.set(Number(match[1]), performance.timeOrigin + performance.now());
  });
}
let counting = true;
let non2xx = 0;
let sample = '';
let errors = 0;
let bytes = 0;
let next = 0;

async function once(startedAt: number): Promise<void> {
  const spec = specs[next++ % specs.length]!;
  const n = seq++;
  const headers = tagged ? { ...spec.headers, 'x-bench-seq': String(n) } : spec.headers;
  try {
    const res = await pool.request({ origin: base.origin, path: spec.path, method: spec.method, headers, body: spec.body });
    const text = await res.body.text();
    bytes += text.length;
    if (res.statusCode < 200 || res.statusCode > 299) {
      non2xx++;
      // eslint-disable-next-line no-control-regex -- control characters are blanked on purpose
      if (!sample) sample = `${res.statusCode} ${text.slice(0, 200).replace(/[\u0000-\u001f"\\]/g, ' ')}`;
    }
  } catch {
    errors++;
  }
  const writtenAt = written.get(n) ?? null;
  written.delete(n);
  if (!counting) return;
  latencies.push(performance.now() - startedAt);
  timeline.push([performance.timeOrigin + startedAt, performance.now() - startedAt, writtenAt, n]);
}

/** Starts requests on a fixed schedule for `seconds` from `from`; returns when all have answered. */
async function openLoop(from: number, seconds: number): Promise<void> {
  const interval = 1000 / rate;
  const until = from + seconds * 1000;
  const inflight = new Set<Promise<void>>();
  for (let i = 0; i < MAX_REQUESTS; i++) {
    const due = from + i * interval;
    if (due >= until) break;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (inflight.size >= connections * 4) await Promise.race(inflight);
    const p = once(due).finally(() => inflight.delete(p));
    inflight.add(p);
  }
  await Promise.all(inflight);
}

if (rate > 0) {
  counting = false;
  await openLoop(performance.now(), Math.min(Math.max(Number(process.env.BENCH_WARM_S ?? 1), 0), 10));
  counting = true;
  bytes = 0; // failures of the warm-up still count: they fail the run
}

const started = performance.now();
const deadline = started + seconds * 1000;
if (rate > 0) {
  await openLoop(started, seconds);
} else {
  let sent = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline && sent++ < MAX_REQUESTS) await once(performance.now());
    }),
  );
}
const duration = performance.now() - started;
await pool.close();
if (process.env.BENCH_TIMELINE) writeFileSync(process.env.BENCH_TIMELINE, JSON.stringify(timeline));
latencies.sort((a, b) => a - b);
const pct = (p: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0) * 1000);
const mean = latencies.reduce((a, b) => a + b, 0) / Math.max(latencies.length, 1);
console.log(
  JSON.stringify({
    tool: rate > 0 ? 'loadgen-rate' : 'loadgen',
    requests: latencies.length,
    durationUs: Math.round(duration * 1000),
    bytes,
    non2xx,
    sample,
    socketErrors: errors,
    timeouts: 0,
    p50Us: pct(50),
    p90Us: pct(90),
    p99Us: pct(99),
    maxUs: Math.round((latencies.at(-1) ?? 0) * 1000),
    meanUs: Math.round(mean * 1000),
  }),
);
