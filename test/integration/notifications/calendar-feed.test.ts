import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCalendarRenderer } from '../../../adapters/mail/calendar-invite';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { cancelBooking } from '../../../domain/booking/lifecycle/use-cases/cancel-booking';
import { requestBooking } from '../../../domain/booking/requests/use-cases/request-booking';
import { composeEmail } from '../../../domain/notifications/compose-email';
import { parseEmailJobPayload } from '../../../domain/notifications/email-job';
import { authoriseWithTestCard } from '../../support/fixtures/bookings';
import { insertPerson, type Person } from '../../support/booking-flow';
import { sameOrigin, useHttpApp } from '../../support/http-app';
import { eventsOf, parseICalendar, parseWithIcalJs, prop } from '../../support/ical';
import { countQueries } from '../../support/query-counter';
import { emailJobs, expectOk, saveBooking } from './notification-fixtures';

/**
 * Decision 014: the personal calendar feed through the real HTTP stack — turned on, reset and off
 * from the profile's endpoint, read by its token with no session, parsed strictly, compared with
 * the emailed invites of the same bookings.
 */
const { Client } = pg;
const http = useHttpApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let client: Person;
let coach: Person;
let otherClient: Person;

function hourAhead(days: number, hour = 10): Date {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
}

async function post(userId: string, intent: string) {
  const res = await fetch(`${http.baseUrl}/api/calendar-feed`, {
    method: 'POST',
    headers: sameOrigin(http.baseUrl, { Cookie: await http.cookieFor(userId), 'Content-Type': 'application/x-www-form-urlencoded' }),
    body: new URLSearchParams({ intent }),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; feed?: { enabled: boolean; links: { httpsUrl: string; webcalUrl: string; googleUrl: string } | null }; code?: string } };
}

