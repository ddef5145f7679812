import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeAssets } from '../../scripts/bench/assets';
import { readManifest } from '../../scripts/browser-manifest';
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
});
