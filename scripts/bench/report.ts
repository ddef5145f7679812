/**
 * The bench's report: a table on stdout, and (full runs) docs/performance.md — the generated
 * block of this scale between its markers, the rest of the page kept as written — plus
 * docs/benchmarks/<scale>.json, which the other scale's run reads to compare the two scales.
 *
 * The budgets table checks BUDGETS (server CPU per request on every scenario, beside the ratio to
 * the bare baseline; JavaScript on a first visit; landing LCP; the FindCoaches interactions; RSS).
 * A second table shows figures that have no budget: p99 at half load beside the baseline's, the
 * deep page against page 1, the other scale, HTML per page and CSS.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteAssets } from './assets';
import type { InteractionResult } from './interaction';
import type { LcpTimeline } from './lcp';
import type { DatasetSize } from './dataset';
import { BACKLOG_MS, type LatencyParts, type PauseReport } from './pauses';

export interface RunStats {
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  cpuMsPerRequest: number;
  /** Of that CPU, the share spent in the kernel (stime): sending and receiving, mostly. Absent in runs before 2026-11-27. */
  systemShare?: number;
  dbCpuMsPerRequest: number;
  bytesPerResponse: number;
}

export interface ScenarioResult {
  id: string;
  title: string;
  kind: 'read' | 'write';
  available: boolean;
  failed?: string;
  /** The smoke request's answer body in bytes (HTML for the GETs, JSON for the POSTs). */
  answerBytes?: { fact: number; baseline: number };
  runs?: { fact: RunStats[]; baseline: RunStats[] };
  /**
   * `pauses`: what the half-load run's slow requests met (pauses.ts); absent in runs before 2026-11-27 midday.
   * `latency`: where its requests' time went, slow ones and all (pauses.ts explainLatency); `baseline`: the baseline at
   * half of its own maximum. Both absent before 2026-11-29.
   */
  half?: {
    targetRps: number;
    stats: RunStats;
    pauses?: PauseReport;
    latency?: { slow: LatencyParts; all: LatencyParts };
    baseline?: { targetRps: number; stats: RunStats };
  };
}

export interface BenchResults {
  date: string;
  scale: 'default' | 'large';
  size: DatasetSize;
  machine: { cpus: number; cpuModel: string; memoryGb: number; kernel: string };
  node: string;
  loadTool: string;
  /** `warmAllS`: seconds of every scenario on both servers before the first measures (absent before 2026-11-27 08:45). */
  settings: { warmupS: number; durationS: number; rounds: number; connections: number; warmAllS?: number };
  loadSeconds: number | null;
  scenarios: ScenarioResult[];
  rssMaxMb: Record<string, number>;
  rssSamples: Record<string, number>;
  /** RSS at the first and the last sample (after start-up, at the end of the run). */
  rssFirstLastMb?: Record<string, [number, number]>;
  assets: RouteAssets[];
  lcp: { runs: number[]; element: string; timeline?: LcpTimeline | null } | null;
  /** FindCoaches' 'Book' → dialog and filter → results times (interaction.ts); absent in the oldest runs. */
  interaction?: InteractionResult | null;
  wallSeconds: number;
  /** 1-minute load average of the machine when the run started and ended (other work on it adds noise). */
  loadAverage?: { start: number; end: number };
  failures: string[];
}

/**
 * FACT's performance budgets (docs/performance.md): what the stock framework must hold on a
 * 2-core host. A budget met is done; nothing is tuned past it.
 */
export const BUDGETS = { serverCpuMs: 5, sqlPerPage: 4, jsKb: 120, lcpMs: 1500, interactionMs: 200, rssMb: 400 };

/** A request of the half-load run slower than this counts as slow where the report splits the tail (no budget). */
export const SLOW_MS = 50;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : 0;
};

export interface Summary {
  factRps: number;
  baseRps: number;
  ratio: number;
  factP50: number;
  factP99: number;
  baseP50: number;
  baseP99: number;
  factCpu: number;
  baseCpu: number;
  /** Kernel share of each side's CPU, null for runs that did not record it. */
  factSystem: number | null;
  baseSystem: number | null;
  factDbCpu: number;
  baseDbCpu: number;
  factBytes: number;
  baseBytes: number;
  halfRps: number;
  halfP99: number;
}

