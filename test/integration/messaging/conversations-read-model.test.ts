import { beforeAll, describe, expect, it } from 'vitest';
import { createConversationReader } from '../../../adapters/persistence/messaging/conversations';
import { listConversationPage } from '../../../domain/messaging/use-cases/list-conversation-page';
import { postMessage } from '../../../domain/messaging/use-cases/post-message';
import { viewConversation } from '../../../domain/messaging/use-cases/view-conversation';
import type { Actor } from '../../../domain/policy/actor';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';
import { createTestBooking } from '../../support/fixtures/bookings';
import { countQueries } from '../../support/query-counter';

/** The Messages list and the Conversation read model: order, keyset pages, unread counts, visibility in SQL, query budget. */
const ctx = useTestApp();
let client: Person, admin: Person;
const coaches: Person[] = [];
const bookings: string[] = [];

const at = (iso: string) => ctx.app.testClock!.set(new Date(iso));
const write = (actor: Actor, bookingId: string, content: string, receiverId?: string) => postMessage(ctx.app.deps(), { actor, form: { bookingId, content, receiverId } });
const reader = () => createConversationReader(ctx.app.orm.em.fork());

beforeAll(async () => {
  client = await insertPerson(ctx.db, { type: 'client', name: 'Chris Client' });
  admin = await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' });
  for (let i = 0; i < 5; i++) {
    const coach = await insertPerson(ctx.db, { type: 'coach', name: `Coach ${i}` });
    coaches.push(coach);
    bookings.push((await createTestBooking(ctx.app, { clientId: client.id, coachId: coach.id, serviceType: 'striker' })).id);
  }
  // Activity: booking 2 oldest message, then 0, then 4 newest; 1 and 3 have no messages.
  at('2026-11-10T09:00:00Z');
  await write(coaches[2]!.actor, bookings[2]!, 'From coach 2');
  at('2026-11-11T09:00:00Z');
  await write(coaches[0]!.actor, bookings[0]!, 'From coach 0, first');
  await write(coaches[0]!.actor, bookings[0]!, 'From coach 0, second');
  await write(client.actor, bookings[0]!, 'Reply to coach 0');
  await write(coaches[0]!.actor, bookings[0]!, 'Coach 0 again');
  at('2026-11-12T09:00:00Z');
  await write(coaches[4]!.actor, bookings[4]!, 'x'.repeat(400));
  ctx.app.testClock!.reset();
  // Bookings 1 and 3 were created "now" (after the messages), so they sort first.
  await ctx.db.query(`update bookings set created_at = '2026-11-01T00:00:00Z' where id <> all($1::uuid[])`, [[bookings[1], bookings[3]]]);
  await ctx.db.query(`update bookings set created_at = '2026-11-20T00:00:00Z' where id = $1`, [bookings[1]]);
  await ctx.db.query(`update bookings set created_at = '2026-11-21T00:00:00Z' where id = $1`, [bookings[3]]);
});

describe('the Messages list', () => {
  it('orders conversations by newest activity, with last message and unread count, in one query', async () => {
    const { result, count, queries } = await countQueries(() => listConversationPage(ctx.app.deps(), { actor: client.actor }));
    expect(count, queries.join('\n')).toBeLessThanOrEqual(3);
    const items = result.ok ? result.value.items : [];
    expect(items.map((i) => i.booking.id)).toEqual([bookings[3], bookings[1], bookings[4], bookings[0], bookings[2]]);
    const zero = items.find((i) => i.booking.id === bookings[0])!;
    expect(zero.lastMessage?.content).toBe('Coach 0 again');
    expect(zero.unreadCount).toBe(3);
    expect(zero.booking.coach.fullName).toBe('Coach 0');
    expect(items.find((i) => i.booking.id === bookings[1])!.lastMessage).toBeNull();
    expect(items.find((i) => i.booking.id === bookings[4])!.lastMessage!.content.length).toBeLessThanOrEqual(160);
  });

  it('walks the list in keyset pages without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const page = await listConversationPage(ctx.app.deps(), { actor: client.actor, cursor, limit: 2 });
      if (!page.ok) throw new Error(page.error.message);
      seen.push(...page.value.items.map((i) => i.booking.id));
      cursor = page.value.next;
      if (!cursor) break;
    }
    expect(seen).toEqual([bookings[3], bookings[1], bookings[4], bookings[0], bookings[2]]);
  });

  it('shows a coach only their own booking, and an admin all of them with no unread', async () => {
    const coachPage = await listConversationPage(ctx.app.deps(), { actor: coaches[0]!.actor });
    expect(coachPage.ok ? coachPage.value.items.map((i) => i.booking.id) : []).toEqual([bookings[0]]);
    expect(coachPage.ok ? coachPage.value.items[0]!.unreadCount : -1).toBe(1);
    const adminPage = await listConversationPage(ctx.app.deps(), { actor: admin.actor, limit: 50 });
    const adminItems = adminPage.ok ? adminPage.value.items : [];
    expect(adminItems.map((i) => i.booking.id)).toEqual(expect.arrayContaining(bookings));
    expect(adminItems.every((i) => i.unreadCount === 0)).toBe(true);
  });

  it('filters in SQL: a viewer who is not a party gets nothing from the read model itself', async () => {
    const outsider = { userId: coaches[1]!.id, isAdmin: false };
    expect(await reader().findConversation(outsider, bookings[0]!)).toBeNull();
    expect((await reader().listMessages(outsider, bookings[0]!, { limit: 50 })).items).toEqual([]);
  });

  it('ignores a forged cursor and starts from the top', async () => {
    const page = await listConversationPage(ctx.app.deps(), { actor: client.actor, cursor: 'not-a-cursor' });
    expect(page.ok ? page.value.items[0]!.booking.id : null).toBe(bookings[3]);
  });
});

