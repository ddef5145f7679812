import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTAINER_HEAP_MB, CONTAINER_SEMI_SPACE_MB } from './container-heap';

const root = path.resolve(import.meta.dirname, '..');
const boundsIn = (file: string) => [...readFileSync(path.join(root, file), 'utf8').matchAll(/--max-old-space-size=(\d+)/g)].map((m) => Number(m[1]));

describe('the container heap bound', () => {
  it('is the one the README deploys with and decision 042 names, so the measured bound is the documented one', () => {
    for (const file of ['README.md', 'docs/decisions/042-stock-framework-and-the-one-patch.md']) {
      const bounds = boundsIn(file);
      expect(bounds.length, file).toBeGreaterThan(0);
      expect(bounds, file).toEqual(bounds.map(() => CONTAINER_HEAP_MB));
      expect(readFileSync(path.join(root, file), 'utf8'), file).toContain(`--max-old-space-size=${CONTAINER_HEAP_MB} --max-semi-space-size=${CONTAINER_SEMI_SPACE_MB}`);
    }
  });
});
