import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeAssets } from '../../scripts/bench/assets';
import { BUDGETS } from '../../scripts/bench/report';

const root = path.resolve(import.meta.dirname, '../..');

// Held on every build, not only when someone runs the bench: a change that adds a dependency to
// a route shows here at once.
describe('the JavaScript a first visit downloads', () => {
  it(`is at most ${BUDGETS.jsKb} KB gzipped on every route of the production build`, () => {
    const routes = routeAssets(root);
    expect(routes.length).toBeGreaterThan(20);
    const over = routes.filter((r) => r.jsGzipBytes > BUDGETS.jsKb * 1024).map((r) => `${r.url} ${(r.jsGzipBytes / 1024).toFixed(2)} KB`);
    expect(over).toEqual([]);
  });
});
