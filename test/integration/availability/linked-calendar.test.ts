import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApplication, type Application } from '../../../adapters/composition-root';
import { createCalendarSource } from '../../../adapters/calendar/calendar-source';
import { safeFetch } from '../../../adapters/calendar/safe-fetch';
import { loadEnv } from '../../../adapters/config/env';
import { createLogger } from '../../../adapters/logging/logger';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import { createAccountErasureStore } from '../../../adapters/persistence/accounts/account-erasure.store';
import { CALENDAR_SYNC_JOB } from '../../../domain/availability/external-calendar';
import { linkCalendar } from '../../../domain/availability/use-cases/link-calendar';
import { syncCalendarNow } from '../../../domain/availability/use-cases/sync-calendar-now';
import { syncDueCalendars } from '../../../domain/availability/use-cases/sync-linked-calendars';
import { unlinkCalendar } from '../../../domain/availability/use-cases/unlink-calendar';
import { insertPerson, type Person } from '../../support/booking-flow';
import { countQueries } from '../../support/query-counter';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { TEST_HASH_COST } from '../../support/test-env';

/**
 * A coach's own calendar end to end against a local HTTP server serving real-world-shaped ICS
 * files: linking (the address stored as ciphertext, never logged), the worker's sync right after
 * and its 15-minute due batch, conditional fetches (ETag, Last-Modified, 304), the caps, the
 * refused destinations, and a failure that keeps the last good copy with its reason.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/ics');
const GOOGLE = readFileSync(path.join(FIXTURES, 'google-export.ics'), 'utf8');
const OUTLOOK = readFileSync(path.join(FIXTURES, 'outlook-exchange.ics'), 'utf8');
/** 'Now' for every test: the fixtures' events fall inside its 92 days. */
const NOW = new Date('2026-12-02T12:00:00Z');
const MINUTE = 60_000;

interface Served {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Answer nothing for this long. */
  delayMs?: number;
}

let server: Server;
let base = '';
let db: TestDatabase;
let app: Application;
let raw = '';
const requests: { path: string; headers: IncomingMessage['headers'] }[] = [];
const routes = new Map<string, (req: IncomingMessage) => Served>();

function serve(pathname: string, answer: Served | ((req: IncomingMessage) => Served)): string {
  routes.set(pathname, typeof answer === 'function' ? answer : () => answer);
  return `${base}${pathname}`;
}

/** A secret-looking address on the local server (the token is what must never leak). */
const secretPath = (name: string) => `/calendar/ical/coach%40example.com/private-${name}-5e3b9c0d7a1f42e8b6c4/basic.ics`;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    requests.push({ path: url.pathname, headers: req.headers });
    const route = routes.get(url.pathname);
    const answer = route ? route(req) : { status: 404, body: 'not here' };
    const send = () => {
      res.writeHead(answer.status, { 'Content-Type': 'text/calendar; charset=utf-8', ...answer.headers });
      res.end(answer.body ?? '');
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  db = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: 'test', FACT_TEST_MODE: '1', ...TEST_HASH_COST, DATABASE_URL: db.url, LOG_LEVEL: 'info', CALENDAR_FETCH_ALLOW_INSECURE: '1' });
  const logger = createLogger({ level: 'debug', pretty: false, destination: { write: (line: string) => void (raw += line) } });
  app = await createApplication({ env, logger, databaseUrl: db.url, sessionSecret: 'linked-calendar-test-secret-0123456789' });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await app?.close();
  await db?.drop();
});

beforeEach(() => {
  app.testClock!.set(NOW);
  requests.length = 0;
});

/** Moves the test clock on (past the minute a coach's own requests wait after a fetch). */
const later = (minutes: number) => app.testClock!.set(new Date(app.clock.now().getTime() + minutes * MINUTE));

