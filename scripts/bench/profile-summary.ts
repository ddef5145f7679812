/**
 * Where FACT's CPU goes: the self time of a V8 .cpuprofile (from `npm run bench -- --profile`)
 * grouped by function and by package or source folder.
 *
 *   node --import tsx scripts/bench/profile-summary.ts /tmp/fact-bench/profiles/CPU.….cpuprofile [top] [skip seconds]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}
const [file, topArg, skipArg] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file ?? '', 'utf8')) as { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
const top = Number(topArg ?? 30);
const selfUs = new Map<number, number>();
// Leave out the first `skip` seconds (start-up: module loading and compiling).
const skipUs = Number(skipArg ?? 0) * 1e6;
let clock = 0;
profile.samples.forEach((id, i) => {
  clock += profile.timeDeltas[i] ?? 0;
  if (clock >= skipUs) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (!us) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') continue;
  total += us;
  const place = url.includes('node_modules/')
    ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
    : url.startsWith('node:') || url === ''
      ? url || '(native)'
      : url
          .replace(/^.*\/work\/main\//, '')
          .replace(/^file:\/\//, '')
          .split('/')
          .slice(0, 2)
          .join('/');
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  const key = `${functionName || '(anonymous)'}  ${url.replace(/^.*node_modules\//, '').replace(/^.*\/work\/main\//, '')}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (busy ${(total / 1000).toFixed(0)} ms)`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
};
show('self time by package / folder', byPlace);
show('self time by function', byFunction);
