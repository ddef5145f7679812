import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeAssets } from '../../scripts/bench/assets';
import { readManifest } from '../../scripts/browser-manifest';
import { COMPILE_HINT } from '../../scripts/compile-hints';
import { GOALS_20 } from '../../scripts/bench/report';

const root = path.resolve(import.meta.dirname, '../..');

// Issue 20 §4, held on every build rather than only when someone runs the bench: one change
// pushed /AdminBookings 0.3 KB over unnoticed until the next bench run.
describe('the JavaScript a first visit downloads', () => {
  it(`is at most ${GOALS_20.jsKb} KB gzipped on every route of the production build`, () => {
    const routes = routeAssets(root);
    expect(routes.length).toBeGreaterThan(20);
    const over = routes.filter((r) => r.jsGzipBytes > GOALS_20.jsKb * 1024).map((r) => `${r.url} ${(r.jsGzipBytes / 1024).toFixed(2)} KB`);
    expect(over).toEqual([]);
  });

  it('marks the framework files every page loads at start for eager compilation (decision 026), and no route chunk', () => {
    const manifest = readManifest(root);
    const hinted = (url: string) => readFileSync(path.join(root, 'public', url), 'utf8').startsWith(COMPILE_HINT);
    const framework = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
    expect(framework.filter((url) => !hinted(url))).toEqual([]);
    const routes = Object.values(manifest.routes).map((r) => r.module);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter(hinted)).toEqual([]);
    // What is compiled eagerly is the framework (React, the router, Remix: ~266 KB minified today).
    // App code drifting into the entry's chunks would be compiled eagerly too: keep that in sight.
    const hintedBytes = framework.reduce((sum, url) => sum + statSync(path.join(root, 'public', url)).size, 0);
    expect(hintedBytes).toBeLessThanOrEqual(290 * 1024);
  });
});