async function link(coach: Person, address: string) {
  const result = await linkCalendar(app.deps(), { actor: coach.actor, coachId: coach.id, address });
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

async function runWorker() {
  return createAppWorker(app, { batchSize: 5 }).drain(20);
}

async function linkRow(coachId: string) {
  const [row] = await db.query<{
    url_ciphertext: string;
    url_hint: string;
    etag: string | null;
    last_modified: string | null;
    last_synced_at: Date | null;
    last_error: string | null;
    sync_requested_at: Date | null;
    busy_count: number;
  }>(`select * from coach_calendar_links where coach_id = $1`, [coachId]);
  return row;
}

const busyRows = (coachId: string) =>
  db
    .query<{ starts_at: Date; ends_at: Date }>(`select starts_at, ends_at from coach_calendar_busy where coach_id = $1 order by starts_at`, [coachId])
    .then((rows) => rows.map((r) => `${new Date(r.starts_at).toISOString().slice(0, 16)}/${new Date(r.ends_at).toISOString().slice(0, 16)}`));

describe('linking and the first sync', () => {
  it('stores the address only as ciphertext with its hint, and the worker syncs it right after', async () => {
    const coach = await insertPerson(db, { type: 'coach' });
    const address = serve(secretPath('first'), { status: 200, body: GOOGLE, headers: { ETag: '"g-1"' } });
    raw = '';
    await link(coach, address);

    const stored = await linkRow(coach.id);
    expect(stored!.url_ciphertext).toMatch(/^v1\./);
    expect(stored!.url_ciphertext).not.toContain('private-first');
    expect(stored!.url_hint).toBe(`127.0.0.1:${new URL(base).port} …c.ics`);
    const [job] = await db.query<{ payload: unknown }>(`select payload from outbox_jobs where type = $1 and payload->>'coachId' = $2`, [CALENDAR_SYNC_JOB, coach.id]);
    expect(job!.payload).toEqual({ coachId: coach.id });

    await runWorker();
    const synced = await linkRow(coach.id);
    expect(synced!.last_synced_at).not.toBeNull();
    expect(synced!.last_error).toBeNull();
    expect(synced!.sync_requested_at).toBeNull();
    expect(synced!.etag).toBe('"g-1"');
    const busy = await busyRows(coach.id);
    expect(busy).toContain('2026-12-16T10:00/2026-12-16T11:00');
    expect(busy.some((s) => s.startsWith('2026-12-08'))).toBe(false);
    expect(synced!.busy_count).toBe(busy.length);

    // Nothing anywhere in the database or the logs holds the address in the clear.
    const [dump] = await db.query<{ text: string }>(
      `select coalesce((select string_agg(t::text, ' ') from coach_calendar_links t), '') || coalesce((select string_agg(o::text, ' ') from outbox_jobs o), '') as text`,
    );
    expect(dump!.text).not.toContain('private-first');
    expect(raw).toContain('calendar_sync');
    expect(raw).not.toContain('private-first');
  });

  it('gives the slot engine every coach’s busy time in one read', async () => {
    const one = await insertPerson(db, { type: 'coach' });
    const two = await insertPerson(db, { type: 'coach' });
    await link(one, serve(secretPath('one'), { status: 200, body: GOOGLE }));
    await link(two, serve(secretPath('two'), { status: 200, body: OUTLOOK }));
    await runWorker();
    const reader = app.deps().externalBusy;
    const { result: busy, count, queries } = await countQueries(() => reader.busyFor([one.id, two.id], new Date('2026-12-21T00:00:00Z'), new Date('2026-12-23T00:00:00Z')));
    expect(count, queries.join('\n')).toBe(1);
    expect(busy.get(one.id)!.map((s) => s.startsAt.toISOString())).toEqual(['2026-12-22T18:00:00.000Z']);
    expect(busy.get(two.id)!.map((s) => [s.startsAt.toISOString(), s.endsAt.toISOString()])).toEqual([['2026-12-21T00:00:00.000Z', '2026-12-28T00:00:00.000Z']]);
  });

  it('refuses an http address without the test setting, and a client or an administrator altogether', async () => {
    const coach = await insertPerson(db, { type: 'coach' });
    const client = await insertPerson(db, { type: 'client' });
    const admin = await insertPerson(db, { type: 'admin' });
    const strict = { ...app.deps(), calendarFetchPolicy: { allowInsecure: false } };
    const refused = await linkCalendar(strict, { actor: coach.actor, coachId: coach.id, address: 'http://calendar.example.com/basic.ics' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid', message: 'The address must start with https:// or webcal://' } });
    for (const actor of [client.actor, admin.actor]) {
      expect(await linkCalendar(app.deps(), { actor, coachId: actor.userId, address: 'https://calendar.example.com/basic.ics' })).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
      expect(await linkCalendar(app.deps(), { actor, coachId: coach.id, address: 'https://calendar.example.com/basic.ics' })).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(await linkRow(coach.id)).toBeUndefined();
  });

  it('unlinks: the address and every busy time go', async () => {
    const coach = await insertPerson(db, { type: 'coach' });
    await link(coach, serve(secretPath('unlink'), { status: 200, body: GOOGLE }));
    await runWorker();
    expect((await busyRows(coach.id)).length).toBeGreaterThan(0);
    expect((await unlinkCalendar(app.deps(), { actor: coach.actor, coachId: coach.id })).ok).toBe(true);
    expect(await linkRow(coach.id)).toBeUndefined();
    expect(await busyRows(coach.id)).toEqual([]);
    expect(await unlinkCalendar(app.deps(), { actor: coach.actor, coachId: coach.id })).toMatchObject({ ok: false, error: { code: 'CALENDAR_NOT_LINKED' } });
  });
});

describe('erasing a coach', () => {
  it('deletes the linked calendar and its busy times', async () => {
    const coach = await insertPerson(db, { type: 'coach' });
    await link(coach, serve(secretPath('erased'), { status: 200, body: GOOGLE }));
    await runWorker();
    expect((await busyRows(coach.id)).length).toBeGreaterThan(0);
    const report = await createAccountErasureStore(app.orm.em.fork()).eraseTraces({ userId: coach.id, mentions: [], rateLimitKeys: [], keepJobDedupeKey: null });
    expect(report.coach_calendar_links).toBe(1);
    expect(await linkRow(coach.id)).toBeUndefined();
    expect(await busyRows(coach.id)).toEqual([]);
  });
});

describe('conditional fetches', () => {
  it('sends the stored ETag as If-None-Match and takes a 304 as a good sync that changes nothing', async () => {
    const coach = await insertPerson(db, { type: 'coach' });
    const pathname = secretPath('etag');
    const address = serve(pathname, (req) => (req.headers['if-none-match'] === '"v7"' ? { status: 304 } : { status: 200, body: GOOGLE, headers: { ETag: '"v7"' } }));
    await link(coach, address);
    await runWorker();
    const before = await busyRows(coach.id);
    const first = await linkRow(coach.id);

    later(2);
    expect(await syncCalendarNow(app.deps(), { actor: coach.actor, coachId: coach.id })).toEqual({ ok: true, value: { alreadyPending: false } });
    expect(await syncCalendarNow(app.deps(), { actor: coach.actor, coachId: coach.id })).toEqual({ ok: true, value: { alreadyPending: true } });
    await runWorker();
    const sent = requests.filter((r) => r.path === pathname);
    expect(sent.map((r) => r.headers['if-none-match'] ?? null)).toEqual([null, '"v7"']);
    const after = await linkRow(coach.id);
    expect(after!.last_error).toBeNull();
    expect(new Date(after!.last_synced_at!).getTime()).toBeGreaterThan(new Date(first!.last_synced_at!).getTime());
    expect(await busyRows(coach.id)).toEqual(before);
  });

  it('sends the stored Last-Modified as If-Modified-Since', async () => {
    const coach = await insertPerson(db, { type: 'coach' });
    const pathname = secretPath('last-modified');
    const stamp = 'Tue, 01 Dec 2026 10:00:00 GMT';
    const address = serve(pathname, (req) => (req.headers['if-modified-since'] === stamp ? { status: 304 } : { status: 200, body: OUTLOOK, headers: { 'Last-Modified': stamp } }));
    await link(coach, address);
    await runWorker();
    later(2);
    await syncCalendarNow(app.deps(), { actor: coach.actor, coachId: coach.id });
    await runWorker();
    expect(requests.filter((r) => r.path === pathname).map((r) => r.headers['if-modified-since'] ?? null)).toEqual([null, stamp]);
    expect((await linkRow(coach.id))!.last_modified).toBe(stamp);
    expect(await busyRows(coach.id)).toContain('2026-12-21T00:00/2026-12-28T00:00');
  });
});

describe('a failed sync', () => {
  it('keeps the last good copy and records a clear reason', async () => {
    const coach = await insertPerson(db, { type: 'coach' });
    let gone = false;
    await link(
      coach,
      serve(secretPath('fails'), () => (gone ? { status: 404, body: 'Not Found' } : { status: 200, body: GOOGLE })),
    );
    await runWorker();
    const good = await busyRows(coach.id);
    const goodRow = await linkRow(coach.id);

    gone = true;
    later(2);
    await syncCalendarNow(app.deps(), { actor: coach.actor, coachId: coach.id });
    await runWorker();
    const failed = await linkRow(coach.id);
    expect(failed!.last_error).toBe('Could not fetch: the server answered 404');
    expect(failed!.last_synced_at).toEqual(goodRow!.last_synced_at);
    expect(await busyRows(coach.id)).toEqual(good);
    // The job itself is done: a failed fetch is recorded on the link, not retried as a job.
    const jobs = await db.query<{ status: string }>(`select status from outbox_jobs where type = $1 and payload->>'coachId' = $2`, [CALENDAR_SYNC_JOB, coach.id]);
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('refuses a body over the size cap', async () => {
    const coach = await insertPerson(db, { type: 'coach' });
    const big = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-PAD:${'x'.repeat(5 * 1024 * 1024)}\r\nEND:VCALENDAR\r\n`;
    await link(coach, serve(secretPath('big'), { status: 200, body: big }));
    await runWorker();
    expect((await linkRow(coach.id))!.last_error).toBe('Could not fetch: the calendar is larger than 5 MB');
    expect(await busyRows(coach.id)).toEqual([]);
  });

  it('gives up on a server slower than the time cap', async () => {
    const source = createCalendarSource({ allowInsecure: true, timeoutMs: 300 });
    const address = serve(secretPath('slow'), { status: 200, body: GOOGLE, delayMs: 3_000 });
    const started = Date.now();
    const outcome = await source.read(address, { etag: null, lastModified: null }, { from: NOW, to: new Date(NOW.getTime() + 92 * 86_400_000) });
    expect(outcome).toEqual({ kind: 'failed', failure: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a redirect to a private address, and more than three redirects', async () => {
    const source = createCalendarSource({ allowInsecure: true });
    const window = { from: NOW, to: new Date(NOW.getTime() + 92 * 86_400_000) };
    const toPrivate = serve(secretPath('to-private'), { status: 302, headers: { Location: 'http://192.168.10.20/calendar.ics' } });
    expect(await source.read(toPrivate, { etag: null, lastModified: null }, window)).toEqual({ kind: 'failed', failure: { kind: 'private_address' } });
    const toMetadata = serve(secretPath('to-metadata'), { status: 307, headers: { Location: 'http://169.254.169.254/latest/meta-data/' } });
    expect(await source.read(toMetadata, { etag: null, lastModified: null }, window)).toEqual({ kind: 'failed', failure: { kind: 'private_address' } });
    for (let i = 0; i < 5; i++) serve(`/hop-${i}`, { status: 301, headers: { Location: `/hop-${i + 1}` } });
    serve('/hop-5', { status: 200, body: GOOGLE });
    expect(await source.read(`${base}/hop-0`, { etag: null, lastModified: null }, window)).toEqual({ kind: 'failed', failure: { kind: 'too_many_redirects' } });
    expect((await source.read(`${base}/hop-2`, { etag: null, lastModified: null }, window)).kind).toBe('busy');
  });

  it('refuses http and loopback without the test setting, loopback by the address a name resolves to', async () => {
    const strict = { allowInsecure: false, maxBytes: 1024, timeoutMs: 2_000, maxRedirects: 3, headers: {} };
    expect(await safeFetch(`${base}/anything.ics`, strict)).toEqual({ kind: 'failed', failure: { kind: 'not_https' } });
    // 'localhost' passes every check on the name; its resolved address (loopback) is refused at connect time.
    expect(await safeFetch(`https://localhost:${new URL(base).port}/anything.ics`, strict)).toEqual({ kind: 'failed', failure: { kind: 'private_address' } });
    expect(await safeFetch(`https://127.0.0.1:${new URL(base).port}/anything.ics`, strict)).toEqual({ kind: 'failed', failure: { kind: 'private_address' } });
    expect(await safeFetch(`https://[::1]:${new URL(base).port}/anything.ics`, strict)).toEqual({ kind: 'failed', failure: { kind: 'private_address' } });
  });

  it('says so when the address answers something that is not a calendar', async () => {
    const coach = await insertPerson(db, { type: 'coach' });
    await link(coach, serve(secretPath('html'), { status: 200, body: '<html><body>Sign in to continue</body></html>', headers: { 'Content-Type': 'text/html' } }));
    await runWorker();
    expect((await linkRow(coach.id))!.last_error).toBe('Could not read the calendar: the address did not return an iCalendar (.ics) file');
  });
});

describe("the worker's due batch", () => {
  it('claims the calendars never tried or last tried 15 minutes ago, never one tried just now or being synced', async () => {
    await db.query(`delete from coach_calendar_links`);
    const fresh = await insertPerson(db, { type: 'coach' });
    const stale = await insertPerson(db, { type: 'coach' });
    const recent = await insertPerson(db, { type: 'coach' });
    const leased = await insertPerson(db, { type: 'coach' });
    const closed = await insertPerson(db, { type: 'coach' });
    for (const coach of [fresh, stale, recent, leased, closed]) await link(coach, serve(secretPath(`batch-${coach.id.slice(0, 6)}`), { status: 200, body: OUTLOOK }));
    // As if the link jobs had run: nothing asked for any more.
    await db.query(`update coach_calendar_links set sync_requested_at = null`);
    await db.query(`update coach_calendar_links set last_attempt_at = $2 where coach_id = $1`, [stale.id, new Date(NOW.getTime() - 16 * MINUTE)]);
    await db.query(`update coach_calendar_links set last_attempt_at = $2 where coach_id = $1`, [recent.id, new Date(NOW.getTime() - 5 * MINUTE)]);
    await db.query(`update coach_calendar_links set sync_lease_token = gen_random_uuid(), sync_lease_until = $2 where coach_id = $1`, [leased.id, new Date(NOW.getTime() + 2 * MINUTE)]);
    await db.query(`update users set is_active = false, deactivated_at = now() where id = $1`, [closed.id]);

    const result = await syncDueCalendars(app.deps());
    expect(result.ok).toBe(true);
    const synced = result.ok ? result.value.map((r) => r.coachId).sort() : [];
    expect(synced).toEqual([fresh.id, stale.id].sort());
    expect(result.ok && result.value.every((r) => r.outcome === 'busy')).toBe(true);
    // Run again at once: every one of them was just tried.
    const again = await syncDueCalendars(app.deps());
    expect(again.ok && again.value).toEqual([]);
    // Fifteen minutes on, they are due again (the leased one too, its lease having run out).
    later(15);
    const next = await syncDueCalendars(app.deps());
    expect(next.ok ? next.value.map((r) => r.coachId).sort() : []).toEqual([fresh.id, stale.id, recent.id, leased.id].sort());
  });

  it("runs as the worker's scheduled task", async () => {
    await db.query(`delete from coach_calendar_links`);
    const coach = await insertPerson(db, { type: 'coach' });
    await link(coach, serve(secretPath('scheduled'), { status: 200, body: OUTLOOK }));
    await db.query(`update coach_calendar_links set sync_requested_at = null, last_attempt_at = $2 where coach_id = $1`, [coach.id, new Date(NOW.getTime() - 20 * MINUTE)]);
    const worker = createAppWorker(app);
    expect(worker.handledTypes).toContain('schedule.availability.calendar-sync');
    await worker.enqueueScheduled();
    await worker.drain(20);
    expect(requests.filter((r) => r.path === secretPath('scheduled'))).toHaveLength(1);
    expect(await busyRows(coach.id)).toContain('2026-12-21T00:00/2026-12-28T00:00');
  });

  it('never runs two syncs of one coach at once', async () => {
    await db.query(`delete from coach_calendar_links`);
    const coach = await insertPerson(db, { type: 'coach' });
    await link(coach, serve(secretPath('once'), { status: 200, body: GOOGLE, delayMs: 200 }));
    const [a, b] = await Promise.all([syncDueCalendars(app.deps()), syncDueCalendars(app.deps())]);
    const total = (a.ok ? a.value.length : 0) + (b.ok ? b.value.length : 0);
    expect(total).toBe(1);
    expect(requests.filter((r) => r.path === secretPath('once'))).toHaveLength(1);
    // The link's own job finds the sync done and does nothing more.
    await runWorker();
    expect(requests.filter((r) => r.path === secretPath('once'))).toHaveLength(1);
  });
});