describe('a conversation', () => {
  it('opens in at most three reads and one write, newest page last, older pages on demand', async () => {
    const { result, count, queries } = await countQueries(() => viewConversation(ctx.app.deps(), { actor: client.actor, bookingId: bookings[0], limit: 2 }));
    // booking, page, unread ids, then the update and its NOTIFY in one transaction
    expect(count, queries.join('\n')).toBeLessThanOrEqual(5);
    const view = result.ok ? result.value : null;
    expect(view?.messages.map((m) => m.content)).toEqual(['Reply to coach 0', 'Coach 0 again']);
    expect(view?.messages.every((m) => m.receiverId !== client.id || m.isRead)).toBe(true);
    const older = await viewConversation(ctx.app.deps(), { actor: client.actor, bookingId: bookings[0], limit: 2, cursor: view!.older });
    expect(older.ok ? older.value.messages.map((m) => m.content) : []).toEqual(['From coach 0, first', 'From coach 0, second']);
    expect(older.ok ? older.value.older : 'x').toBeNull();
    const page = await listConversationPage(ctx.app.deps(), { actor: client.actor });
    expect(page.ok ? page.value.items.find((i) => i.booking.id === bookings[0])!.unreadCount : -1).toBe(0);
  });
});

describe("a busy coach's Messages list", () => {
  interface PlanNode {
    'Relation Name'?: string;
    'Actual Rows'?: number;
    'Actual Loops'?: number;
    Plans?: PlanNode[];
  }
  const rowsReadFrom = (node: PlanNode, relation: string): number =>
    (node['Relation Name'] === relation ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 0) : 0) + (node.Plans ?? []).reduce((sum, child) => sum + rowsReadFrom(child, relation), 0);

  it("sorts all 60 of the coach's conversations but reads the parties' names for the page's 21 rows only", async () => {
    const busy = await insertPerson(ctx.db, { type: 'coach', name: 'Busy Coach' });
    const template = await createTestBooking(ctx.app, { clientId: client.id, coachId: busy.id, serviceType: 'striker' });
    await ctx.db.query(
      `insert into users (id, email, full_name, user_type)
       select gen_random_uuid(), 'inbox-client-' || g || '@example.test', 'Inbox Client ' || g, 'client' from generate_series(1, 59) g`,
    );
    // 59 copies of the template for as many clients (the stored columns only: some are generated).
    const columns = (await ctx.db.query<{ name: string }>(`select column_name as name from information_schema.columns where table_name = 'bookings' and is_generated = 'NEVER'`)).map((c) => c.name);
    await ctx.db.query(
      `insert into bookings (${columns.join(', ')})
       select ${columns.map((c) => `r.${c}`).join(', ')}
         from (select id, row_number() over () as n from users where email like 'inbox-client-%') u,
              jsonb_populate_record(null::bookings, (select to_jsonb(t) from bookings t where t.id = $1) || jsonb_build_object(
                'id', gen_random_uuid(), 'reference_code', 'FACT-20991231-' || lpad(u.n::text, 4, '0'), 'client_id', u.id)) r`,
      [template.id],
    );
    const viewer = { userId: busy.id, isAdmin: false };
    const { result, queries } = await countQueries(() => reader().listConversations(viewer, { cursor: null, limit: 20 }));
    expect(result.items).toHaveLength(20);
    expect(result.next).not.toBeNull();
    const [explained] = await ctx.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (analyze, format json) ${queries[0]}`);
    // Two names per row of the page (limit + 1 = 21), not two per conversation (60) before the sort.
    expect(rowsReadFrom(explained!['QUERY PLAN'][0].Plan, 'users')).toBeLessThanOrEqual(42);
  });
});
