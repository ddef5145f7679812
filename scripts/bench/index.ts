/**
 * `npm run bench`: FACT against the bare limit of its own stack, on this machine.
 *
 *   npm run bench                       default scale: 20 000 coaches, 20 000 clients, 200 000 bookings, 1 000 000 messages
 *   npm run bench -- --scale            100 000 coaches, 1 000 000 bookings
 *   npm run bench -- --only find-page-1,book --duration 4   a quick look (prints, writes nothing)
 *   npm run bench -- --fresh            reload the dataset even if a kept one matches
 *   npm run bench -- --list             the scenarios
 *   npm run bench -- --only book --profile   FACT under --cpu-prof (see profile-summary.ts)
 *   npm run bench -- --serve            start everything, print each scenario's URL and cookie, and wait (Ctrl-C stops)
 *   npm run bench -- --no-lcp           no browser figures (neither the landing LCP nor the FindCoaches interactions)
 *   npm run bench -- --no-interaction   the landing LCP but not the FindCoaches interactions
 *   npm run bench -- --only find-page-1 --duration 1 --interaction-runs 7   the browser figures, 7 page loads each
 *   FACT_BENCH_DIR=/tmp/fact-bench-b FACT_BENCH_PG_PORT=54421 npm run bench -- …   a second run beside another one
 *
 * Builds the production server, opens an isolated embedded PostgreSQL under /tmp/fact-bench (its
 * own data folder and port), migrates and loads the dataset (kept between runs, writes of earlier
 * runs undone), starts FACT (scripts/start.ts, NODE_ENV=production) and the baseline
 * (baseline-server.ts), warms both on every scenario (--warm-all seconds each, default 2), then for
 * each scenario: a warm-up of each, the timed runs interleaved
 * A B A B (FACT, baseline, …) from a separate process (wrk, else scripts/bench/loadgen.ts), and a
 * fixed-rate run of FACT at half of its measured maximum for p99. CPU per request comes from
 * /proc/<pid>/stat of each server (and of the PostgreSQL cluster), RSS is sampled all along. Any
 * answer that is not 2xx fails the run (exit 1) after the report. The booking POST's bookings are
 * deleted before each of its runs (one pending request per client, coach and start: decision
 * 011). Finally the per-route JS/CSS sizes, the landing page's LCP (lcp.ts) and the FindCoaches
 * interactions — 'Book' → usable dialog, a filter → new results, 4× CPU (interaction.ts); the
 * report (the budgets, docs/performance.md) goes to stdout and, for a full run, into that page.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readManifest } from '../browser-manifest';
import { routeAssets, type RouteAssets } from './assets';
import { clearRateLimits, DEFAULT_SIZE, LARGE_SIZE, undoBookings } from './dataset';
import { openBenchDatabase } from './database';
import { buildProduction } from '../build';
import { measureInteractions, INTERACTION_CPU_THROTTLING, type InteractionResult } from './interaction';
import { measureLcp } from './lcp';
import { clusterCpuMs, cpuMs, machine, postmasterPid, sampleRss, systemCpuMs } from './proc';
import { attributePauses, explainLatency, parseGcLog, parseRequestLog, type LatencyParts, type PauseReport, type SchedSample, type TimelineEntry } from './pauses';
import { clusterProcesses, sampleScheduling, threadsOf } from './sched-sampler';
import { describeLatency, describePauses, SLOW_MS, writeReport, type BenchResults, type RunStats, type ScenarioResult } from './report';
import { containerNodeFlags } from '../container-heap';
import { buildScenarios, cookieMinter, requestsFile, type Scenario } from './scenarios';

const root = path.resolve(import.meta.dirname, '../..');
/** FACT_BENCH_DIR and FACT_BENCH_PG_PORT let two runs (two people's experiments) share a machine. */
const WORK = process.env.FACT_BENCH_DIR || '/tmp/fact-bench';
/** FACT's GC pauses through the run (gc-log.ts). */
const GC_LOG = path.join(WORK, 'fact-gc.log');
/** FACT's own times for the half-load runs' tagged requests (request-log.ts). */
const REQUEST_LOG = path.join(WORK, 'fact-requests.log');
/**
 * FACT is built and run from a snapshot of the work tree (node_modules linked), so that other
 * work in the shared checkout — edits, another `remix build` replacing public/build — cannot
 * change the server or its assets half-way through a run. `--in-place` runs from the tree itself.
 */
