/**
 * The benchmark's scenarios: the same requests go to FACT and to the baseline,
 * each signed in as the right person with a real session cookie (minted with the app's own
 * cookie session storage and the run's SESSION_SECRET).
 */
import type pg from 'pg';
import { sessionStorageFor } from '../../app/auth/session.server';
import { cursorAfter } from '../../domain/search/coach-search';
import type { DatasetFacts } from './dataset';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  cookie: string;
  /** application/x-www-form-urlencoded */
  body?: string;
}

export interface Scenario {
  id: string;
  title: string;
  kind: 'read' | 'write';
  /** The Remix route that must exist in FACT's build for the scenario to run. */
  route: string;
  requests: BenchRequest[];
  /** Text both FACT's and the baseline's answer must contain (a smoke check before timing). */
  expect: string;
  /** Rate-limit windows are cleared before each timed run (the writes rotate over many people). */
  clearsRateLimits?: boolean;
  /** The bookings (and outbox jobs) of earlier runs are deleted before each run and each smoke request. */
  undoesWrites?: boolean;
}

export const PAGE_SIZE = 20;
export const DEEP_PAGE = 50;
/** Didsbury (GeoNames id), where the near-me scenarios search from. */
export const NEAR_PLACE = 6620310;
/** Booking POSTs per client in the `book` scenario's list (at most the booking rate limit, 10 an hour). */
export const BOOKINGS_PER_CLIENT = 10;

export async function cookieMinter(secret: string, appUrl: string) {
  const storage = sessionStorageFor({ app: { env: { APP_URL: appUrl }, sessionSecret: secret } } as never);
  const cache = new Map<string, string>();
  return async (userId: string): Promise<string> => {
    let cookie = cache.get(userId);
    if (!cookie) {
      const session = await storage.getSession();
      session.set('userId', userId);
      session.set('sessionVersion', 1);
      session.set('issuedAt', Date.now());
      cookie = (await storage.commitSession(session)).split(';')[0]!;
      cache.set(userId, cookie);
    }
    return cookie;
  };
}

/** London date (YYYY-MM-DD) `days` from now. */
function londonDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