export function summarise(s: ScenarioResult): Summary | null {
  if (!s.runs || !s.half) return null;
  const f = s.runs.fact;
  const b = s.runs.baseline;
  const factRps = mean(f.map((r) => r.rps));
  const baseRps = mean(b.map((r) => r.rps));
  return {
    factRps,
    baseRps,
    ratio: factRps / baseRps,
    factP50: mean(f.map((r) => r.p50Ms)),
    factP99: mean(f.map((r) => r.p99Ms)),
    baseP50: mean(b.map((r) => r.p50Ms)),
    baseP99: mean(b.map((r) => r.p99Ms)),
    factCpu: mean(f.map((r) => r.cpuMsPerRequest)),
    baseCpu: mean(b.map((r) => r.cpuMsPerRequest)),
    factSystem: f.every((r) => r.systemShare !== undefined) ? mean(f.map((r) => r.systemShare!)) : null,
    baseSystem: b.every((r) => r.systemShare !== undefined) ? mean(b.map((r) => r.systemShare!)) : null,
    factDbCpu: mean(f.map((r) => r.dbCpuMsPerRequest)),
    baseDbCpu: mean(b.map((r) => r.dbCpuMsPerRequest)),
    factBytes: mean(f.map((r) => r.bytesPerResponse)),
    baseBytes: mean(b.map((r) => r.bytesPerResponse)),
    halfRps: s.half.stats.rps,
    halfP99: s.half.stats.p99Ms,
  };
}

const n0 = (x: number) => x.toFixed(0);
const n1 = (x: number) => x.toFixed(1);
const n2 = (x: number) => x.toFixed(2);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
/** ' (7 % kernel)': how much of a side's CPU went to the kernel, which a host's loopback TCP can make costly. */
const kernel = (share: number | null) => (share === null ? '' : ` (${Math.round(share * 100)} % kernel)`);

/** The budgets table: each of BUDGETS against this run's figure. */
export function budgetRows(r: BenchResults): string[][] {
  const rows: string[][] = [];
  const B = BUDGETS;
  // Server CPU per request on every scenario, beside the baseline's and the throughput ratio to it.
  for (const s of r.scenarios) {
    const sum = summarise(s);
    if (!sum) continue;
    rows.push([
      `${s.title}: server CPU ≤ ${B.serverCpuMs} ms per request`,
      `${n2(sum.factCpu)} ms (baseline ${n2(sum.baseCpu)} ms; throughput ${n2(sum.ratio)} × baseline)`,
      yes(sum.factCpu <= B.serverCpuMs),
    ]);
  }
  rows.push([`At most ${B.sqlPerPage} SQL statements per page request`, 'asserted per page by test/integration/performance/query-budget.test.ts', 'see the test']);
  const pages = r.assets.filter((a) => !a.url.includes('*'));
  if (pages.length) {
    const largest = pages.reduce((a, b) => (b.jsGzipBytes > a.jsGzipBytes ? b : a));
    const over = pages.filter((a) => a.jsGzipBytes > B.jsKb * 1024);
    rows.push([
      `JavaScript ≤ ${B.jsKb} KB gzipped on a first visit to any route`,
      `largest ${kb(largest.jsGzipBytes)} KB (${largest.url})${over.length ? `; over: ${over.map((a) => `${a.url} ${kb(a.jsGzipBytes)}`).join(', ')}` : ''}`,
      yes(over.length === 0),
    ]);
  }
  if (r.lcp) {
    const m = median(r.lcp.runs);
    rows.push([`Landing LCP ≤ ${B.lcpMs} ms (4× CPU, fast 3G, median of ${r.lcp.runs.length})`, `${n0(m)} ms`, yes(m <= B.lcpMs)]);
  }
  const i = r.interaction;
  if (i) {
    const runs = (xs: number[], first: number[]) => `${n0(median(xs))} ms (runs ${xs.map(n0).join(', ')}; first DOM change after ${n0(median(first))} ms)`;
    // The oldest runs have no separate calendar time: their form waited for it.
    const calendar = i.bookCalendar?.length ? `; the coach's calendar painted after ${n0(median(i.bookCalendar))} ms` : '';
    rows.push([
      `FindCoaches, click on 'Book' → usable booking dialog ≤ ${B.interactionMs} ms (${i.cpuThrottling}× CPU, first open on a fresh page load, median of ${i.book.length})`,
      runs(i.book, i.bookFirstChange).replace(/\)$/, `${calendar})`),
      yes(median(i.book) <= B.interactionMs),
    ]);
    rows.push([
      `FindCoaches, Specialization changed → updated results ≤ ${B.interactionMs} ms (${i.cpuThrottling}× CPU, median of ${i.filter.length})`,
      runs(i.filter, i.filterFirstChange),
      yes(median(i.filter) <= B.interactionMs),
    ]);
  } else {
    rows.push([`FindCoaches interactions ('Book' → dialog, filter → results) ≤ ${B.interactionMs} ms`, 'not measured in this run (--no-lcp or --no-interaction)', '—']);
  }
  const rss = r.rssMaxMb.fact ?? 0;
  rows.push([`FACT RSS < ${B.rssMb} MB through the run`, `max ${n0(rss)} MB`, yes(rss > 0 && rss < B.rssMb)]);
  return rows;
}

