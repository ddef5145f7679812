import { appendFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminReadModels } from '../../../adapters/persistence/admin/index';
import { createUser, type CreatedUser } from '../../support/accounts';
import { createTestBooking } from '../../support/fixtures/bookings';
import { useHttpApp } from '../../support/http-app';

/**
 * Bad input over HTTP: at least 300 generated request bodies to every form action of the app
 * (found in app/routes), sent through the real middleware and Remix build as anonymous, client,
 * coach and administrator: wrong types, huge and odd strings, invalid UTF-8, JSON and broken
 * multipart where a form is expected, deeply nested keys, dates around the clock changes, ends
 * before starts. Never a 5xx; afterwards every stored row still passes the domain's checks and
 * the data diagnostic reports no error.
 */
const http = useHttpApp();
const PER_ACTION = Number(process.env.FUZZ_ACTION_RUNS ?? 300);
const CONCURRENCY = 8;
const ROUTES_DIR = path.resolve(import.meta.dirname, '../../../app/routes');

interface World {
  client: CreatedUser;
  coach: CreatedUser;
  admin: CreatedUser;
  bookings: string[];
  cookies: Record<'client' | 'coach' | 'admin', string>;
}
let world: World;

/** Where each action lives (flat-route file name → URL); a new action route must be added here. */
function urlFor(file: string, w: World, asData: boolean): string | null {
  const base = pathFor(file, w);
  if (!base || !asData) return base;
  return `${base}${base.includes('?') ? '&' : '?'}_data=${encodeURIComponent(`routes/${file.replace(/\.tsx?$/, '')}`)}`;
}

function pathFor(file: string, w: World): string | null {
  const booking = w.bookings[0]!;
  const known: Record<string, string> = {
    '$.tsx': '/no/such/page',
    '_index.tsx': '/?index',
    'Conversation.tsx': `/Conversation?booking_id=${booking}`,
    'api.payments.$bookingId.tsx': `/api/payments/${booking}`,
    '_app.AdminBookings_.$bookingId.tsx': `/AdminBookings/${booking}`,
    // Any id: the steps refuse what is not a package on sale or a purchase of the caller's own.
    'api.package-purchases.$offerId.tsx': `/api/package-purchases/${booking}`,
  };
  if (known[file]) return known[file];
  if (file.includes('$')) return null;
  return `/${file
    .replace(/\.tsx?$/, '')
    .replace(/^_app\./, '')
    .replace(/\./g, '/')}`;
}

const KEYS = [
  'intent',
  'bookingId',
  'content',
  'reason',
  'email',
  'password',
  'fullName',
  'phone',
  'location',
  'bio',
  'userType',
  'confirmAge',
  'date',
  'time',
  'durationMinutes',
  'serviceType',
  'coachId',
  'locationType',
  'clientNotes',
  'rating',
  'comment',
  'description',
  'kind',
  'enabled',
  'userId',
  'requestId',
  'outcome',
  'amount',
  'note',
  'periodId',
  'startDate',
  'endDate',
  'isAvailable',
  'dailyStart',
  'dailyEnd',
  'weekday[]',
  'start[]',
  'end[]',
  'location[]',
  'slotStepMinutes',
  'bufferBeforeMinutes',
  'bufferAfterMinutes',
  'minimumNoticeMinutes',
  'maxSessionsPerDay',
  'receiverId',
  'cardNumber',
  'expiry',
  'cvc',
  'intentId',
  'attempt',
  'redirectTo',
  'hourlyRate',
  'servicesOffered',
  'ageGroups',
  'credentials',
  'serviceRadius',
  'videoClip1',
  'preferredCoachingTypes',
  'preferredSessionTimes',
  'role',
  'isActive',
  'status',
  'paymentStatus',
  'price',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  '__proto__',
  'constructor',
  'a[b][c][d]',
  'x'.repeat(300),
];
const INTENTS = [
  'book',
  'accept',
  'decline',
  'cancel',
  'propose_reschedule',
  'accept_reschedule',
  'decline_reschedule',
  'mark_arrival',
  'mark_completion',
  'report_issue',
  'review',
  'start',
  'confirm',
  'confirm-test-card',
  'remove_user',
  'restore_user',
  'approve_deletion',
  'reject_deletion',
  'resolve_dispute',
  'profile',
  'delete-account',
  'availability-save',
  'availability-delete',
  'weekly-hours',
  'scheduling-rules',
  'register',
  'login',
  'password',
  'verify_coach',
  'unverify_coach',
];
const ODD = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\u202Eevil',
  'e\u0301\u0301',
  '😀'.repeat(300),
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "'; drop table bookings; --",
  '1e309',
  'NaN',
  '-1',
  '0',
  '2.5',
  'Infinity',
  '9007199254740993',
  'true',
  'on',
  'off',
  'null',
  '2026-03-29',
  '2026-10-25',
  '01:30',
  '02:00',
  '00:30',
  '1999-01-01',
  '2099-12-31',
  '2026-13-45',
  '25:61',
  'T',
  '%00',
  '%ff',
  '../../etc/passwd',
  'x'.repeat(5_001),
  'y'.repeat(70_000),
  'FACT-20260320-AB12',
  'refund_partial',
  'refund_full',
  'release',
  '12.50',
  '-5.00',
  '4242424242424242',
  '4000000000000002',
  '12/34',
  '01/20',
  '123',
  'striker',
  'online',
  'coach',
  'client',
  'admin',
  'adults',
  'morning',
  '60',
  '240',
  '241',
  '29',
  'someone@example.com',
  'correct-horse-42',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  '//evil.example',
  'booking_requests',
  'payments',
];

