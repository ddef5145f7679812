import { beforeAll, describe, expect, it } from 'vitest';
import { countUnreadMessages } from '../../../domain/messaging/use-cases/count-unread-messages';
import { listConversationPage } from '../../../domain/messaging/use-cases/list-conversation-page';
import { postMessage } from '../../../domain/messaging/use-cases/post-message';
import { viewConversation } from '../../../domain/messaging/use-cases/view-conversation';
import type { Actor } from '../../../domain/policy/actor';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';
import { createTestBooking } from '../../support/fixtures/bookings';

/** SPEC §2/§4/§5/§9 messaging rules, through the use cases against PostgreSQL. */
const ctx = useTestApp();
let client: Person, coach: Person, stranger: Person, admin: Person;
let bookingId: string;

const send = (actor: Actor, content: unknown, extra: Record<string, unknown> = {}) => postMessage(ctx.app.deps(), { actor, form: { bookingId, content, ...extra } });
const open = (actor: Actor, id: unknown = bookingId) => viewConversation(ctx.app.deps(), { actor, bookingId: id });

beforeAll(async () => {
  client = await insertPerson(ctx.db, { type: 'client', name: 'Chris Client' });
  coach = await insertPerson(ctx.db, { type: 'coach', name: 'Casey Coach' });
  stranger = await insertPerson(ctx.db, { type: 'client', name: 'Sam Stranger' });
  admin = await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' });
  bookingId = (await createTestBooking(ctx.app, { clientId: client.id, coachId: coach.id })).id;
});

describe('who can send', () => {
  it('delivers a party’s message to the other party, unread', async () => {
    const sent = await send(client.actor, 'Hello coach, see you Saturday?');
    expect(sent.ok).toBe(true);
    const rows = await ctx.db.query('select sender_id, receiver_id, content, is_read from messages where booking_id = $1', [bookingId]);
    expect(rows).toEqual([{ sender_id: client.id, receiver_id: coach.id, content: 'Hello coach, see you Saturday?', is_read: false }]);
  });

  it('does not let a party pick someone else as the receiver', async () => {
    const sent = await send(coach.actor, 'hi', { receiverId: stranger.id });
    expect(sent.ok ? null : sent.error.code).toBe('INVALID_RECEIVER');
  });

  it('answers a stranger as if the booking did not exist, and stores nothing', async () => {
    const before = await ctx.db.query('select count(*)::int as n from messages');
    const sent = await send(stranger.actor, 'let me in');
    expect(sent.ok ? null : sent.error).toMatchObject({ kind: 'not_found', message: 'Conversation not found.' });
    expect(await ctx.db.query('select count(*)::int as n from messages')).toEqual(before);
  });

  it('lets an admin write to the client or the coach, and requires the choice', async () => {
    expect((await send(admin.actor, 'Admin here')).ok ? null : 'refused').toBe('refused');
    expect((await send(admin.actor, 'Hi client', { receiverId: client.id })).ok).toBe(true);
    expect((await send(admin.actor, 'Hi coach', { receiverId: coach.id })).ok).toBe(true);
    const bad = await send(admin.actor, 'Hi stranger', { receiverId: stranger.id });
    expect(bad.ok ? null : bad.error.code).toBe('INVALID_RECEIVER');
  });
});

describe('length and sanitising', () => {
  it('refuses blank and whitespace-only messages with the SPEC’s words', async () => {
    for (const blank of ['', '   ', '\n\t ']) {
      const sent = await send(client.actor, blank);
      expect(sent.ok ? null : sent.error.message).toBe('Message cannot be empty');
    }
  });

  it('accepts 5000 characters after trimming and refuses 5001', async () => {
    expect((await send(client.actor, `  ${'a'.repeat(5000)}  `)).ok).toBe(true);
    const long = await send(client.actor, 'a'.repeat(5001));
    expect(long.ok ? null : long.error).toMatchObject({ kind: 'invalid', message: 'Message too long' });
  });

  it('stores no angle brackets, script protocols or inline handlers', async () => {
    const sent = await send(client.actor, '<script>alert(1)</script> <a href="javascript:alert(2)" onclick=steal()>x</a> vbscript:y');
    expect(sent.ok).toBe(true);
    const [row] = await ctx.db.query<{ content: string }>('select content from messages where id = $1', [sent.ok ? sent.value.id : '']);
    expect(row!.content).not.toMatch(/[<>]|javascript:|vbscript:|onclick\s*=/i);
    expect(row!.content).toContain('alert(1)');
  });

  it('refuses a message that is nothing but markup once sanitised', async () => {
    const sent = await send(client.actor, '<<>>');
    expect(sent.ok ? null : sent.error.message).toBe('Message cannot be empty');
  });
});