/** Figures without a budget: the tail at half load, the deep page, the other scale, HTML and CSS. */
function otherRows(r: BenchResults, other: BenchResults | null): string[][] {
  const rows: string[][] = [];
  const sums = new Map(r.scenarios.map((s) => [s.id, summarise(s)]));
  // p99 at half of FACT's maximum, beside the bare baseline at half of its own on the same machine:
  // how much of the tail is the machine's, not FACT's.
  for (const s of r.scenarios) {
    const sum = sums.get(s.id);
    if (!sum) continue;
    const base = s.half?.baseline;
    rows.push([
      `${s.title}: p99 at half of the maximum`,
      `FACT ${n1(sum.halfP99)} ms at ${n0(sum.halfRps)} req/s${base ? `; baseline ${n1(base.stats.p99Ms)} ms at ${n0(base.targetRps)} req/s` : ''}`,
    ]);
  }
  const first = sums.get('find-page-1');
  const deep = sums.get('find-deep');
  if (first && deep) {
    rows.push([`Deep page p99 against page 1 p99, at half of each one's maximum`, `${n1(deep.halfP99)} / ${n1(first.halfP99)} ms = ${n2(deep.halfP99 / first.halfP99)} ×`]);
    rows.push([`… and at maximum throughput`, `${n1(deep.factP99)} / ${n1(first.factP99)} ms = ${n2(deep.factP99 / first.factP99)} ×`]);
  }
  if (other) {
    const [small, large] = r.scale === 'default' ? [r, other] : [other, r];
    const smallSums = new Map(small.scenarios.map((s) => [s.id, summarise(s)]));
    // Two runs at different times meet different machine noise: the cost of a request (FACT's CPU
    // plus the database's) and the FACT / baseline ratio compare fairly; req/s and p99 are shown too.
    for (const s of large.scenarios) {
      const l = summarise(s);
      const d = smallSums.get(s.id);
      if (!l || !d) continue;
      const cost = (l.factCpu + l.factDbCpu) / (d.factCpu + d.factDbCpu);
      rows.push([
        `${s.title}: --scale against default (CPU + DB time per request; runs of ${small.date.slice(0, 10)} and ${large.date.slice(0, 10)})`,
        `${n2(d.factCpu + d.factDbCpu)} → ${n2(l.factCpu + l.factDbCpu)} ms = ${n2(cost)} × (req/s ${n0(d.factRps)} → ${n0(l.factRps)}, ratio to baseline ${n2(d.ratio)} → ${n2(l.ratio)}, p99 at ½ max ${n1(d.halfP99)} → ${n1(l.halfP99)} ms)`,
      ]);
    }
  } else {
    rows.push([`--scale against default`, 'needs a run of the other scale (docs/benchmarks/*.json)']);
  }
  // HTML KB per GET scenario (the smoke request's answer).
  for (const s of r.scenarios) {
    if (s.kind !== 'read' || !s.answerBytes) continue;
    rows.push([`${s.title}: HTML`, `${kb(s.answerBytes.fact)} KB (baseline ${kb(s.answerBytes.baseline)} KB)`]);
  }
  const pages = r.assets.filter((a) => !a.url.includes('*'));
  if (pages.length) rows.push([`CSS gzipped per route`, `largest ${kb(Math.max(...pages.map((a) => a.cssGzipBytes)))} KB`]);
  return rows;
}

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** One sentence: the half-load run's slow requests and the GC pauses they met. */
export function describePauses(p: PauseReport): string {
  const gc = `GC pauses ${n1(p.pauseMsPerSecond['mark-compact'])} ms/s in mark-compact cycles (${p.markCompacts} finished) and ${n1(p.pauseMsPerSecond.scavenge)} ms/s in scavenges`;
  if (p.slow === 0) return `no request over ${SLOW_MS} ms; ${gc}`;
  return `${p.slow} ${p.slow === 1 ? 'request' : 'requests'} over ${SLOW_MS} ms: ${p.markCompact} met a mark-compact cycle's pauses, ${p.scavenge} only scavenges, ${p.none} no collection; ${gc}`;
}