const SNAPSHOT = path.join(WORK, 'src');
const SKIP = new Set(['node_modules', '.git', 'build', '.data', '.cache', 'test-results', 'coverage']);

function snapshot(): string {
  rmSync(SNAPSHOT, { recursive: true, force: true });
  cpSync(root, SNAPSHOT, {
    recursive: true,
    filter: (source) => {
      const rel = path.relative(root, source);
      const top = rel.split(path.sep)[0] ?? '';
      return !SKIP.has(top) && rel !== path.join('public', 'build');
    },
  });
  symlinkSync(path.join(root, 'node_modules'), path.join(SNAPSHOT, 'node_modules'));
  return SNAPSHOT;
}

const { values: opts } = parseArgs({
  options: {
    scale: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    warmup: { type: 'string', default: '3' },
    'warm-all': { type: 'string', default: '2' },
    duration: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '8' },
    'no-lcp': { type: 'boolean', default: false },
    'no-interaction': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    'in-place': { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
    tool: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'fact-node-options': { type: 'string' },
    'interaction-runs': { type: 'string', default: '5' },
  },
});

const scaleName = opts.scale ? 'large' : 'default';
const size = opts.scale ? LARGE_SIZE : DEFAULT_SIZE;
const warmupS = Number(opts.warmup);
const warmAllS = Number(opts['warm-all']);
const durationS = Number(opts.duration);
const rounds = Number(opts.rounds);
const connections = Number(opts.connections);
const only = opts.only ? new Set(opts.only.split(',')) : null;
const writeDocs = !opts['no-write'] && !only;
const started = performance.now();