describe('who can read, and read marking', () => {
  it('shows a stranger “Conversation not found.”, for a real and for a missing booking alike', async () => {
    const real = await open(stranger.actor);
    const missing = await open(stranger.actor, '00000000-0000-4000-8000-000000000000');
    const garbage = await open(stranger.actor, 'not-an-id');
    for (const r of [real, missing, garbage]) expect(r.ok ? null : r.error).toMatchObject({ kind: 'not_found', message: 'Conversation not found.' });
  });

  it('marks the viewer’s unread messages read when they open the conversation, and only theirs', async () => {
    const unreadBefore = await countUnreadMessages(ctx.app.deps(), { actor: coach.actor });
    expect(unreadBefore).toBeGreaterThan(0);
    const opened = await open(coach.actor);
    expect(opened.ok).toBe(true);
    expect(await countUnreadMessages(ctx.app.deps(), { actor: coach.actor })).toBe(0);
    const rows = await ctx.db.query<{ receiver_id: string; is_read: boolean; read_at: Date | null }>('select receiver_id, is_read, read_at from messages where booking_id = $1', [bookingId]);
    for (const row of rows) {
      if (row.receiver_id === coach.id) expect(row).toMatchObject({ is_read: true, read_at: expect.any(Date) });
      else expect(row.is_read).toBe(false);
    }
  });

  it('shows a party only the messages they sent or received', async () => {
    const opened = await open(coach.actor);
    const messages = opened.ok ? opened.value.messages : [];
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => m.senderId === coach.id || m.receiverId === coach.id)).toBe(true);
    expect(messages.some((m) => m.content === 'Hi client')).toBe(false);
    expect(messages.some((m) => m.content === 'Hi coach')).toBe(true);
  });

  it('shows an admin every message of the booking without marking anything read', async () => {
    const total = await ctx.db.query<{ n: number }>('select count(*)::int as n from messages where booking_id = $1', [bookingId]);
    const unread = await ctx.db.query<{ n: number }>('select count(*)::int as n from messages where not is_read');
    const opened = await open(admin.actor);
    expect(opened.ok ? opened.value.messages.length : -1).toBe(total[0]!.n);
    expect(opened.ok ? opened.value.asAdmin : false).toBe(true);
    expect(opened.ok ? opened.value.recipients.map((r) => r.id) : []).toEqual([client.id, coach.id]);
    expect(await ctx.db.query('select count(*)::int as n from messages where not is_read')).toEqual(unread);
  });

  it('lists the booking for both parties and every admin, never for a stranger', async () => {
    const ids = async (actor: Actor) => {
      const page = await listConversationPage(ctx.app.deps(), { actor });
      return page.ok ? page.value.items.map((i) => i.booking.id) : [];
    };
    expect(await ids(client.actor)).toContain(bookingId);
    expect(await ids(coach.actor)).toContain(bookingId);
    expect(await ids(admin.actor)).toContain(bookingId);
    expect(await ids(stranger.actor)).not.toContain(bookingId);
  });
});

describe('rate limit (SPEC §9: 50 messages per 15 minutes per user)', () => {
  it('refuses the 51st message in the window with the time it ends, and counts per user', async () => {
    const sender = await insertPerson(ctx.db, { type: 'client', name: 'Rapid Writer' });
    const other = await insertPerson(ctx.db, { type: 'coach', name: 'Patient Coach' });
    const booking = await createTestBooking(ctx.app, { clientId: sender.id, coachId: other.id });
    ctx.app.testClock!.set(new Date('2026-01-15T14:00:00Z'));
    try {
      const write = (actor: Actor, text: string) => postMessage(ctx.app.deps(), { actor, form: { bookingId: booking.id, content: text } });
      for (let i = 1; i <= 50; i++) expect((await write(sender.actor, `message ${i}`)).ok).toBe(true);
      const refused = await write(sender.actor, 'one too many');
      expect(refused.ok ? null : refused.error).toMatchObject({ kind: 'rate_limited', message: 'Too many messages. Please wait until 14:15' });
      expect((await write(other.actor, 'the coach may still answer')).ok).toBe(true);
      const blank = await write(sender.actor, '   ');
      expect(blank.ok ? null : blank.error.message).toBe('Message cannot be empty');
      ctx.app.testClock!.set(new Date('2026-01-15T14:15:05Z'));
      expect((await write(sender.actor, 'a new window')).ok).toBe(true);
    } finally {
      ctx.app.testClock!.reset();
    }
    const stored = await ctx.db.query<{ n: number }>('select count(*)::int as n from messages where sender_id = $1', [sender.id]);
    expect(stored[0]!.n).toBe(51);
  });
});