/** One line for the log: the slow requests' mean latency and its parts; `cpus`: the machine's. */
export function describeLatency({ slow, all }: { slow: LatencyParts; all: LatencyParts }, cpus: number): string {
  if (slow.requests === 0) return `all ${all.requests} requests within ${SLOW_MS} ms`;
  return `${slow.requests} slow ${slow.requests === 1 ? 'request' : 'requests'} (${slow.matched} in both logs), mean ${n1(slow.latencyMs)} ms: not yet sent ${n1(slow.notSentMs)}, before FACT ${n1(slow.beforeFactMs)}, inside ${n1(slow.insideFactMs)}, after ${n1(slow.afterFactMs)}; FACT's main thread on a core ${n1(slow.factOnCoreMs)}, waiting for one ${n1(slow.factWaitingForCoreMs)}, GC ${n1(slow.gcPauseMs)}; its other threads ${n1(slow.factHelpersOnCoreMs)}; PostgreSQL on a core ${n1(slow.postgresOnCoreMs)}, waiting for one ${n1(slow.postgresWaitingForCoreMs)}; loadgen on a core ${n1(slow.loadgenOnCoreMs)}; CPUs busy ${n1(slow.machineBusyMs)} of ${n1(cpus * slow.latencyMs)}; steal ${n1(slow.stealMs)}`;
}

/** '41.2 (3.1)': the slow requests' mean, and all requests' mean beside it. */
const slowAndAll = (slow: number, all: number) => `${n1(slow)} (${n1(all)})`;

function latencyRows(r: BenchResults): string[][] {
  return r.scenarios
    .filter((sc) => sc.half?.latency)
    .map((sc) => {
      const { slow, all } = sc.half!.latency!;
      const cell = (k: keyof LatencyParts) => (slow.requests ? slowAndAll(slow[k], all[k]) : `— (${n1(all[k])})`);
      // Who had the machine's CPUs during the slow requests: FACT's main thread, its other threads, PostgreSQL, the load generator, the rest.
      const known = slow.factOnCoreMs + slow.factHelpersOnCoreMs + slow.postgresOnCoreMs + slow.loadgenOnCoreMs;
      const cpus = slow.requests
        ? `${n1(slow.factOnCoreMs)} + ${n1(slow.factHelpersOnCoreMs)} + ${n1(slow.postgresOnCoreMs)} + ${n1(slow.loadgenOnCoreMs)} + ${n1(Math.max(0, slow.machineBusyMs - known))} of ${n1(r.machine.cpus * slow.latencyMs)}`
        : '—';
      // The split needs both logs; say so when some requests were missing from one.
      const unmatched = (p: LatencyParts) => (p.matched < p.requests ? `, ${p.requests - p.matched} not in both logs` : '');
      return [
        sc.title,
        `${slow.requests} of ${all.requests}${unmatched(slow.requests ? slow : all)}`,
        cell('latencyMs'),
        cell('notSentMs'),
        cell('beforeFactMs'),
        cell('insideFactMs'),
        cell('afterFactMs'),
        cell('factWaitingForCoreMs'),
        cell('postgresWaitingForCoreMs'),
        cell('gcPauseMs'),
        cpus,
        cell('stealMs'),
      ];
    });
}

