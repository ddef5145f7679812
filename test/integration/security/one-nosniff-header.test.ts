import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, type Person } from '../../support/booking-flow';
import { sameOrigin, useHttpApp } from '../../support/http-app';

/**
 * Each security header once: the baseline middleware sends `X-Content-Type-Options: nosniff` on
 * every answer, so a route that names it again sends it twice. fetch's Headers would join the two
 * into 'nosniff, nosniff', so the raw header lines are read with node:http.
 */
const http = useHttpApp();
let client: Person;
let coach: Person;

/** Status and every raw header line named `name` (lowercase), as the server wrote them. */
function rawHeader(path: string, cookie: string, name: string): Promise<{ status: number; values: string[] }> {
  return new Promise((resolve, reject) => {
    const req = request(`${http.baseUrl}${path}`, { headers: { Cookie: cookie } }, (res) => {
      const values: string[] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i]!.toLowerCase() === name) values.push(res.rawHeaders[i + 1]!);
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, values }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  client = await insertPerson(http.db, { type: 'client', name: 'Header Client' });
  coach = await insertPerson(http.db, { type: 'coach', name: 'Header Coach' });
});

describe('X-Content-Type-Options', () => {
  it('is sent exactly once on the calendar feed, the earnings CSV and the data export', async () => {
    const enabled = await fetch(`${http.baseUrl}/api/calendar-feed`, {
      method: 'POST',
      headers: sameOrigin(http.baseUrl, { Cookie: await http.cookieFor(client.id), 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: new URLSearchParams({ intent: 'enable' }),
    });
    const feedUrl = ((await enabled.json()) as { feed: { links: { httpsUrl: string } } }).feed.links.httpsUrl;

    const answers = {
      feed: await rawHeader(new URL(feedUrl).pathname, '', 'x-content-type-options'),
      csv: await rawHeader('/CoachEarnings/csv', await http.cookieFor(coach.id), 'x-content-type-options'),
      export: await rawHeader('/account/export', await http.cookieFor(client.id), 'x-content-type-options'),
    };
    expect(answers).toEqual({
      feed: { status: 200, values: ['nosniff'] },
      csv: { status: 200, values: ['nosniff'] },
      export: { status: 200, values: ['nosniff'] },
    });
  });
});