const log = (line: string) => console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function which(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

async function waitFor(url: string, child: ChildProcess, name: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not answer ${url} within 60 s:\n${output()}`);
}

function startProcess(name: string, script: string, env: Record<string, string>, nodeFlags: string[] = [], imports: string[] = []): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', ...imports.flatMap((m) => ['--import', m]), script], {
    cwd: app,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, output: () => `--- ${name} output ---\n${text}` };
}

interface LoadResult {
  tool: string;
  requests: number;
  durationUs: number;
  bytes: number;
  non2xx: number;
  sample: string;
  socketErrors: number;
  timeouts: number;
  p50Us: number;
  p90Us: number;
  p99Us: number;
  maxUs: number;
  meanUs: number;
}

const useWrk = opts.tool ? opts.tool === 'wrk' : which('wrk');
const loadTool = useWrk ? 'wrk' : 'loadgen (node:http + undici)';

function runLoad(baseUrl: string, file: string, seconds: number, rate?: number, timeline?: string, onStart?: (pid: number) => void): Promise<LoadResult> {
  const env = { ...process.env, BENCH_REQUESTS: file, ...(timeline ? { BENCH_TIMELINE: timeline } : {}) };
  let cmd: string;
  let args: string[];
  if (rate || !useWrk) {
    cmd = process.execPath;
    args = ['--import', 'tsx', path.join(root, 'scripts/bench/loadgen.ts'), baseUrl, String(rate ? Math.max(2, connections) : connections), String(seconds), ...(rate ? [String(rate)] : [])];
  } else {
    cmd = 'wrk';
    args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', path.join(root, 'scripts/bench/wrk.lua'), baseUrl];
  }
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid) onStart?.(child.pid);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const kill = setTimeout(() => child.kill('SIGKILL'), (seconds + 30) * 1000);
    child.on('close', (code) => {
      clearTimeout(kill);
      const line = out
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('{'));
      if (code !== 0 || !line) return reject(new Error(`${cmd} failed (${code}):\n${out}`));
      resolve(JSON.parse(line) as LoadResult);
    });
  });
}

/** Where FACT is built and run from: the snapshot, or the work tree with --in-place. */
let app = root;

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

async function main(): Promise<void> {
  const m = machine();
  const loadAtStart = loadAverage();
  log(`machine: ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB, Linux ${m.kernel}; load tool: ${loadTool}`);
  if (!useWrk) log('wrk not found: using scripts/bench/loadgen.ts (apt-get install -y wrk for a lighter client)');

  if (!opts['in-place']) {
    log(`snapshot of the work tree in ${SNAPSHOT}`);
    app = snapshot();
  }
  if (!opts['skip-build'] || !existsSync(path.join(app, 'build', 'index.js'))) {
    log('building the production server (npm run build)');
    buildProduction(app);
  }
  const manifest = readManifest(app);
  const routes = new Set(Object.keys(manifest.routes));

  mkdirSync(WORK, { recursive: true });
  const dataDir = path.join(WORK, `pg-${scaleName}`);
  const pgPort = Number(process.env.FACT_BENCH_PG_PORT) || (opts.scale ? 54412 : 54411);
  const db = await openBenchDatabase({ dir: dataDir, port: pgPort, size, fresh: opts.fresh, log });
  const pgPid = postmasterPid(dataDir);
  const secret = randomBytes(24).toString('hex');
  const [factPort, basePort] = [await freePort(), await freePort()];
  const factUrl = `http://127.0.0.1:${factPort}`;
  const baseUrl = `http://127.0.0.1:${basePort}`;
  const cookieFor = await cookieMinter(secret, factUrl);
  const scenarios = (await buildScenarios(db.facts, db.admin, cookieFor)).filter((s) => !only || only.has(s.id));
  if (opts.list) {
    for (const s of scenarios) console.log(`${s.id.padEnd(16)} ${s.kind.padEnd(5)} ${s.title}${routes.has(s.route) ? '' : '  (not available: no ' + s.route + ')'}`);
    await db.stop();
    return;
  }

  // As the README's deployment runs it: V8's defaults, with the container's heap bounds.
  const productionNodeFlags = containerNodeFlags();
  const fact = startProcess(
    'FACT',
    'scripts/start.ts',
    {
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      SESSION_SECRET: secret,
      PORT: String(factPort),
      APP_URL: factUrl,
      LOG_LEVEL: 'warn',
      OUTBOX_WORKER: 'off',
      DEMO_SEED: 'never',
      DATA_DIR: path.join(WORK, 'data'),
      BENCH_GC_LOG: GC_LOG,
      BENCH_REQUEST_LOG: REQUEST_LOG,
    },
    [...productionNodeFlags, ...(opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(WORK, 'profiles')}`] : []), ...(opts['fact-node-options']?.split(' ').filter(Boolean) ?? [])],
    ['./scripts/bench/gc-log.ts', './scripts/bench/request-log.ts'],
  );
  if (opts.profile) log(`profiling FACT: a .cpuprofile lands in ${path.join(WORK, 'profiles')} when it stops (summary: node --import tsx scripts/bench/profile-summary.ts <file>)`);
  const base = startProcess('baseline', 'scripts/bench/baseline-server.ts', { DATABASE_URL: db.url, SESSION_SECRET: secret, PORT: String(basePort) });
  const stopAll = async () => {
    for (const p of [fact.child, base.child]) if (p.exitCode === null) p.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    for (const p of [fact.child, base.child]) if (p.exitCode === null) p.kill('SIGKILL');
    await db.stop();
  };
  const results: ScenarioResult[] = [];
  let lcp: Awaited<ReturnType<typeof measureLcp>> | null = null;
  let interaction: InteractionResult | null = null;
  let assets: RouteAssets[] = [];
  const failures: string[] = [];
  const rss = { max: {} as Record<string, number>, samples: {} as Record<string, number[]> };
  try {
    await waitFor(`${factUrl}/healthz`, fact.child, 'FACT', fact.output);
    await waitFor(`${baseUrl}/healthz`, base.child, 'baseline', base.output);
    const pids = { fact: fact.child.pid!, baseline: base.child.pid! };
    log(`FACT on ${factUrl} (pid ${pids.fact}), baseline on ${baseUrl} (pid ${pids.baseline}), PostgreSQL on ${pgPort} (pid ${pgPid})`);
    if (opts.serve) {
      await serve(scenarios, factUrl, baseUrl);
      return;
    }
    const measurable = scenarios.filter((s) => routes.has(s.route));
    // Each server's JIT warms on all pages at once first: otherwise the first scenario alone pays
    // for compiling what every page shares (FindCoaches page 1's first round: 7.4–8.0 ms per request, its second 4.7–5.5).
    if (warmAllS > 0) {
      log(`warming both servers on every scenario (${warmAllS} s each) before measuring`);
      for (const scenario of measurable) {
        const file = requestsFileFor(scenario);
        for (const url of [factUrl, baseUrl]) {
          await prepareFor(scenario, db);
          await runLoad(url, file, warmAllS);
        }
      }
    }
    const memory = sampleRss(pids);

    for (const scenario of scenarios) {
      if (!routes.has(scenario.route)) {
        log(`${scenario.id}: not available (FACT has no ${scenario.route} yet): skipped`);
        results.push({ id: scenario.id, title: scenario.title, kind: scenario.kind, available: false });
        continue;
      }
      try {
        results.push(await runScenario(scenario, { factUrl, baseUrl, pids, pgPid, db }));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.push(`${scenario.id}: ${message}`);
        log(`${scenario.id}: FAILED: ${message}`);
        results.push({ id: scenario.id, title: scenario.title, kind: scenario.kind, available: true, failed: message });
      }
    }
    memory.stop();
    rss.max = memory.max;
    rss.samples = memory.samples;

    assets = routeAssets(app);
    if (!opts['no-lcp']) {
      log('landing page LCP in headless Chromium (4× CPU throttling, fast 3G)');
      try {
        lcp = await measureLcp(`${factUrl}/`, 3);
      } catch (error) {
        failures.push(`lcp: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (!opts['no-lcp'] && !opts['no-interaction']) {
      log(`FindCoaches interactions in headless Chromium (${INTERACTION_CPU_THROTTLING}× CPU throttling), signed in as a client: 'Book' → booking dialog, Specialization → results`);
      try {
        interaction = await measureInteractions(`${factUrl}/FindCoaches`, await cookieFor(db.facts.bookingClients[0]!), Number(opts['interaction-runs']));
        const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;
        log(
          `  'Book' → usable dialog: median ${med(interaction.book).toFixed(0)} ms (runs ${interaction.book.map((x) => x.toFixed(0)).join(', ')} ms; calendar painted: median ${med(interaction.bookCalendar).toFixed(0)} ms); Specialization → new results: median ${med(interaction.filter).toFixed(0)} ms (runs ${interaction.filter.map((x) => x.toFixed(0)).join(', ')} ms)`,
        );
      } catch (error) {
        failures.push(`interaction: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (fact.child.exitCode !== null) failures.push(`FACT exited during the run:\n${fact.output()}`);
  } finally {
    await stopAll();
  }

  const report: BenchResults = {
    date: new Date().toISOString(),
    scale: scaleName,
    size,
    machine: m,
    node: process.version,
    loadTool,
    settings: { warmupS, durationS, rounds, connections, warmAllS },
    loadSeconds: db.loadSeconds,
    scenarios: results,
    rssMaxMb: rss.max,
    rssSamples: Object.fromEntries(Object.entries(rss.samples).map(([k, v]) => [k, v.length])),
    rssFirstLastMb: Object.fromEntries(Object.entries(rss.samples).map(([k, v]) => [k, [v[0] ?? 0, v.at(-1) ?? 0]])),
    assets,
    lcp,
    interaction,
    wallSeconds: (performance.now() - started) / 1000,
    loadAverage: { start: loadAtStart, end: loadAverage() },
    failures,
  };
  writeReport(report, { root, write: writeDocs, log: (line) => console.log(line) });
  if (failures.length > 0) {
    console.error(`\n!!!!!!!!!! BENCH FAILED: ${failures.length} problem(s) !!!!!!!!!!\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

/** --serve: the running servers and each scenario's first request, for curl, a browser or a profiler. */
async function serve(scenarios: Scenario[], factUrl: string, baseUrl: string): Promise<void> {
  const lines = scenarios.map((s) => {
    const r = s.requests[0]!;
    return { id: s.id, method: r.method, fact: factUrl + r.path, baseline: baseUrl + r.path, cookie: r.cookie, body: r.body ?? null };
  });
  const file = path.join(WORK, 'serve.json');
  writeFileSync(file, JSON.stringify({ factUrl, baseUrl, scenarios: lines }, null, 2));
  log(`serving until Ctrl-C; each scenario's request (URL, cookie, body) is in ${file}, e.g.:`);
  for (const l of lines.filter((l) => l.method === 'GET')) log(`  curl -s -H 'Cookie: ${l.cookie}' '${l.fact}'`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
}

/** The scenario's requests, one per line, in a file for wrk.lua and loadgen.ts. */
function requestsFileFor(scenario: Scenario): string {
  const file = path.join(WORK, `${scenario.id}.requests`);
  writeFileSync(file, requestsFile(scenario.requests));
  return file;
}

/** Before each run: the rate limits a write scenario meets cleared, the bookings of earlier runs undone. */
async function prepareFor(scenario: Scenario, db: Awaited<ReturnType<typeof openBenchDatabase>>): Promise<void> {
  if (scenario.clearsRateLimits) await clearRateLimits(db.admin);
  if (scenario.undoesWrites) await undoBookings(db.admin, db.facts.loadedAt);
}

async function runScenario(
  scenario: Scenario,
  env: { factUrl: string; baseUrl: string; pids: { fact: number; baseline: number }; pgPid: number; db: Awaited<ReturnType<typeof openBenchDatabase>> },
): Promise<ScenarioResult> {
  const file = requestsFileFor(scenario);
  const sides = [
    { name: 'fact' as const, url: env.factUrl, pid: env.pids.fact },
    { name: 'baseline' as const, url: env.baseUrl, pid: env.pids.baseline },
  ];
  // Smoke check: one request each, 2xx and the expected content.
  const bytes: Record<string, number> = {};
  const prepare = () => prepareFor(scenario, env.db);
  for (const side of sides) {
    await prepare();
    const r = scenario.requests[0]!;
    const res = await fetch(side.url + r.path, {
      method: r.method,
      headers: { Cookie: r.cookie, ...(r.body ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(side.url).origin } : {}) },
      body: r.body,
      redirect: 'manual',
    });
    const text = await res.text();
    if (res.status < 200 || res.status > 299) throw new Error(`${side.name} answered ${res.status} to ${r.method} ${r.path}: ${text.slice(0, 300)}`);
    if (!text.includes(scenario.expect)) throw new Error(`${side.name}'s answer to ${r.method} ${r.path} lacks "${scenario.expect}": ${text.slice(0, 300)}`);
    bytes[side.name] = Buffer.byteLength(text);
    mkdirSync(path.join(WORK, 'answers'), { recursive: true });
    writeFileSync(path.join(WORK, 'answers', `${scenario.id}.${side.name}.${r.method === 'GET' ? 'html' : 'json'}`), text);
  }
  log(`${scenario.id}: ${scenario.title} — answer ${bytes.fact} B (FACT) / ${bytes.baseline} B (baseline)`);

  const timeline = path.join(WORK, `${scenario.id}.timeline.json`);
  rmSync(timeline, { force: true });
  // `halfLoad`: a fixed-rate run with the scheduler sampled (and, for FACT, its timeline written), to explain the tail.
  const run = async (side: (typeof sides)[number], seconds: number, rate?: number, halfLoad?: { timeline?: string; sampling: Sampling }): Promise<RunStats> => {
    await prepare();
    const cpu0 = cpuMs(side.pid);
    const sys0 = systemCpuMs(side.pid);
    const db0 = clusterCpuMs(env.pgPid);
    const r = await runLoad(side.url, file, seconds, rate, halfLoad?.timeline, halfLoad?.sampling.start).finally(() => halfLoad?.sampling.stop());
    const cpu = cpuMs(side.pid) - cpu0;
    const sys = systemCpuMs(side.pid) - sys0;
    const dbCpu = clusterCpuMs(env.pgPid) - db0;
    if (r.non2xx > 0 || r.socketErrors > 0 || r.timeouts > 0) {
      const wrapped =
        scenario.undoesWrites && r.requests > scenario.requests.length
          ? ` — ${r.requests} requests went past the ${scenario.requests.length} distinct ones (shorten --duration or lengthen the list in scenarios.ts)`
          : '';
      throw new Error(`${side.name}: ${r.non2xx} answers not 2xx, ${r.socketErrors} socket errors, ${r.timeouts} timeouts of ${r.requests} (first: ${r.sample})${wrapped}`);
    }
    if (r.requests === 0) throw new Error(`${side.name}: no request completed`);
    return {
      requests: r.requests,
      seconds: r.durationUs / 1e6,
      rps: r.requests / (r.durationUs / 1e6),
      p50Ms: r.p50Us / 1000,
      p90Ms: r.p90Us / 1000,
      p99Ms: r.p99Us / 1000,
      maxMs: r.maxUs / 1000,
      cpuMsPerRequest: cpu / r.requests,
      systemShare: cpu > 0 ? sys / cpu : 0,
      dbCpuMsPerRequest: dbCpu / r.requests,
      bytesPerResponse: r.bytes / r.requests,
    };
  };

  for (const side of sides) await run(side, warmupS);
  const runs: { fact: RunStats[]; baseline: RunStats[] } = { fact: [], baseline: [] };
  for (let i = 0; i < rounds; i++) {
    for (const side of sides) {
      const stats = await run(side, durationS);
      runs[side.name].push(stats);
      log(
        `  ${side.name.padEnd(8)} round ${i + 1}: ${stats.rps.toFixed(0).padStart(6)} req/s  p50 ${stats.p50Ms.toFixed(1)} ms  p99 ${stats.p99Ms.toFixed(1)} ms  CPU ${stats.cpuMsPerRequest.toFixed(2)} ms/req (${Math.round((stats.systemShare ?? 0) * 100)} % kernel)  DB ${stats.dbCpuMsPerRequest.toFixed(2)} ms/req`,
      );
    }
  }
  const factRps = runs.fact.reduce((s, r) => s + r.rps, 0) / runs.fact.length;
  const halfRate = Math.max(1, Math.round(factRps / 2));
  const requestLogFrom = existsSync(REQUEST_LOG) ? statSync(REQUEST_LOG).size : 0;
  const factSampling = schedulerSampling(sides[0]!.pid, env.pgPid);
  const half = await run(sides[0]!, durationS, halfRate, { timeline, sampling: factSampling });
  log(`  fact     at ${halfRate} req/s (half of its maximum): p50 ${half.p50Ms.toFixed(1)} ms  p99 ${half.p99Ms.toFixed(1)} ms`);
  const { pauses, latency } = await explainHalfLoad(timeline, factSampling.samples(), requestLogFrom);
  if (pauses) log(`           ${describePauses(pauses)}`);
  if (latency) log(`           ${describeLatency(latency, machine().cpus)}`);
  // The bare baseline at half of its own maximum, on the same machine and sampled the same way:
  // how much of the tail is the machine's.
  const baselineRps = runs.baseline.reduce((s, r) => s + r.rps, 0) / runs.baseline.length;
  const baselineHalfRate = Math.max(1, Math.round(baselineRps / 2));
  const baselineHalf = await run(sides[1]!, durationS, baselineHalfRate, { sampling: schedulerSampling(sides[1]!.pid, env.pgPid) });
  log(`  baseline at ${baselineHalfRate} req/s (half of its maximum): p50 ${baselineHalf.p50Ms.toFixed(1)} ms  p99 ${baselineHalf.p99Ms.toFixed(1)} ms`);
  return {
    id: scenario.id,
    title: scenario.title,
    kind: scenario.kind,
    available: true,
    answerBytes: { fact: bytes.fact!, baseline: bytes.baseline! },
    runs,
    half: { targetRps: halfRate, stats: half, ...(pauses ? { pauses } : {}), ...(latency ? { latency } : {}), baseline: { targetRps: baselineHalfRate, stats: baselineHalf } },
  };
}

/** The scheduler sampler of a fixed-rate run: started by runLoad once the load generator's pid is known. */
interface Sampling {
  start: (loadgenPid: number) => void;
  stop: () => void;
  samples: () => SchedSample[];
}

function schedulerSampling(serverPid: number, pgPid: number): Sampling {
  let sampler: { stop: () => SchedSample[] } | undefined;
  let samples: SchedSample[] = [];
  return {
    start: (loadgenPid) => {
      sampler = sampleScheduling({
        serverMain: threadsOf(serverPid, 'main'),
        serverHelpers: threadsOf(serverPid, 'others'),
        postgres: clusterProcesses(pgPid),
        loadgen: threadsOf(loadgenPid, 'main'),
      });
    },
    stop: () => {
      samples = sampler?.stop() ?? [];
      sampler = undefined;
    },
    samples: () => samples,
  };
}

/**
 * FACT's half-load run against its GC pauses (pauses.ts attributePauses) and, with its request log
 * and the scheduler's samples, where each request's time went (explainLatency). FACT writes its
 * request log every 500 ms: this waits (up to 3 s) until the run's last request is in it.
 */
async function explainHalfLoad(timelineFile: string, samples: SchedSample[], requestLogFrom: number): Promise<{ pauses?: PauseReport; latency?: { slow: LatencyParts; all: LatencyParts } }> {
  if (!existsSync(timelineFile) || !existsSync(GC_LOG)) return {};
  const timeline = JSON.parse(readFileSync(timelineFile, 'utf8')) as TimelineEntry[];
  const gc = parseGcLog(readFileSync(GC_LOG, 'utf8'));
  const pauses = attributePauses(timeline, gc, SLOW_MS);
  if (!existsSync(REQUEST_LOG) || samples.length < 2) return { pauses };
  const lastSeq = Math.max(...timeline.map(([, , , seq]) => seq ?? -1));
  const readLog = () => parseRequestLog(readFileSync(REQUEST_LOG).subarray(requestLogFrom).toString('utf8'));
  let server = readLog();
  for (let waited = 0; !server.has(lastSeq) && waited < 3000; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
    server = readLog();
  }
  return { pauses, latency: explainLatency(timeline, server, samples, gc, SLOW_MS) };
}

main().catch((error: unknown) => {
  console.error('\n!!!!!!!!!! BENCH FAILED !!!!!!!!!!');
  console.error(error);
  process.exit(1);
});