export function markdown(r: BenchResults, other: BenchResults | null): string {
  const lines: string[] = [];
  const s = r.size;
  lines.push(`## ${r.scale === 'default' ? 'Default scale' : '--scale'}: run of ${r.date.slice(0, 16).replace('T', ' ')} UTC`);
  lines.push('');
  lines.push(`- Machine: ${r.machine.cpus} CPUs (${r.machine.cpuModel}), ${r.machine.memoryGb} GB memory, Linux ${r.machine.kernel}, Node ${r.node}.`);
  lines.push(
    `- Dataset: ${s.coaches.toLocaleString('en-GB')} coaches, ${s.clients.toLocaleString('en-GB')} clients, ${s.bookings.toLocaleString('en-GB')} bookings, ${s.messages.toLocaleString('en-GB')} messages${r.loadSeconds ? ` (loaded in ${n0(r.loadSeconds)} s)` : ' (kept from an earlier run)'}.`,
  );
  lines.push(
    `- Load: ${r.loadTool}, ${r.settings.connections} connections, ${r.settings.warmAllS ? `both servers first warmed ${r.settings.warmAllS} s on every scenario, then per scenario ` : ''}${r.settings.warmupS} s warm-up per side, then ${r.settings.rounds} × ${r.settings.durationS} s per side interleaved FACT, baseline, FACT, baseline; then FACT alone at a fixed rate of half its maximum (open loop) for its p99${r.scenarios.some((sc) => sc.half?.baseline) ? ', and the baseline alone at half of its own' : ''}. Whole run ${n0(r.wallSeconds)} s.`,
  );
  if (r.loadAverage) {
    // Only the start says something about other work: by the end the average holds the benchmark's
    // own load generator, servers and PostgreSQL.
    const busy = r.loadAverage.start > r.machine.cpus * 0.75;
    lines.push(
      `- Machine load average (1 min) at start / end: ${n1(r.loadAverage.start)} / ${n1(r.loadAverage.end)}${busy ? ' — **other work was running on this machine: absolute figures are depressed and noisy; the interleaved ratios and the CPU per request are the reliable figures**' : ''}.`,
    );
  }
  lines.push(
    '- CPU per request: user + system time of the server process (from /proc/<pid>/stat) over the requests answered, with the share of it spent in the kernel (system time: sending and receiving, mostly); DB: the same for the PostgreSQL cluster.',
  );
  lines.push('');
  const rows: string[][] = [];
  for (const sc of r.scenarios) {
    if (!sc.available) {
      rows.push([sc.title, 'not available (page not built yet)', '', '', '', '', '', '', '', '', '']);
      continue;
    }
    if (sc.failed) {
      rows.push([sc.title, `**FAILED**: ${sc.failed.replace(/\|/g, '/').replace(/\n/g, ' ').slice(0, 200)}`, '', '', '', '', '', '', '', '', '']);
      continue;
    }
    const m = summarise(sc)!;
    rows.push([
      sc.title,
      n0(m.factRps),
      n0(m.baseRps),
      `**${n2(m.ratio)}**`,
      `${n1(m.factP50)} / ${n1(m.factP99)}`,
      `${n1(m.baseP50)} / ${n1(m.baseP99)}`,
      `${n2(m.factCpu)}${kernel(m.factSystem)} / ${n2(m.baseCpu)}${kernel(m.baseSystem)}`,
      `${n2(m.factDbCpu)} / ${n2(m.baseDbCpu)}`,
      `${n0(m.halfRps)} → ${n1(m.halfP99)}`,
      `${kb(m.factBytes)} / ${kb(m.baseBytes)}`,
    ]);
  }
  lines.push('### Throughput, latency and CPU');
  lines.push('');
  lines.push(
    table(
      [
        'Scenario',
        'FACT req/s',
        'Baseline req/s',
        'FACT / baseline',
        'FACT p50 / p99 ms',
        'Baseline p50 / p99 ms',
        'CPU ms/req FACT / baseline',
        'DB CPU ms/req FACT / baseline',
        'FACT at ½ max: req/s → p99 ms',
        'Answer KB FACT / baseline',
      ],
      rows,
    ),
  );
  lines.push('');
  lines.push('### Budgets');
  lines.push('');
  lines.push(table(['Budget', 'Figure', 'Held'], budgetRows(r)));
  lines.push('');
  lines.push('### Other figures (no budget)');
  lines.push('');
  lines.push(table(['Figure', 'Value'], otherRows(r, other)));
  lines.push('');
  const withPauses = r.scenarios.filter((sc) => sc.half?.pauses);
  if (withPauses.length) {
    lines.push(`### What the slow requests at half load met`);
    lines.push('');
    lines.push(
      `FACT's garbage collections, logged in the process (scripts/bench/gc-log.ts), against each request of the half-load run (scripts/bench/pauses.ts): a request over ${SLOW_MS} ms counts as having met a pause that overlaps it or ended at most ${BACKLOG_MS} ms before it started. The last column is the bare baseline's own half-load run, on the same machine with the same load generator.`,
    );
    lines.push('');
    const baselineHalf = (sc: ScenarioResult) => (sc.half?.baseline ? `${n1(sc.half.baseline.stats.p99Ms)} (${Math.round(sc.half.baseline.targetRps)} req/s)` : '—');
    lines.push(
      table(
        ['Scenario', 'p99 ms', `What the requests over ${SLOW_MS} ms met`, 'Baseline: p99 ms at half of its maximum'],
        withPauses.map((sc) => [sc.title, n1(sc.half!.stats.p99Ms), describePauses(sc.half!.pauses!), baselineHalf(sc)]),
      ),
    );
    lines.push('');
  }
  const latency = latencyRows(r);
  if (latency.length) {
    lines.push(`### Where the slow requests' time went at half load`);
    lines.push('');
    lines.push(
      `Means in ms over the requests over ${SLOW_MS} ms, and in brackets over all requests of the half-load run. A request's latency counts from its scheduled start (loadgen.ts) and is split by when the load generator wrote it to a connection (undici's own event) and by FACT's own log of it (scripts/bench/request-log.ts): not yet sent (the load generator late, or its connections all awaiting answers), in the socket before FACT's JavaScript saw it, inside FACT, and the answer on its way back. Over the same time, from the scheduler's counters (scripts/bench/sched-sampler.ts, every 20 ms, also during the baseline's half-load run so that both runs bear its cost): FACT's main thread ready to run but waiting for a core, PostgreSQL's processes the same (summed), FACT's GC pauses, and who had the machine's CPUs: FACT's main thread (its work for every request in flight, GC included), its other threads (V8's GC helpers), PostgreSQL, the load generator and anything else (the kernel's own threads, other processes); then the hypervisor's steal.`,
    );
    lines.push('');
    lines.push(
      table(
        [
          'Scenario',
          'Slow requests',
          'Latency',
          'Not yet sent',
          'Before FACT saw it',
          'Inside FACT',
          'Answer on its way',
          "FACT's main thread waiting for a core",
          'PostgreSQL waiting for a core',
          'GC pauses',
          `The ${r.machine.cpus} CPUs meanwhile: FACT's main thread + its other threads + PostgreSQL + load generator + the rest, of ${r.machine.cpus} × latency`,
          'Steal',
        ],
        latency,
      ),
    );
    lines.push('');
  }
  lines.push('### JavaScript and CSS per route (gzipped, what a first visit downloads)');
  lines.push('');
  lines.push(
    table(
      ['Route', 'URL', 'JS files', 'JS KB', 'CSS KB'],
      r.assets.map((a) => [a.route, a.url, String(a.jsFiles), kb(a.jsGzipBytes), kb(a.cssGzipBytes)]),
    ),
  );
  lines.push('');
  if (r.lcp) {
    const t = r.lcp.timeline;
    const when = t
      ? ` Last run: document first byte ${t.htmlFirstByteMs} ms, document complete ${t.htmlDoneMs} ms, stylesheet (render-blocking) complete ${t.cssDoneMs} ms, ${t.jsFiles} scripts complete ${t.jsDoneMs} ms.`
      : '';
    lines.push(`Landing page LCP (headless Chromium, 4× CPU throttling, fast 3G, cold cache): runs ${r.lcp.runs.join(', ')} ms, median ${n0(median(r.lcp.runs))} ms; element ${r.lcp.element}.${when}`);
  }
  if (r.interaction) {
    const i = r.interaction;
    lines.push('');
    lines.push(
      `FindCoaches interactions (headless Chromium, ${i.cpuThrottling}× CPU throttling, loopback, signed in as a client; timed in the page from the input event's timeStamp to the frame painted after the state is first seen): 'Book' (${i.bookDetail}) → the booking dialog with an enabled field, runs ${i.book.map(n0).join(', ')} ms, median ${n0(median(i.book))} ms${i.bookCalendar?.length ? ` (→ the coach's calendar painted with its days: runs ${i.bookCalendar.map(n0).join(', ')} ms, median ${n0(median(i.bookCalendar))} ms)` : ''}; Specialization (${i.filterDetail.replace(/\|/g, '/')}), runs ${i.filter.map(n0).join(', ')} ms, median ${n0(median(i.filter))} ms.${i.bookQueued?.length && i.filterQueued?.length ? ` Read as before 2026-11-29 (a normal-priority task after the frame, behind what the page had queued): 'Book' runs ${i.bookQueued.map(n0).join(', ')} ms, median ${n0(median(i.bookQueued))} ms; Specialization runs ${i.filterQueued.map(n0).join(', ')} ms, median ${n0(median(i.filterQueued))} ms.` : ''} Requests after the input in the last run (start→end, ms after it): 'Book' ${i.bookRequests?.join(', ') || 'none'}; Specialization ${i.filterRequests?.join(', ') || 'none'}.`,
    );
    lines.push('');
  }
  const fl = (k: string) => (r.rssFirstLastMb?.[k] ? ` (${n0(r.rssFirstLastMb[k][0])} MB after start-up, ${n0(r.rssFirstLastMb[k][1])} MB at the end)` : '');
  lines.push(`Server memory (RSS sampled every 250 ms through the run): FACT max ${n0(r.rssMaxMb.fact ?? 0)} MB${fl('fact')}, baseline max ${n0(r.rssMaxMb.baseline ?? 0)} MB${fl('baseline')}.`);
  if (r.failures.length) {
    lines.push('');
    lines.push(`**The run failed**: ${r.failures.map((f) => f.split('\n')[0]).join('; ')}`);
  }
  return lines.join('\n');
}

export function writeReport(r: BenchResults, options: { root: string; write: boolean; log: (line: string) => void }): void {
  const jsonDir = path.join(options.root, 'docs', 'benchmarks');
  const otherScale = r.scale === 'default' ? 'large' : 'default';
  const otherFile = path.join(jsonDir, `${otherScale}.json`);
  const other = existsSync(otherFile) ? (JSON.parse(readFileSync(otherFile, 'utf8')) as BenchResults) : null;
  const md = markdown(r, other);
  options.log(`\n${md}\n`);
  if (!options.write) {
    options.log('(a partial run: docs/performance.md left as it is)');
    return;
  }
  mkdirSync(jsonDir, { recursive: true });
  writeFileSync(path.join(jsonDir, `${r.scale}.json`), `${JSON.stringify(r, null, 2)}\n`);
  const file = path.join(options.root, 'docs', 'performance.md');
  const begin = `<!-- bench:${r.scale}:begin (generated by npm run bench${r.scale === 'large' ? ' -- --scale' : ''}; edit outside these markers) -->`;
  const end = `<!-- bench:${r.scale}:end -->`;
  let text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Performance\n\nThe blocks between the markers are written by `npm run bench`; the rest of the page is written by hand.\n\n<!-- bench:default:begin --><!-- bench:default:end -->\n\n<!-- bench:large:begin --><!-- bench:large:end -->\n';
  const startAt = text.indexOf(`<!-- bench:${r.scale}:begin`);
  const endAt = text.indexOf(end);
  const block = `${begin}\n${md}\n${end}`;
  text = startAt >= 0 && endAt > startAt ? text.slice(0, startAt) + block + text.slice(endAt + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
  options.log(`written: docs/performance.md and docs/benchmarks/${r.scale}.json`);
}
