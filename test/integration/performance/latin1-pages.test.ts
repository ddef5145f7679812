import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, type Person } from '../../support/booking-flow';
import { createTestBooking } from '../../support/fixtures/bookings';
import { sameOrigin, useHttpApp } from '../../support/http-app';

/**
 * Issue 20 §2 (docs/benchmarks.md, eleventh pass): V8 keeps a string one byte per character while
 * every character is Latin-1 (up to U+00FF). One character beyond that anywhere in the product's
 * own text — an em dash in the title, a curly quote, an arrow — makes the whole rendered page two
 * bytes per character, and flattening and encoding it cost the booking lists ~2 % more CPU. So the
 * benched pages' own text stays within Latin-1 (the stylesheet draws the pager's arrows, `<q>` the
 * quotation marks); what people write may still hold any character.
 */
const http = useHttpApp();
let client: Person;
let coach: Person;
let admin: Person;
const cookies: Record<string, string> = {};

/** Each character beyond Latin-1 with a little of what surrounds it. */
function beyondLatin1(html: string): string[] {
  return [...html.matchAll(/[^\u0000-\u00ff]/gu)].map((m) => `${JSON.stringify(m[0])} in …${html.slice(Math.max(0, m.index - 50), m.index + 20)}…`);
}

describe("the benched pages' own text", () => {
  beforeAll(async () => {
    client = await insertPerson(http.db, { type: 'client', name: 'Chloe Client' });
    coach = await insertPerson(http.db, { type: 'coach', name: 'Alex Keeper', services: ['striker'], ratePence: 4500, location: 'London' });
    admin = await insertPerson(http.db, { type: 'admin', name: 'Ada Admin' });
    const now = http.app.clock.now();
    const firstHour = Math.ceil(now.getTime() / 3_600_000) * 3_600_000;
    // More than a page of pending requests, so AdminBookings shows its pager.
    for (let d = 1; d <= 22; d++) {
      await createTestBooking(http.app, { clientId: client.id, coachId: coach.id, startsAt: new Date(firstHour + d * 86_400_000), paid: d % 2 === 0 });
    }
    await http.db.query(`update bookings set client_notes = 'Working on my weak foot', location_type = 'client_home', location_address = 'Pitch 5' where client_id = $1`, [client.id]);
    for (const [role, person] of Object.entries({ client, coach, admin })) cookies[role] = await http.cookieFor(person.id);
    // A confirmed session with the client's arrival marked: the session-progress card and its tick.
    const [latest] = await http.db.query<{ id: string }>(`select id from bookings where client_id = $1 and amount_authorized_pence > 0 order by starts_at desc limit 1`, [client.id]);
    const accepted = await fetch(`${http.baseUrl}/CoachDashboard`, {
      method: 'POST',
      headers: sameOrigin(http.baseUrl, { cookie: cookies.coach!, 'content-type': 'application/x-www-form-urlencoded' }),
      body: new URLSearchParams({ intent: 'accept', bookingId: latest!.id }),
      redirect: 'manual',
    });
    expect(accepted.status).toBeLessThan(400);
    await http.db.query(`update bookings set client_arrived_at = starts_at - interval '10 minutes' where id = $1 and status = 'confirmed'`, [latest!.id]);
    // The coach's published availability (CoachProfile lists its ranges): whole days and hours.
    await http.db.query(
      `insert into availability_periods (id, coach_id, starts_at, ends_at) values
         ($1, $3, date_trunc('day', now()) + interval '2 days', date_trunc('day', now()) + interval '5 days'),
         ($2, $3, date_trunc('day', now()) + interval '6 days 9 hours', date_trunc('day', now()) + interval '6 days 17 hours')`,
      [randomUUID(), randomUUID(), coach.id],
    );
  });

  it('is all Latin-1 on FindCoaches, MyBookings, CoachDashboard, CoachProfile and AdminBookings', async () => {
    const pages: [string, string][] = [
      ['client', '/FindCoaches'],
      ['client', '/FindCoaches?price=30-60&specialization=striker&q=alex'],
      ['client', '/MyBookings'],
      ['coach', '/CoachDashboard'],
      ['client', `/CoachProfile?userId=${coach.id}`],
      ['admin', '/AdminBookings?status=pending'],
    ];
    const found: string[] = [];
    for (const [role, url] of pages) {
      const res = await fetch(`${http.baseUrl}${url}`, { headers: { cookie: cookies[role]! } });
      const html = await res.text();
      expect(res.status, url).toBe(200);
      expect(html, url).toMatch(/Alex Keeper|Chloe Client/);
      for (const where of beyondLatin1(html)) found.push(`${url}: ${where}`);
    }
    expect(found).toEqual([]);
  });

  it('has on those pages the parts that used to carry such characters', async () => {
    const page = async (role: string, url: string) => (await fetch(`${http.baseUrl}${url}`, { headers: { cookie: cookies[role]! } })).text();
    // The pager's arrows come from the stylesheet; a client's note is quoted by <q>.
    expect(await page('admin', '/AdminBookings?status=pending')).toMatch(/class="[^"]*\bpg-next\b[^"]*"[^>]*>Next</);
    expect(await page('coach', '/CoachDashboard')).toContain('<q>Working on my weak foot</q>');
    // The session-progress card's tick is drawn by the stylesheet (class "on").
    expect(await page('client', '/MyBookings')).toMatch(/<span aria-hidden="true" class="on">(<!-- -->)?<\/span>You arrived/);
    // Availability ranges say 'to'.
    expect(await page('client', `/CoachProfile?userId=${coach.id}`)).toMatch(/\d{2}:\d{2} to \d{2}:\d{2}/);
  });
});
