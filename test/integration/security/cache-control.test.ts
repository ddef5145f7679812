import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, PRIVATE_NO_STORE, PUBLIC_BRIEFLY } from '../../../adapters/http/cache-policy';
import { insertPerson, type Person } from '../../support/booking-flow';
import { useHttpApp } from '../../support/http-app';

/**
 * Decision 015: every response that depends on the session says `private, no-store`; the public
 * pages asked for without a session may be cached briefly; built assets stay immutable. Walks
 * every route file's URL (and each page's `_data` answer) as anonymous and as each role, so a new
 * route is covered the day it is added.
 */
const http = useHttpApp();
const ROUTES_DIR = path.resolve(import.meta.dirname, '../../../app/routes');
// FindCoaches too (decision 048); a coach's profile needs its userId: test/integration/public/public-pages.test.ts.
const PUBLIC = new Set(['/', '/Landing', '/PrivacyPolicy', '/Terms', '/FindCoaches']);

/** The URL of a route file: `_app.X` → /X, `a.b` → /a/b, `$param` → a sample id, `_index` → /. */
function urlOf(file: string): string | null {
  const name = file.replace(/\.tsx?$/, '');
  if (name === '_app' || name === '$') return null;
  if (name === '_index') return '/';
  const segments = name
    .replace(/^_app\./, '')
    .split('.')
    .map((s) => (s.startsWith('$') ? randomUUID() : s));
  return `/${segments.join('/')}`.replace('/CoachEarnings/csv', '/CoachEarnings.csv');
}

const routeFiles = readdirSync(ROUTES_DIR).filter((f) => /\.tsx?$/.test(f));
const urls = routeFiles.map(urlOf).filter((u): u is string => u !== null);
const pageDataUrls = [
  ...routeFiles.filter((f) => f.startsWith('_app.') && f !== '_app.tsx').map((f) => `${urlOf(f)}?_data=${encodeURIComponent(`routes/${f.replace(/\.tsx$/, '')}`)}`),
  // The signed-in shell's own data answer.
  `/Messages?_data=${encodeURIComponent('routes/_app')}`,
];

describe('Cache-Control on every answer', () => {
  const people: Record<string, Person> = {};
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    people.client = await insertPerson(http.db, { type: 'client', name: 'Cache Client' });
    people.coach = await insertPerson(http.db, { type: 'coach', name: 'Cache Coach' });
    people.admin = await insertPerson(http.db, { type: 'admin', name: 'Cache Admin' });
    for (const [role, p] of Object.entries(people)) cookies[role] = await http.cookieFor(p.id);
  });

  it('covers every route file', () => {
    expect(urls.length).toBeGreaterThan(30);
    expect(urls).toContain('/MyBookings');
    expect(pageDataUrls.some((u) => u.startsWith('/MyBookings?_data='))).toBe(true);
  });

  it('says private, no-store on every page, data answer and resource answer for a signed-in person', async () => {
    const wrong: string[] = [];
    for (const role of ['client', 'coach', 'admin']) {
      for (const url of [...urls, ...pageDataUrls]) {
        const res = await fetch(`${http.baseUrl}${url}`, { headers: { cookie: cookies[role]! }, redirect: 'manual' });
        await res.arrayBuffer();
        if (res.headers.get('cache-control') !== PRIVATE_NO_STORE) wrong.push(`${role} ${url} ${res.status}: ${res.headers.get('cache-control')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets the public pages be cached briefly for signed-out visitors, and nothing else', async () => {
    const wrong: string[] = [];
    for (const url of [...urls, ...pageDataUrls]) {
      const res = await fetch(`${http.baseUrl}${url}`, { redirect: 'manual' });
      await res.arrayBuffer();
      const value = res.headers.get('cache-control') ?? '(none)';
      const expected = PUBLIC.has(url) && res.status === 200 ? PUBLIC_BRIEFLY : null;
      if (expected ? value !== expected || !/\bCookie\b/.test(res.headers.get('vary') ?? '') : !/no-store|private/.test(value)) wrong.push(`${url} ${res.status}: ${value}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps built assets immutable', async () => {
    const page = await (await fetch(`${http.baseUrl}/Landing`)).text();
    const asset = /\/build\/[^"']+\.js/.exec(page)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(`${http.baseUrl}${asset}`, { headers: { cookie: cookies.client! } });
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('never lets a response that sets a cookie be cached, even on a public page', () => {
    expect(cacheControlFor({ method: 'GET', path: '/Landing', hasSession: false, setsCookie: true, status: 200, routeChoice: null, isData: false })).toBe(PRIVATE_NO_STORE);
    expect(cacheControlFor({ method: 'GET', path: '/terms', hasSession: false, setsCookie: false, status: 200, routeChoice: null, isData: false })).toBe(PUBLIC_BRIEFLY);
    expect(cacheControlFor({ method: 'GET', path: '/Terms', hasSession: true, setsCookie: false, status: 200, routeChoice: 'public, max-age=60', isData: false })).toBe(PRIVATE_NO_STORE);
    // A server-sent events stream keeps no-transform, or compression would buffer it.
    expect(cacheControlFor({ method: 'GET', path: '/events', hasSession: true, setsCookie: false, status: 200, routeChoice: 'no-cache, no-transform', isData: false })).toBe(
      `${PRIVATE_NO_STORE}, no-transform`,
    );
    expect(cacheControlFor({ method: 'GET', path: '/calendar/x.ics', hasSession: false, setsCookie: false, status: 200, routeChoice: 'private, max-age=300', isData: false })).toBe(
      'private, max-age=300',
    );
  });
});
