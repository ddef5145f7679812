import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, type Person } from '../../support/booking-flow';
import { useHttpApp } from '../../support/http-app';

/**
 * The query budget over the real HTTP stack: query-budget.test.ts calls the loaders with one shared
 * Request, but the server hands each loader its own Request object. This counts every statement
 * PostgreSQL receives while the production server answers one page (the session lookup included),
 * so a lookup repeated per loader shows up here.
 */
const http = useHttpApp();
const seen: string[] = [];
const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const original = proto.query;
let client: Person;
let coach: Person;
let cookie: string;

beforeAll(async () => {
  client = await insertPerson(http.db, { type: 'client', name: 'Chloe Client' });
  coach = await insertPerson(http.db, { type: 'coach', name: 'Alex Keeper', services: ['goalkeeping'], ratePence: 4500, location: 'London' });
  cookie = await http.cookieFor(client.id);
  proto.query = function countedQuery(this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    seen.push((typeof first === 'string' ? first : (first?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 160));
    return original.apply(this, args);
  };
});
afterAll(() => {
  proto.query = original;
});

async function statementsFor(path: string): Promise<string[]> {
  await (await fetch(`${http.baseUrl}${path}`, { headers: { Cookie: cookie } })).text(); // warm caches (search totals)
  seen.length = 0;
  const res = await fetch(`${http.baseUrl}${path}`, { headers: { Cookie: cookie } });
  await res.text();
  expect(res.status).toBe(200);
  return [...seen];
}

const readsOfUsersById = (statements: string[]) => statements.filter((s) => /^select id as "id", email as "email"/.test(s));

describe('statements per page over HTTP', () => {
  it('reads the signed-in person once for a page, though root and shell loaders both ask', async () => {
    const statements = await statementsFor('/FindCoaches');
    expect(readsOfUsersById(statements), statements.join('\n')).toHaveLength(1);
    // The person, the page of coaches (the total is remembered) and the client's players (decision 017).
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
  });

  it("answers a coach's profile with at most 4 statements in all", async () => {
    const statements = await statementsFor(`/CoachProfile?userId=${coach.id}`);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(4);
  });

  it('answers MyBookings with at most 4 statements in all', async () => {
    const statements = await statementsFor('/MyBookings');
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(4);
  });
});