export async function buildScenarios(facts: DatasetFacts, db: pg.Client, cookieFor: (userId: string) => Promise<string>): Promise<Scenario[]> {
  const client = await cookieFor(facts.bookingClients[0]!);
  const busyClient = await cookieFor(facts.busyClientId);
  const busyCoach = await cookieFor(facts.busyCoachId);
  const admin = await cookieFor(facts.adminId);

  // The cursor FACT's "Load more" would carry to page 50: the last coach of page 49 in the list's order.
  const deep = await db.query<{ rating: string; total_sessions: number; user_id: string }>(
    `select cp.rating, cp.total_sessions, cp.user_id from coach_profiles cp join users u on u.id = cp.user_id
      where cp.is_listed and u.user_type = 'coach' and u.is_active and u.erased_at is null
      order by cp.rating desc, cp.total_sessions desc, cp.user_id asc offset ${(DEEP_PAGE - 1) * PAGE_SIZE - 1} limit 1`,
  );
  const row = deep.rows[0]!;
  const cursor = cursorAfter({ rating: Number(row.rating), totalSessions: row.total_sessions, userId: row.user_id });
  const profileCoach = facts.bookableCoaches[0]!.id;

  // Decision 011: a client holds one pending request per coach and start (a unique index), so no
  // two booking requests of a run may share client, coach and start: each client books up to
  // BOOKINGS_PER_CLIENT different days (the booking rate limit allows 10 an hour), clients in
  // turn, and the harness undoes the scenario's bookings before each run (undoesWrites).
  // The start must be one the slot engine offers: SPEC's last hourly start, 20:00 London, on a day
  // when the coach has no confirmed session touching 20:00–21:00 (the dataset's end by 21:00 UTC).
  const taken = await db.query<{ coach_id: string; day: string }>(
    `select coach_id, to_char(starts_at at time zone 'Europe/London', 'YYYY-MM-DD') as day from bookings
      where coach_id = any($1::uuid[]) and status in ('confirmed', 'in_session') and starts_at > now()
        and ((ends_at at time zone 'Europe/London')::time > '20:00' or (starts_at at time zone 'Europe/London')::time >= '20:00')`,
    [facts.bookableCoaches.map((c) => c.id)],
  );
  const busy = new Set(taken.rows.map((r) => `${r.coach_id} ${r.day}`));
  const freeDay = (coachId: string, days: number) => {
    let d = days;
    while (busy.has(`${coachId} ${londonDate(d)}`) && d < 88) d++;
    return londonDate(d);
  };
  const bookings: BenchRequest[] = [];
  const clientCount = facts.bookingClients.length;
  for (let j = 0; j < clientCount * BOOKINGS_PER_CLIENT; j++) {
    const c = j % clientCount;
    const round = Math.floor(j / clientCount);
    const coach = facts.bookableCoaches[j % facts.bookableCoaches.length]!;
    const form = new URLSearchParams({
      intent: 'book',
      coachId: coach.id,
      serviceType: coach.service,
      // Days 2–81 ahead: distinct for each of a client's bookings, inside the 90-day window.
      date: freeDay(coach.id, 2 + round * 8 + (c % 8)),
      time: '20:00',
      durationMinutes: '60',
      locationType: 'outdoor',
      locationAddress: 'Hackney Marshes',
      locationNotes: '',
      clientNotes: 'Working on my weak foot',
    });
    bookings.push({ method: 'POST', path: '/FindCoaches?_data=routes%2F_app.FindCoaches', cookie: await cookieFor(facts.bookingClients[c]!), body: form.toString() });
  }
  const messages: BenchRequest[] = [];
  for (const [i, pair] of facts.messagePairs.entries()) {
    const form = new URLSearchParams({ bookingId: pair.bookingId, receiverId: pair.coachId, content: `Hi coach, see you on the pitch — message ${i}. Shall I bring a ball?` });
    messages.push({ method: 'POST', path: '/api/messages', cookie: await cookieFor(pair.clientId), body: form.toString() });
  }

  const get = (path: string, cookie: string): BenchRequest[] => [{ method: 'GET', path, cookie }];
  return [
    { id: 'find-page-1', title: 'FindCoaches, page 1', kind: 'read', route: 'routes/_app.FindCoaches', requests: get('/FindCoaches', client), expect: 'Found ' },
    {
      id: 'find-filtered',
      title: 'FindCoaches, specialisation + price band + text',
      kind: 'read',
      route: 'routes/_app.FindCoaches',
      requests: get('/FindCoaches?q=alex&specialization=goalkeeping&price=30-60', client),
      expect: 'Found ',
    },
    // Issue 46 §4: near-me at 100 000 coaches (--scale) is held to 10 ms of database time, alone and with other filters.
    {
      id: 'find-near',
      title: 'FindCoaches, near a place (10 miles, nearest first)',
      kind: 'read',
      route: 'routes/_app.FindCoaches',
      requests: get(`/FindCoaches?near=${NEAR_PLACE}&miles=10`, client),
      expect: 'Found ',
    },
    {
      id: 'find-near-filtered',
      title: 'FindCoaches, near a place (25 miles) + specialisation + price band',
      kind: 'read',
      route: 'routes/_app.FindCoaches',
      requests: get(`/FindCoaches?near=${NEAR_PLACE}&miles=25&specialization=goalkeeping&price=30-60`, client),
      expect: 'Found ',
    },
    {
      id: 'find-deep',
      title: `FindCoaches, page ${DEEP_PAGE} (keyset cursor)`,
      kind: 'read',
      route: 'routes/_app.FindCoaches',
      requests: get(`/FindCoaches?cursor=${encodeURIComponent(cursor)}`, client),
      expect: 'Found ',
    },
    { id: 'coach-profile', title: "A coach's profile", kind: 'read', route: 'routes/_app.CoachProfile', requests: get(`/CoachProfile?userId=${profileCoach}`, client), expect: 'Coach Profile' },
    { id: 'my-bookings', title: 'MyBookings, client with 200 bookings', kind: 'read', route: 'routes/_app.MyBookings', requests: get('/MyBookings', busyClient), expect: 'My Bookings' },
    {
      id: 'coach-dashboard',
      title: 'CoachDashboard, coach with 500 bookings',
      kind: 'read',
      route: 'routes/_app.CoachDashboard',
      requests: get('/CoachDashboard', busyCoach),
      expect: 'Coach Dashboard',
    },
    {
      id: 'conversation',
      title: 'Conversation with 2 000 messages',
      kind: 'read',
      route: 'routes/Conversation',
      requests: get(`/Conversation?booking_id=${facts.conversationBookingId}`, busyClient),
      expect: 'Message 2000:',
    },
    { id: 'book', title: 'Booking creation (POST)', kind: 'write', route: 'routes/_app.FindCoaches', requests: bookings, expect: '"ok":true', clearsRateLimits: true, undoesWrites: true },
    { id: 'send-message', title: 'Sending a message (POST)', kind: 'write', route: 'routes/api.messages', requests: messages, expect: '"ok":true', clearsRateLimits: true },
    {
      id: 'admin-bookings',
      title: 'AdminBookings filtered by status',
      kind: 'read',
      route: 'routes/_app.AdminBookings',
      requests: get('/AdminBookings?status=confirmed', admin),
      expect: 'Bookings (Confirmed)',
    },
  ];
}

/** One request per line for wrk.lua and loadgen.ts: METHOD<TAB>PATH<TAB>COOKIE<TAB>BODY. */
export function requestsFile(requests: BenchRequest[]): string {
  return requests.map((r) => [r.method, r.path, r.cookie, r.body ?? ''].join('\t')).join('\n') + '\n';
}
