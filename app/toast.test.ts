import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptAfterRaising, shownToast, TOAST_LIMIT, toastDurationMs } from './toast';

describe('the toasts a stack keeps', () => {
  it('never holds more than the limit, holds each id once, and keeps the newest last', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }).map(String), { maxLength: 80 }), (raised) => {
        let kept: string[] = [];
        for (const id of raised) {
          const next = keptAfterRaising(kept, id);
          expect(next.kept.length).toBeLessThanOrEqual(TOAST_LIMIT);
          expect(new Set(next.kept).size).toBe(next.kept.length);
          expect(next.kept.at(-1)).toBe(id);
          // Only the oldest go, and nothing kept is also dropped.
          expect([...next.dropped, ...next.kept]).toEqual([...kept.filter((k) => k !== id), id]);
          kept = next.kept;
        }
      }),
    );
  });

  it('drops the oldest toast when the twenty-first is raised', () => {
    const twenty = Array.from({ length: TOAST_LIMIT }, (_, i) => `t${i}`);
    expect(TOAST_LIMIT).toBe(20);
    expect(keptAfterRaising(twenty, 't20')).toEqual({ kept: [...twenty.slice(1), 't20'], dropped: ['t0'] });
  });

  it('moves a repeated toast to the front instead of stacking it twice', () => {
    expect(keptAfterRaising(['a', 'b', 'c'], 'a')).toEqual({ kept: ['b', 'c', 'a'], dropped: [] });
  });
});

describe('a toast as shown', () => {
  it('defaults an unknown type to info and cuts over-long texts', () => {
    const shown = shownToast({ type: 'nonsense' as never, title: 'x'.repeat(400), description: 'y'.repeat(1200) }, 'id1');
    expect(shown).toEqual({ type: 'info', title: 'x'.repeat(300), description: 'y'.repeat(1000), id: 'id1' });
  });

  it('stays longer when it is an error than when it confirms something', () => {
    expect(toastDurationMs('error')).toBeGreaterThan(toastDurationMs('success'));
    expect(toastDurationMs('success')).toBe(5000);
  });
});
