/**
 * npm run bench: loaded into FACT with `--import` (bench runs only) to write each garbage
 * collection's main-thread pause to BENCH_GC_LOG, one line per pause: start on the wall clock in
 * ms, duration in ms, kind. pauses.ts lines them up with the load generator's requests to say
 * which pauses the slow requests of the half-load run met. One entry per
 * collection, a few per second: its own cost does not show in the CPU per request.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { PerformanceObserver, performance, constants } from 'node:perf_hooks';

const file = process.env.BENCH_GC_LOG;
const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental-marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
};

if (file) {
  writeFileSync(file, '');
  new PerformanceObserver((list) => {
    let lines = '';
    for (const e of list.getEntries()) {
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      lines += `${(performance.timeOrigin + e.startTime).toFixed(1)} ${e.duration.toFixed(2)} ${KINDS[kind] ?? `kind-${kind}`}\n`;
    }
    appendFileSync(file, lines);
  }).observe({ entryTypes: ['gc'] });
}
