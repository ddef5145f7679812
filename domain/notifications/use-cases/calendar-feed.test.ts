import { describe, expect, it } from 'vitest';
import type { Actor } from '../../policy/actor';
import { createInMemoryRateLimitStore } from '../../rate-limit/in-memory-rate-limit-store';
import type { CalendarFeed, FeedBooking } from '../calendar-feed';
import type { CalendarFeedOwner, CalendarFeedPorts, StoredCalendarFeed } from '../calendar-feed-ports';
import { disableCalendarFeed, issueCalendarFeed, readCalendarFeed, viewCalendarFeed } from './calendar-feed';

const CLIENT: Actor = { userId: '11111111-1111-4111-8111-111111111111', role: 'user', userType: 'client' };
const COACH: Actor = { userId: '22222222-2222-4222-8222-222222222222', role: 'user', userType: 'coach' };
const ADMIN: Actor = { userId: '44444444-4444-4444-8444-444444444444', role: 'admin', userType: 'client' };
const APP = 'https://fact.example';

/** In-memory ports: feeds by user (hash kept, never the token), a counter of tokens, a digest that is visibly not the token. */
function world(start = new Date('2026-11-25T12:00:00Z')) {
  let now = start;
  let n = 0;
  const feeds = new Map<string, StoredCalendarFeed & { tokenHash: string }>();
  const users = new Map<string, { isActive: boolean; erased: boolean; role: 'admin' | 'user'; sessionReminders: boolean }>([
    [CLIENT.userId, { isActive: true, erased: false, role: 'user', sessionReminders: true }],
    [COACH.userId, { isActive: true, erased: false, role: 'user', sessionReminders: true }],
  ]);
  const marks: Date[] = [];
  const rendered: CalendarFeed[] = [];
  const bookings: FeedBooking[] = [];
  const ports: CalendarFeedPorts = {
    secrets: {
      newToken: () => `tok${String(++n).padStart(40, '0')}`,
      digest: (text) => `h(${text})`,
    },
    renderer: {
      render: (feed) => {
        rendered.push(feed);
        return `FEED ${feed.events.map((e) => e.uid).join(',')}`;
      },
    },
    store: {
      async find(userId) {
        const f = feeds.get(userId);
        return f ? { userId, createdAt: f.createdAt, lastUsedAt: f.lastUsedAt } : null;
      },
      async replace(userId, tokenHash, at) {
        const f = { userId, tokenHash, createdAt: at, lastUsedAt: null };
        feeds.set(userId, f);
        return { userId, createdAt: at, lastUsedAt: null };
      },
      async remove(userId) {
        return feeds.delete(userId);
      },
      async ownerOf(tokenHash): Promise<CalendarFeedOwner | null> {
        const f = [...feeds.values()].find((x) => x.tokenHash === tokenHash);
        const u = f && users.get(f.userId);
        return f && u ? { userId: f.userId, createdAt: f.createdAt, lastUsedAt: f.lastUsedAt, ...u } : null;
      },
      async markUsed(userId, at) {
        marks.push(at);
        const f = feeds.get(userId)!;
        feeds.set(userId, { ...f, lastUsedAt: at });
      },
      async sessionsOf(userId) {
        return bookings.filter((b) => b.clientId === userId || b.coachId === userId);
      },
    },
  };
  const deps = { calendarFeeds: ports, clock: { now: () => now }, rateLimits: createInMemoryRateLimitStore() };
  return { deps, feeds, users, marks, rendered, bookings, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const tokenOf = (url: string | undefined) => /\/calendar\/([^/]+)\.ics$/.exec(url ?? '')![1]!;

describe('calendar feed use cases', () => {
  it('turning the feed on answers its links once and keeps only the token digest', async () => {
    const w = world();
    expect(await viewCalendarFeed(w.deps, { actor: CLIENT })).toEqual({ ok: true, value: { enabled: false, createdAt: null, lastUsedAt: null, links: null } });
    const on = await issueCalendarFeed(w.deps, { actor: CLIENT, intent: 'enable', appUrl: APP });
    if (!on.ok) throw new Error('not on');
    const token = tokenOf(on.value.links?.httpsUrl);
    expect(on.value.links?.webcalUrl).toBe(`webcal://fact.example/calendar/${token}.ics`);
    expect(w.feeds.get(CLIENT.userId)?.tokenHash).toBe(`h(${token})`);
    const later = await viewCalendarFeed(w.deps, { actor: CLIENT });
    expect(later).toMatchObject({ ok: true, value: { enabled: true, createdAt: '2026-11-25T12:00:00.000Z', links: null } });
  });

  it('resetting replaces the token (the old one is unknown at once); resetting a feed that is off is a conflict', async () => {
    const w = world();
    expect(await issueCalendarFeed(w.deps, { actor: COACH, intent: 'reset', appUrl: APP })).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'CALENDAR_FEED_OFF' } });
    const first = await issueCalendarFeed(w.deps, { actor: COACH, intent: 'enable', appUrl: APP });
    const second = await issueCalendarFeed(w.deps, { actor: COACH, intent: 'reset', appUrl: APP });
    const oldToken = tokenOf(first.ok ? first.value.links?.httpsUrl : undefined);
    const newToken = tokenOf(second.ok ? second.value.links?.httpsUrl : undefined);
    expect(newToken).not.toBe(oldToken);
    expect(await readCalendarFeed(w.deps, { token: oldToken, appUrl: APP })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('turning off removes the feed, and is fine when it was off', async () => {
    const w = world();
    await issueCalendarFeed(w.deps, { actor: CLIENT, intent: 'enable', appUrl: APP });
    expect(await disableCalendarFeed(w.deps, { actor: CLIENT })).toMatchObject({ ok: true, value: { enabled: false } });
    expect(w.feeds.size).toBe(0);
    expect(await disableCalendarFeed(w.deps, { actor: CLIENT })).toMatchObject({ ok: true });
  });

  it('is not offered to administrators', async () => {
    const w = world();
    for (const result of [
      await viewCalendarFeed(w.deps, { actor: ADMIN }),
      await issueCalendarFeed(w.deps, { actor: ADMIN, intent: 'enable', appUrl: APP }),
      await disableCalendarFeed(w.deps, { actor: ADMIN }),
    ])
      expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('answers a malformed, an unknown and a deactivated or erased person’s token with the same not-found', async () => {
    const w = world();
    const on = await issueCalendarFeed(w.deps, { actor: CLIENT, intent: 'enable', appUrl: APP });
    const token = tokenOf(on.ok ? on.value.links?.httpsUrl : undefined);
    const unknown = await readCalendarFeed(w.deps, { token: 'Z'.repeat(43), appUrl: APP });
    const malformed = await readCalendarFeed(w.deps, { token: '../etc/passwd', appUrl: APP });
    expect(malformed).toEqual(unknown);
    w.users.set(CLIENT.userId, { isActive: false, erased: false, role: 'user', sessionReminders: true });
    expect(await readCalendarFeed(w.deps, { token, appUrl: APP })).toEqual(unknown);
    w.users.set(CLIENT.userId, { isActive: true, erased: true, role: 'user', sessionReminders: true });
    expect(await readCalendarFeed(w.deps, { token, appUrl: APP })).toEqual(unknown);
  });

  it('reads the feed with a strong ETag of its body and records its use at most hourly', async () => {
    const w = world();
    const on = await issueCalendarFeed(w.deps, { actor: CLIENT, intent: 'enable', appUrl: APP });
    const token = tokenOf(on.ok ? on.value.links?.httpsUrl : undefined);
    const first = await readCalendarFeed(w.deps, { token, appUrl: APP });
    expect(first).toEqual({ ok: true, value: { body: 'FEED ', etag: '"h(FEED )"' } });
    w.advance(10 * 60_000);
    await readCalendarFeed(w.deps, { token, appUrl: APP });
    expect(w.marks).toHaveLength(1);
    w.advance(60 * 60_000);
    await readCalendarFeed(w.deps, { token, appUrl: APP });
    expect(w.marks).toHaveLength(2);
    expect(w.rendered[0]).toMatchObject({ name: 'FACT sessions', refreshSeconds: 3600 });
  });

  it("gives the feed's sessions alarms only while the owner keeps 'Session reminders' on", async () => {
    const w = world();
    w.bookings.push({
      id: 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001',
      referenceCode: 'FACT-20261125-A001',
      serviceType: 'striker',
      startsAt: new Date('2026-11-28T10:00:00Z'),
      durationMinutes: 60,
      locationType: 'outdoor',
      locationAddress: null,
      clientId: CLIENT.userId,
      coachId: COACH.userId,
      status: 'confirmed',
      declined: false,
      paymentStatus: 'authorized',
      version: 3,
      updatedAt: new Date('2026-11-25T09:00:00Z'),
      clientName: 'Sam',
      coachName: 'Alex',
    });
    const on = await issueCalendarFeed(w.deps, { actor: CLIENT, intent: 'enable', appUrl: APP });
    const token = tokenOf(on.ok ? on.value.links?.httpsUrl : undefined);
    await readCalendarFeed(w.deps, { token, appUrl: APP });
    w.users.set(CLIENT.userId, { isActive: true, erased: false, role: 'user', sessionReminders: false });
    await readCalendarFeed(w.deps, { token, appUrl: APP });
    expect(w.rendered.map((feed) => feed.events.map((e) => e.alarms.length))).toEqual([[2], [0]]);
  });

  it('limits how often one token is read', async () => {
    const w = world();
    let last;
    for (let i = 0; i < 101; i += 1) last = await readCalendarFeed(w.deps, { token: 'Z'.repeat(43), appUrl: APP });
    expect(last).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
    expect(await readCalendarFeed(w.deps, { token: 'Y'.repeat(43), appUrl: APP })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });
});
