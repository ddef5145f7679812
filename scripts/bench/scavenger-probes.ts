/**
 * What V8's young-generation collector (the scavenger) keeps of a short-lived object, by how the
 * object is referenced (decision 029; docs/benchmarks.md, sixteenth pass). Each probe runs in a
 * child Node with FACT's production heap flags and --trace-gc-nvp. A loop makes 200 small objects
 * per step and drops them at once, referenced one way. The probe prints the MB promoted to the old
 * generation and the collections. A request's objects referenced these ways outlive it.
 *
 *   node --import tsx scripts/bench/scavenger-probes.ts
 */
import { spawnSync } from 'node:child_process';

const PROBES: Record<string, string> = {
  'nothing else': '',
  'a WeakRef': 'sink += new WeakRef(payload).deref() ? 1 : 0;',
  'a WeakSet': 'weakSet.add(payload);',
  'a WeakMap entry (fresh key)': 'weakMap.set({}, payload);',
  'a FinalizationRegistry target': 'registry.register(payload, 1);',
  'an object literal with a getter': 'const o = { get p() { return payload; }, x: 1 }; sink += o.p.a.length;',
  'an object literal with a method': 'const o = { p() { return payload; }, x: 1 }; sink += o.p().a.length;',
};

const program = (line: string) => `
const weakMap = new WeakMap(); const weakSet = new WeakSet(); const registry = new FinalizationRegistry(() => {});
let sink = 0;
function step() { const payload = { a: Array.from({ length: 200 }, (_, i) => ({ i })) }; ${line} return payload.a.length; }
(async () => { const end = Date.now() + 2000; while (Date.now() < end) { for (let i = 0; i < 100; i++) sink += step(); await new Promise((r) => setImmediate(r)); } })();
`;

for (const [name, line] of Object.entries(PROBES)) {
  const run = spawnSync(process.execPath, ['--max-old-space-size=192', '--max-semi-space-size=32', '--no-allocation-site-pretenuring', '--trace-gc-nvp', '-e', program(line)], { encoding: 'utf8' });
  let promoted = 0;
  let scavenges = 0;
  let markCompacts = 0;
  for (const gc of run.stdout.split('\n')) {
    if (/ gc=s /.test(gc)) scavenges++;
    if (/ gc=mc /.test(gc)) markCompacts++;
    promoted += Number(/ promoted=(\d+)/.exec(gc)?.[1] ?? 0);
  }
  console.log(`${name.padEnd(34)} promoted ${(promoted / 1e6).toFixed(1).padStart(7)} MB, ${String(scavenges).padStart(5)} scavenges, ${String(markCompacts).padStart(4)} mark-compacts`);
}
