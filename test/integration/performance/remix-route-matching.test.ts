import { matchPath, matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import { describe, expect, it } from 'vitest';

/**
 * Issue 11, decision 010: Remix matches the URL against the routes four times per page, and the
 * stock router flattened, ranked and compiled every route on each call (a fifth of a small page's
 * CPU). scripts/patches keeps a route array's ranked branches and each pattern's regex. These
 * tests fail if `npm install` did not apply the patch, and if the patch changed what matches.
 */

/** A route whose `path` reads are counted: flattening reads it, matching ranked branches does not. */
function counted(route: AgnosticRouteObject, reads: { count: number }): AgnosticRouteObject {
  return new Proxy(route, {
    get(target, key, receiver) {
      if (key === 'path') reads.count += 1;
      return Reflect.get(target, key, receiver);
    },
  });
}

const appRoutes = (): AgnosticRouteObject[] => [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'index', index: true },
      { id: 'find', path: 'FindCoaches' },
      { id: 'coach', path: 'coach/:coachId' },
      { id: 'optional', path: 'calendar/:month?' },
      { id: 'splat', path: '*' },
    ],
  },
];

describe('route matching on the server (patched @remix-run/router)', () => {
  it('flattens and ranks a route array once, not on every match', () => {
    const reads = { count: 0 };
    const routes = appRoutes().map((route) => counted(route, reads));
    matchRoutes(routes, '/FindCoaches');
    const firstMatch = reads.count;
    expect(firstMatch).toBeGreaterThan(0);
    matchRoutes(routes, '/coach/42');
    matchRoutes(routes, '/FindCoaches');
    expect(reads.count).toBe(firstMatch);
  });

  it('still flattens a different route array of its own', () => {
    const reads = { count: 0 };
    matchRoutes(appRoutes().map((route) => counted(route, reads)), '/FindCoaches');
    const first = reads.count;
    matchRoutes(appRoutes().map((route) => counted(route, reads)), '/FindCoaches');
    expect(reads.count).toBe(first * 2);
  });

  it('matches exactly as before: static, dynamic, optional, splat, index and case-insensitive paths', () => {
    const routes = appRoutes();
    const ids = (url: string) => matchRoutes(routes, url)?.map((match) => match.route.id);
    for (let round = 0; round < 2; round += 1) {
      expect(ids('/')).toEqual(['root', 'index']);
      expect(ids('/FindCoaches')).toEqual(['root', 'find']);
      expect(ids('/findcoaches/')).toEqual(['root', 'find']);
      expect(matchRoutes(routes, '/coach/42')?.at(-1)?.params).toEqual({ coachId: '42' });
      expect(matchRoutes(routes, '/coach/7')?.at(-1)?.params).toEqual({ coachId: '7' });
      expect(matchRoutes(routes, '/calendar')?.at(-1)?.route.id).toBe('optional');
      expect(matchRoutes(routes, '/calendar/2026-11')?.at(-1)?.params).toEqual({ month: '2026-11' });
      expect(matchRoutes(routes, '/no/such/page')?.at(-1)?.params).toEqual({ '*': 'no/such/page' });
    }
    expect(matchPath({ path: '/coach/:coachId', caseSensitive: true }, '/Coach/1')).toBeNull();
    expect(matchPath({ path: '/coach/:coachId' }, '/Coach/1')?.params).toEqual({ coachId: '1' });
    expect(matchPath({ path: '/coach', end: false }, '/coach/1/reviews')?.pathnameBase).toBe('/coach');
    expect(matchPath({ path: '/coach' }, '/coach/1/reviews')).toBeNull();
  });

  it('gives every level of a nested match the whole params and its own path', () => {
    const routes: AgnosticRouteObject[] = [
      { id: 'root', path: '', children: [{ id: 'app', children: [{ id: 'coach', path: 'coach/:coachId', children: [{ id: 'tab', path: ':tab' }] }] }] },
    ];
    const matches = matchRoutes(routes, '/coach/42/reviews/')!;
    expect(matches.map((m) => [m.route.id, m.pathname, m.pathnameBase])).toEqual([
      ['root', '/', '/'],
      ['app', '/', '/'],
      ['coach', '/coach/42', '/coach/42'],
      ['tab', '/coach/42/reviews/', '/coach/42/reviews'],
    ]);
    for (const m of matches) expect(m.params).toEqual({ coachId: '42', tab: 'reviews' });
  });

  it('walks the branches once for a table and path; each caller gets answers of its own', () => {
    const routes = appRoutes();
    const first = matchRoutes(routes, '/coach/42')!;
    // Matching tests each tried pattern with String.prototype.match; a kept answer tests none.
    const original = String.prototype.match;
    let tests = 0;
    String.prototype.match = function counted(this: string, ...args: Parameters<typeof original>) {
      tests += 1;
      return original.apply(this, args);
    } as typeof original;
    let second: ReturnType<typeof matchRoutes>;
    try {
      second = matchRoutes(routes, '/coach/42');
    } finally {
      String.prototype.match = original;
    }
    expect(tests).toBe(0);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    (second![1]!.params as Record<string, string>).coachId = 'changed by a loader';
    expect(second![0]!.params).toBe(second![1]!.params);
    expect(matchRoutes(routes, '/coach/42')!.at(-1)!.params).toEqual({ coachId: '42' });
  });
});