/** Turns the person's feed on (or resets it) and gives the feed's path. */
async function feedPathOf(userId: string, intent: 'enable' | 'reset' = 'enable'): Promise<string> {
  const { status, body } = await post(userId, intent);
  expect(status).toBe(200);
  return new URL(body.feed!.links!.httpsUrl).pathname;
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${http.baseUrl}${path}`, { headers });

/** A confirmed session: requested, paid with the test card, accepted by the coach. */
async function confirmedSession(startsAt: Date, who = client) {
  const requested = expectOk(await requestBooking(http.app.deps(), { actor: who.actor, coachId: coach.id, serviceType: 'striker', startsAt, durationMinutes: 60, locationType: 'outdoor' }));
  const paid = await authoriseWithTestCard(http.app, requested);
  return expectOk(await acceptBooking(http.app.deps(), { actor: coach.actor, bookingId: paid.id })).booking;
}

/** The invite the worker would email `role` for the booking's latest calendar job, rendered and parsed. */
async function emailedInvite(bookingId: string, role: 'client' | 'coach') {
  const jobs = await emailJobs(http.db, `payload->'booking'->>'id' = $1 and payload->'details'->>'calendar' is not null and payload->'recipient'->>'role' = $2`, [bookingId, role]);
  const payload = expectOk(parseEmailJobPayload(jobs[jobs.length - 1]!.payload));
  const names = { [client.id]: client.name, [coach.id]: coach.name, [otherClient.id]: otherClient.name };
  const composed = composeEmail(payload, { appUrl: http.baseUrl, recipient: { name: 'Someone', email: 'someone@example.test', role }, names });
  const ics = createCalendarRenderer({ from: 'FACT <no-reply@fact.example>' }).render(composed.calendar!);
  return eventsOf(parseICalendar(ics))[0]!;
}

beforeAll(async () => {
  client = await insertPerson(http.db, { type: 'client', name: 'Sam Client' });
  coach = await insertPerson(http.db, { type: 'coach', name: 'Alex Coach' });
  otherClient = await insertPerson(http.db, { type: 'client', name: 'Olly Other' });
});

describe('the calendar feed', () => {
  it('holds the sessions of the window, with the UIDs and SEQUENCE of the emailed invites, cancelled ones marked', async () => {
    const confirmed = await confirmedSession(hourAhead(4));
    const toCancel = await confirmedSession(hourAhead(6));
    const cancelled = expectOk(await cancelBooking(http.app.deps(), { actor: coach.actor, bookingId: toCancel.id, reason: 'Pitch closed' }));
    // The window's edges: 89 days back and 364 ahead are in; 91 back and 366 ahead, a pending request and a declined one are not.
    const edge = async (days: number, status: string, extra = '') => {
      const b = await saveBooking(http.app, client, coach, { startsAt: hourAhead(days, 15) });
      await http.db.query(
        `update bookings set status = $2, payment_status = 'captured', amount_authorized_pence = total_price_pence, amount_captured_pence = total_price_pence ${extra} where id = $1`,
        [b.id, status],
      );
      return b;
    };
    const pastIn = await edge(-89, 'completed');
    const pastOut = await edge(-91, 'completed');
    const aheadIn = await edge(364, 'confirmed');
    const aheadOut = await edge(366, 'confirmed');
    const declined = await edge(20, 'cancelled', ', declined = true');
    const pending = await saveBooking(http.app, client, coach, { startsAt: hourAhead(21, 15) });

    const path = await feedPathOf(client.id);
    expect(path).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    const calendar = parseICalendar(await res.text());
    expect(prop(calendar, 'X-WR-CALNAME')).toBe('FACT sessions');
    expect(prop(calendar, 'REFRESH-INTERVAL')).toBe('PT1H');
    expect(prop(calendar, 'X-PUBLISHED-TTL')).toBe('PT1H');
    expect(calendar.properties.some((p) => p.name === 'METHOD')).toBe(false);
    const events = eventsOf(calendar);
    const uid = (id: string) => `booking-${id}@fact`;
    expect(events.map((e) => e.uid)).toEqual([pastIn, confirmed, cancelled, aheadIn].map((b) => uid(b.id)));
    for (const b of [pastOut, aheadOut, declined, pending]) expect(events.map((e) => e.uid)).not.toContain(uid(b.id));

    const invite = await emailedInvite(confirmed.id, 'client');
    const event = events.find((e) => e.uid === invite.uid)!;
    expect({ uid: event.uid, sequence: event.sequence, start: event.start, end: event.end, summary: event.summary, location: event.location, status: event.status }).toEqual({
      uid: invite.uid,
      sequence: invite.sequence,
      start: invite.start,
      end: invite.end,
      summary: invite.summary,
      location: invite.location,
      status: 'CONFIRMED',
    });
    expect(event.summary).toBe(`Striker & Finishing session with Alex Coach (${confirmed.referenceCode})`);
    expect(event.description).toBe(invite.description);

    const cancelInvite = await emailedInvite(cancelled.id, 'client');
    const cancelledEvent = events.find((e) => e.uid === cancelInvite.uid)!;
    expect(cancelledEvent.status).toBe('CANCELLED');
    expect(cancelledEvent.sequence).toBe(cancelInvite.sequence);
    expect(cancelledEvent.sequence).toBe(cancelled.version);
    expect(cancelled.version).toBeGreaterThan(toCancel.version);
  });

  it("is valid iCalendar whose confirmed sessions remind 24 hours and 1 hour before, only while 'Session reminders' is on", async () => {
    const reminderClient = await insertPerson(http.db, { type: 'client', name: 'Renée Ørsted-Łukasiewicz' });
    const session = await confirmedSession(hourAhead(12), reminderClient);
    const path = await feedPathOf(reminderClient.id);
    const setReminders = async (enabled: 'on' | 'off') => {
      const res = await fetch(`${http.baseUrl}/api/email-preferences`, {
        method: 'POST',
        headers: sameOrigin(http.baseUrl, { Cookie: await http.cookieFor(reminderClient.id), 'Content-Type': 'application/x-www-form-urlencoded' }),
        body: new URLSearchParams({ kind: 'session_reminders', enabled }),
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    };
    /** The feed as a calendar app reads it: parsed by ical.js after the line checks, its event's alarms. */
    const alarmsInFeed = async () => {
      const res = await get(path);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      const event = parseWithIcalJs(text).getFirstSubcomponent('vevent')!;
      expect(event.getFirstPropertyValue('uid')).toBe(`booking-${session.id}@fact`);
      return { etag: res.headers.get('etag'), alarms: event.getAllSubcomponents('valarm').map((a) => [a.getFirstPropertyValue('action'), String(a.getFirstPropertyValue('trigger'))]) };
    };

    const on = await alarmsInFeed();
    expect(on.alarms).toEqual([
      ['DISPLAY', '-P1D'],
      ['DISPLAY', '-PT1H'],
    ]);
    await setReminders('off');
    const off = await alarmsInFeed();
    expect(off.alarms).toEqual([]);
    // The body changed, so a calendar holding the old one fetches the new one.
    expect(off.etag).not.toBe(on.etag);
    await setReminders('on');
    expect((await alarmsInFeed()).alarms).toHaveLength(2);
  });

  it('answers a strong ETag and 304 to If-None-Match, and a new ETag when a session changes', async () => {
    const path = await feedPathOf(coach.id);
    const first = await get(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const body = await first.text();
    const again = await get(path);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(body);
    const notModified = await get(path, { 'If-None-Match': etag });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);

    await confirmedSession(hourAhead(8));
    const changed = await get(path, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('shows each person only their own sessions', async () => {
    const mine = await confirmedSession(hourAhead(9), otherClient);
    const events = eventsOf(parseICalendar(await (await get(await feedPathOf(otherClient.id))).text()));
    expect(events.map((e) => e.uid)).toEqual([`booking-${mine.id}@fact`]);
    expect(events[0]!.summary).toContain('with Alex Coach');
    const clientEvents = eventsOf(parseICalendar(await (await get(await feedPathOf(client.id, 'reset'))).text()));
    expect(clientEvents.map((e) => e.uid)).not.toContain(`booking-${mine.id}@fact`);
  });

  it('reset revokes the old link at once and the new one works; turning off makes it 404', async () => {
    const oldPath = await feedPathOf(client.id);
    expect((await get(oldPath)).status).toBe(200);
    const newPath = await feedPathOf(client.id, 'reset');
    expect(newPath).not.toBe(oldPath);
    expect((await get(oldPath)).status).toBe(404);
    expect((await get(newPath)).status).toBe(200);
    const [row] = await http.db.query<{ n: string; token_hash: string }>(`select count(*)::text as n, max(token_hash) as token_hash from calendar_feeds where user_id = $1`, [client.id]);
    expect(row!.n).toBe('1');
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(newPath.slice('/calendar/'.length, -4));

    expect((await post(client.id, 'disable')).body).toMatchObject({ ok: true, feed: { enabled: false } });
    expect((await get(newPath)).status).toBe(404);
    expect(await http.db.query(`select 1 from calendar_feeds where user_id = $1`, [client.id])).toEqual([]);
    expect((await post(client.id, 'reset')).status).toBe(409);
  });

  it('answers malformed, unknown and revoked tokens and a deactivated person’s feed with one same 404', async () => {
    const answers = async (path: string) => {
      const res = await get(path);
      return { status: res.status, body: await res.text(), type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), etag: res.headers.get('etag') };
    };
    const unknown = await answers(`/calendar/${'Q'.repeat(43)}.ics`);
    expect(unknown).toEqual({ status: 404, body: 'Not found', type: 'text/plain; charset=utf-8', cache: 'no-store', etag: null });
    for (const path of ['/calendar/short.ics', `/calendar/${'Q'.repeat(43)}`, '/calendar/%2e%2e.ics', `/calendar/${'Q'.repeat(44)}.ics`]) expect(await answers(path)).toEqual(unknown);

    const path = await feedPathOf(otherClient.id, 'reset');
    await http.db.query(`update users set is_active = false, deactivated_at = now() where id = $1`, [otherClient.id]);
    try {
      expect(await answers(path)).toEqual(unknown);
    } finally {
      await http.db.query(`update users set is_active = true, deactivated_at = null where id = $1`, [otherClient.id]);
    }
    await http.db.query(`update users set erased_at = now() where id = $1`, [otherClient.id]);
    try {
      expect(await answers(path)).toEqual(unknown);
    } finally {
      await http.db.query(`update users set erased_at = null where id = $1`, [otherClient.id]);
    }
    expect((await get(path)).status).toBe(200);
  });

  it('keeps the token out of the logs, logs the changes, and reads a feed in a handful of statements', async () => {
    http.clearLogs();
    const path = await feedPathOf(coach.id, 'reset');
    const token = path.slice('/calendar/'.length, -'.ics'.length);
    const res = await get(path);
    expect(res.status).toBe(200);
    await res.text();
    await new Promise((resolve) => setTimeout(resolve, 50)); // the request line is written when the response finishes
    expect(http.rawLogs()).not.toContain(token);
    expect(http.logs().some((l) => l.event === 'calendar_feed_reset' && l.userId === coach.id)).toBe(true);
    expect(http.logs().some((l) => l.path === '/calendar/[token].ics')).toBe(true);

    const { readCalendarFeed } = await import('../../../domain/notifications/use-cases/calendar-feed');
    const { result, count, queries } = await countQueries(() => readCalendarFeed(http.app.deps(), { token, appUrl: http.baseUrl }));
    expect(result.ok).toBe(true);
    // rate-limit hit, owner by token hash, (last used, at most hourly), the sessions.
    expect(count, queries.join('\n')).toBeLessThanOrEqual(4);
  });

  it("reads one person's sessions through the calendar indexes, bounded by the window", async () => {
    const pg = new Client({ connectionString: http.db.url });
    await pg.connect();
    try {
      await pg.query('set enable_seqscan = off');
      const statuses = "('confirmed', 'in_session', 'completed', 'disputed', 'cancelled')";
      const plan = await pg.query(
        `explain (select id from bookings where client_id = $1 and status in ${statuses} and starts_at >= now() - interval '90 days' and starts_at < now() + interval '365 days' order by starts_at, id limit 1000)
         union (select id from bookings where coach_id = $1 and status in ${statuses} and starts_at >= now() - interval '90 days' and starts_at < now() + interval '365 days' order by starts_at, id limit 1000)`,
        [client.id],
      );
      const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('bookings_calendar_by_client');
      expect(text).toContain('bookings_calendar_by_coach');
    } finally {
      await pg.end();
    }
  });

  it('the profile endpoint says whether the feed is on, never the link, and refuses administrators', async () => {
    const cookie = await http.cookieFor(coach.id);
    const view = await (await fetch(`${http.baseUrl}/api/calendar-feed`, { headers: { Cookie: cookie } })).json();
    expect(view).toMatchObject({ ok: true, feed: { enabled: true, links: null } });
    const admin = await insertPerson(http.db, { type: 'admin' });
    expect((await post(admin.id, 'enable')).status).toBe(403);
    const crossSite = await fetch(`${http.baseUrl}/api/calendar-feed`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'disable' }),
    });
    expect(crossSite.status).toBe(403);
    expect(await http.db.query(`select 1 from calendar_feeds where user_id = $1`, [coach.id])).toHaveLength(1);
  });
});
