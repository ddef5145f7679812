import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { unwrap } from '../shared/result';
import { aBooking, adminActor, client2Actor, clientActor, coachActor, IDS, NOW } from '../testing/fixtures';
import { markConversationRead, parseMessage, sendMessage, summariseConversations, visibleMessages, type Message } from './message';
import { isSendable, messageContentSchema, sendMessageSchema } from './message.schemas';

const booking = aBooking();
const id = '60000000-0000-4000-8000-000000000001';
const msg = (n: number, o: Partial<Message> = {}): Message => ({
  id: `60000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  bookingId: IDS.booking,
  senderId: IDS.client,
  receiverId: IDS.coach,
  content: `m${n}`,
  isRead: false,
  readAt: null,
  createdAt: new Date(NOW.getTime() + n * 1000),
  ...o,
});

describe('message content (SPEC §5)', () => {
  it("is 1 to 5000 characters after trimming: 'Message cannot be empty' / 'Message too long'", () => {
    expect(messageContentSchema.parse('  hello  ')).toBe('hello');
    expect(messageContentSchema.safeParse('   ').error?.issues[0]?.message).toBe('Message cannot be empty');
    expect(messageContentSchema.safeParse('x'.repeat(5001)).error?.issues[0]?.message).toBe('Message too long');
    expect(messageContentSchema.safeParse('x'.repeat(5000)).success).toBe(true);
    expect(messageContentSchema.safeParse(42).error?.issues[0]?.message).toBe('Invalid message content');
  });

  it('is sanitised before it is stored', () => {
    expect(messageContentSchema.parse('<b>see you</b> at 5')).toBe('bsee you/b at 5');
  });

  it("requires a booking id: 'booking_id is required'", () => {
    expect(sendMessageSchema.safeParse({ content: 'hi' }).error?.issues[0]?.message).toBe('booking_id is required');
    expect(isSendable('   ')).toBe(false);
  });
});

describe('sendMessage', () => {
  it('sends from a party to the other party, unread', () => {
    expect(unwrap(sendMessage({ id, booking, actor: clientActor, content: ' See you Saturday ' }, NOW))).toEqual({
      id,
      bookingId: IDS.booking,
      senderId: IDS.client,
      receiverId: IDS.coach,
      content: 'See you Saturday',
      isRead: false,
      readAt: null,
      createdAt: NOW,
    });
    expect(unwrap(sendMessage({ id, booking, actor: coachActor, content: 'OK' }, NOW)).receiverId).toBe(IDS.client);
  });

  it('refuses a party choosing someone other than the other party', () => {
    expect(sendMessage({ id, booking, actor: clientActor, receiverId: IDS.admin, content: 'x' }, NOW)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_RECEIVER' },
    });
  });

  it('lets an admin message the party they choose, and only a party', () => {
    expect(unwrap(sendMessage({ id, booking, actor: adminActor, receiverId: IDS.coach, content: 'Hello coach' }, NOW)).receiverId).toBe(IDS.coach);
    expect(sendMessage({ id, booking, actor: adminActor, content: 'x' }, NOW)).toMatchObject({ ok: false, error: { code: 'RECEIVER_REQUIRED' } });
    expect(sendMessage({ id, booking, actor: adminActor, receiverId: IDS.client2, content: 'x' }, NOW)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_RECEIVER' },
    });
  });

  it("answers an outsider 'Conversation not found.'", () => {
    expect(sendMessage({ id, booking, actor: client2Actor, content: 'x' }, NOW)).toMatchObject({
      ok: false,
      error: { kind: 'not_found', code: 'CONVERSATION_NOT_FOUND', message: 'Conversation not found.' },
    });
  });

  it('refuses empty content with the schema message', () => {
    expect(sendMessage({ id, booking, actor: clientActor, content: ' ' }, NOW)).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: 'Message cannot be empty', fieldErrors: { content: ['Message cannot be empty'] } },
    });
  });
});

describe('markConversationRead (SPEC §4)', () => {
  it('marks only the unread messages addressed to the viewer', () => {
    const messages = [msg(1), msg(2, { senderId: IDS.coach, receiverId: IDS.client }), msg(3, { isRead: true, readAt: NOW })];
    const { messages: after, newlyRead } = markConversationRead(messages, IDS.coach, NOW);
    expect(newlyRead.map((m) => m.id)).toEqual([msg(1).id]);
    expect(after.map((m) => m.isRead)).toEqual([true, false, true]);
    expect(after[2]).toBe(messages[2]);
  });

  it('leaves nothing addressed to the viewer unread and changes nothing else', () => {
    const arbitraryMessage = fc.record({
      n: fc.integer({ min: 1, max: 999 }),
      from: fc.constantFrom(IDS.client, IDS.coach, IDS.admin),
      to: fc.constantFrom(IDS.client, IDS.coach),
      isRead: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryMessage), fc.constantFrom(IDS.client, IDS.coach, IDS.admin), (specs, viewer) => {
        const messages = specs.map((s) => msg(s.n, { senderId: s.from, receiverId: s.to, isRead: s.isRead, readAt: s.isRead ? NOW : null }));
        const { messages: after, newlyRead } = markConversationRead(messages, viewer, NOW);
        expect(after.filter((m) => m.receiverId === viewer && !m.isRead)).toEqual([]);
        after.forEach((m, i) => {
          if (messages[i]!.receiverId !== viewer) expect(m).toBe(messages[i]);
        });
        expect(newlyRead.length).toBe(messages.filter((m) => m.receiverId === viewer && !m.isRead).length);
      }),
    );
  });
});

describe('conversation lists', () => {
  it('shows a non-admin only their own messages, oldest first', () => {
    const messages = [msg(3), msg(1, { senderId: IDS.admin, receiverId: IDS.client }), msg(2)];
    expect(visibleMessages(messages, coachActor).map((m) => m.content)).toEqual(['m2', 'm3']);
    expect(visibleMessages(messages, adminActor).map((m) => m.content)).toEqual(['m1', 'm2', 'm3']);
  });

  it('summarises one conversation per booking with its last message and unread count, newest first', () => {
    const other = '40000000-0000-4000-8000-000000000002';
    const messages = [msg(1), msg(2), msg(5, { bookingId: other, senderId: IDS.coach, receiverId: IDS.client }), msg(3, { senderId: IDS.coach, receiverId: IDS.client })];
    const summaries = summariseConversations(messages, coachActor);
    expect(summaries.map((s) => [s.bookingId, s.lastMessage.content, s.unreadCount, s.messageCount])).toEqual([
      [other, 'm5', 0, 1],
      [IDS.booking, 'm3', 2, 3],
    ]);
  });

  it('re-validates stored rows', () => {
    expect(unwrap(parseMessage({ ...msg(1), createdAt: NOW.toISOString() })).createdAt).toEqual(NOW);
    expect(parseMessage({ ...msg(1), senderId: 'x' }).ok).toBe(false);
  });
});

describe('messages on a request the coach has not been shown (decision 011)', () => {
  const base = { id: '11111111-1111-4111-8111-111111111111', clientId: '22222222-2222-4222-8222-222222222222', coachId: '33333333-3333-4333-8333-333333333333', status: 'pending' };
  const client = { userId: base.clientId, role: 'user' as const, userType: 'client' as const };
  const now = new Date('2026-11-25T10:00:00Z');

  it('refuses the client’s message until the request is paid, then lets it through', () => {
    expect(sendMessage({ id: '44444444-4444-4444-8444-444444444444', booking: { ...base, reachedCoach: false }, actor: client, content: 'Hi coach' }, now)).toMatchObject({
      ok: false,
      error: { code: 'REQUEST_NOT_PAID', kind: 'conflict' },
    });
    expect(sendMessage({ id: '44444444-4444-4444-8444-444444444444', booking: { ...base, reachedCoach: true }, actor: client, content: 'Hi coach' }, now).ok).toBe(true);
  });
});