function values(w: World) {
  const ids = [...w.bookings, w.client.user.id, w.coach.user.id, w.admin.user.id, '00000000-0000-0000-0000-000000000000', 'not-a-uuid'];
  const future = Array.from({ length: 6 }, (_, i) => new Date(Date.now() + (i * 13 + 2) * 86_400_000).toISOString().slice(0, 10));
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ODD) },
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 2, arbitrary: fc.constantFrom(...INTENTS) },
    { weight: 2, arbitrary: fc.constantFrom(...future) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );
}

interface Body {
  kind: string;
  headers: Record<string, string>;
  body: Uint8Array | string | FormData | null;
}

/** Any body a client could send where the app expects a form. */
function bodies(w: World): fc.Arbitrary<Body> {
  const entries = fc.array(fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }), values(w)), { maxLength: 14 });
  const withIntent = fc.tuple(fc.constantFrom(...INTENTS), entries).map(([intent, rest]) => [['intent', intent] as [string, string], ...rest]);
  const urlencoded = fc
    .oneof(entries, withIntent)
    .map((list): Body => ({ kind: 'form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(list).toString() }));
  const invalidUtf8 = fc.uint8Array({ minLength: 1, maxLength: 200 }).map((bytes): Body => ({
    kind: 'invalid utf-8',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new Uint8Array([...Buffer.from('intent=cancel&reason='), 0xff, 0xfe, 0xc3, 0x28, ...bytes]),
  }));
  const json = fc.jsonValue({ maxDepth: 4 }).map((v): Body => ({
    kind: 'json',
    headers: { 'content-type': fc.sample(fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'), 1)[0]! },
    body: JSON.stringify(v),
  }));
  const multipart = entries.map((list): Body => {
    const form = new FormData();
    for (const [k, v] of list) form.append(k, v);
    form.append('photo', new Blob([Buffer.from('<svg onload=alert(1)>')], { type: 'image/svg+xml' }), 'x.svg');
    return { kind: 'multipart', headers: {}, body: form };
  });
  const brokenMultipart = fc
    .string({ maxLength: 200 })
    .map((s): Body => ({ kind: 'broken multipart', headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, body: `--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${s}` }));
  const nested = fc
    .integer({ min: 50, max: 2000 })
    .map((depth): Body => ({ kind: 'nested keys', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `${'a'.concat('[a]'.repeat(depth))}=1&intent=book&${'b'.repeat(depth)}=2` }));
  const huge = fc
    .integer({ min: 100_000, max: 900_000 })
    .map((size): Body => ({ kind: 'huge field', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `intent=cancel&reason=${'r'.repeat(size)}&content=${'c'.repeat(1000)}` }));
  const empty = fc.constantFrom<Body>({ kind: 'empty', headers: {}, body: null }, { kind: 'no type', headers: {}, body: 'intent=book' });
  return fc.oneof(
    { weight: 10, arbitrary: urlencoded },
    { weight: 2, arbitrary: invalidUtf8 },
    { weight: 2, arbitrary: json },
    { weight: 2, arbitrary: multipart },
    { weight: 1, arbitrary: brokenMultipart },
    { weight: 1, arbitrary: nested },
    { weight: 1, arbitrary: huge },
    { weight: 1, arbitrary: empty },
  );
}

const ROLES = ['anonymous', 'client', 'coach', 'admin'] as const;

async function send(url: string, body: Body, role: (typeof ROLES)[number], i: number): Promise<number | string> {
  const headers: Record<string, string> = { Origin: http.baseUrl, 'X-Forwarded-For': `203.0.113.${(i % 7) + 1}`, ...body.headers };
  if (role !== 'anonymous') headers.Cookie = world.cookies[role];
  const res = await fetch(`${http.baseUrl}${url}`, { method: 'POST', headers, body: body.body as BodyInit | null, redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

/** Routes with a page: fetchers post to them with `?_data=` (JSON back), forms without (a page back). */
const pages = new Set<string>();

async function actionRoutes(): Promise<string[]> {
  const files = readdirSync(ROUTES_DIR).filter((f) => /\.tsx?$/.test(f));
  const withAction: string[] = [];
  for (const file of files) {
    const mod = (await import(path.join(ROUTES_DIR, file))) as { action?: unknown; default?: unknown };
    if (typeof mod.action === 'function') withAction.push(file);
    if (mod.default) pages.add(file);
  }
  return withAction.sort((a, b) => (a === 'test.clock.tsx' ? 1 : b === 'test.clock.tsx' ? -1 : a.localeCompare(b)));
}

describe('generated request bodies to every form action', async () => {
  const files = await actionRoutes();

  beforeAll(async () => {
    const client = await createUser(http.app, { email: 'fuzz.client@example.com' });
    const coach = await createUser(http.app, { userType: 'coach', email: 'fuzz.coach@example.com' });
    const admin = await createUser(http.app, { role: 'admin', email: 'fuzz.admin@example.com' });
    const bookings = [];
    for (let i = 0; i < 3; i++) bookings.push((await createTestBooking(http.app, { clientId: client.user.id, coachId: coach.user.id, startsAt: new Date(Date.now() + (3 + i) * 86_400_000) })).id);
    world = {
      client,
      coach,
      admin,
      bookings,
      cookies: { client: await http.cookieFor(client.user.id), coach: await http.cookieFor(coach.user.id), admin: await http.cookieFor(admin.user.id) },
    };
  });

  it('finds the action routes', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  for (const file of files) {
    it(`${file}: ${PER_ACTION} bodies, never a 5xx`, async () => {
      expect(pathFor(file, world), `no URL known for ${file}: add it to pathFor`).not.toBeNull();
      http.clearLogs();
      const samples = fc.sample(fc.tuple(bodies(world), fc.constantFrom(...ROLES)), { numRuns: PER_ACTION, seed: file.length * 7919 });
      const failures: string[] = [];
      const statuses = new Map<number | string, number>();
      for (let i = 0; i < samples.length; i += CONCURRENCY) {
        const batch = samples.slice(i, i + CONCURRENCY);
        const results = await Promise.all(
          // One in ten as a document request (a page comes back), the rest as the app's fetchers send them.
          batch.map(([body, role], j) =>
            send(urlFor(file, world, pages.has(file) && (i + j) % 10 !== 0)!, body, role, i + j).catch((error: unknown) => `network error: ${String((error as Error).cause ?? error)}`),
          ),
        );
        results.forEach((status, j) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (typeof status === 'string' || status >= 500) {
            const [body, role] = batch[j]!;
            const shown = typeof body.body === 'string' ? body.body.slice(0, 200) : body.kind;
            failures.push(`${status} as ${role}, ${body.kind}: ${shown}`);
            if (process.env.FUZZ_DUMP) appendFileSync(process.env.FUZZ_DUMP, `${file}\t${role}\t${JSON.stringify(body.headers)}\t${typeof body.body === 'string' ? body.body : body.kind}\n`);
          }
        });
      }
      if (file === 'test.clock.tsx') http.app.testClock?.reset();
      const errors = http
        .logs()
        .filter((l) => Number(l.level) >= 50)
        .map((l) => `${String(l.msg)}: ${JSON.stringify(l.err ?? '').slice(0, 400)}`);
      expect(failures.slice(0, 10), `statuses ${JSON.stringify([...statuses])}\nserver errors:\n${errors.slice(-5).join('\n')}`).toEqual([]);
    });
  }

  it('leaves nothing invalid stored: every row passes the domain checks and the diagnostic finds no error', async () => {
    http.app.testClock?.reset();
    const deps = http.app.deps();
    const users = await http.db.query<{ id: string }>('select id from users');
    for (const { id } of users) await deps.uow.read.users.findById(id);
    const bookings = await http.db.query<{ id: string }>('select id from bookings');
    for (const { id } of bookings) await deps.uow.read.bookings.findById(id);
    await deps.uow.read.messages.listAll(10_000);
    const report = await adminReadModels(http.app.orm).diagnostics();
    expect(report.checks.filter((c) => c.severity === 'error' && c.count > 0)).toEqual([]);
    expect(report.healthy).toBe(true);
  });
});
