import { describe, expect, it } from 'vitest';
import { unwrap } from '../../shared/result';
import { aBooking, adminActor, client2Actor, clientActor, coachActor, IDS, NOW } from '../../testing/fixtures';
import { fixedClock, memoryUnitOfWork, sequentialIds } from '../../testing';
import { listConversations } from './list-conversations';
import { openConversation } from './open-conversation';
import { sendMessage } from './send-message';

function setup() {
  const uow = memoryUnitOfWork();
  uow.data.bookingParties.set(IDS.booking, aBooking());
  const clock = fixedClock(NOW);
  return { uow, clock, deps: { uow, clock, ids: sequentialIds() } };
}

describe('sendMessage use case', () => {
  it('stores a message from a party to the other party', async () => {
    const { uow, deps } = setup();
    const message = unwrap(await sendMessage(deps, { actor: clientActor, form: { bookingId: IDS.booking, content: 'Running 5 min late' } }));
    expect(message).toMatchObject({ senderId: IDS.client, receiverId: IDS.coach, isRead: false });
    expect(uow.data.messages.size).toBe(1);
  });

  it("answers a missing booking or an outsider 'Conversation not found.'", async () => {
    const { deps } = setup();
    expect(await sendMessage(deps, { actor: clientActor, form: { bookingId: IDS.booking2, content: 'x' } })).toMatchObject({
      ok: false,
      error: { message: 'Conversation not found.' },
    });
    expect(await sendMessage(deps, { actor: client2Actor, form: { bookingId: IDS.booking, content: 'x' } })).toMatchObject({
      ok: false,
      error: { message: 'Conversation not found.' },
    });
  });

  it("refuses blank content: 'Message cannot be empty', and a missing booking id: 'booking_id is required'", async () => {
    const { deps } = setup();
    expect(await sendMessage(deps, { actor: clientActor, form: { bookingId: IDS.booking, content: '   ' } })).toMatchObject({
      ok: false,
      error: { message: 'Message cannot be empty' },
    });
    expect(await sendMessage(deps, { actor: clientActor, form: { content: 'hi' } })).toMatchObject({ ok: false, error: { message: 'booking_id is required' } });
  });

  it('lets an admin write to the party they choose', async () => {
    const { deps } = setup();
    const message = unwrap(await sendMessage(deps, { actor: adminActor, form: { bookingId: IDS.booking, receiverId: IDS.client, content: 'Admin here' } }));
    expect(message.receiverId).toBe(IDS.client);
  });
});

describe('openConversation use case (SPEC §4)', () => {
  it('shows the messages and marks those addressed to the viewer read', async () => {
    const { uow, clock, deps } = setup();
    await sendMessage(deps, { actor: clientActor, form: { bookingId: IDS.booking, content: 'One' } });
    clock.set(new Date(NOW.getTime() + 1000));
    await sendMessage(deps, { actor: coachActor, form: { bookingId: IDS.booking, content: 'Two' } });
    const later = new Date(NOW.getTime() + 5000);
    clock.set(later);
    const conversation = unwrap(await openConversation(deps, { actor: coachActor, bookingId: IDS.booking }));
    expect(conversation.messages.map((m) => [m.content, m.isRead])).toEqual([
      ['One', true],
      ['Two', false],
    ]);
    const stored = [...uow.data.messages.values()].find((m) => m.content === 'One');
    expect(stored).toMatchObject({ isRead: true, readAt: later });
  });

  it("hides an admin's message to the client from the coach", async () => {
    const { deps } = setup();
    await sendMessage(deps, { actor: adminActor, form: { bookingId: IDS.booking, receiverId: IDS.client, content: 'Private note' } });
    expect(unwrap(await openConversation(deps, { actor: coachActor, bookingId: IDS.booking })).messages).toEqual([]);
    expect(unwrap(await openConversation(deps, { actor: clientActor, bookingId: IDS.booking })).messages).toHaveLength(1);
    expect(unwrap(await openConversation(deps, { actor: adminActor, bookingId: IDS.booking })).messages).toHaveLength(1);
  });

  it("requires a booking id and answers outsiders 'Conversation not found.'", async () => {
    const { deps } = setup();
    expect(await openConversation(deps, { actor: clientActor, bookingId: null })).toMatchObject({ ok: false, error: { message: 'booking_id is required' } });
    expect(await openConversation(deps, { actor: client2Actor, bookingId: IDS.booking })).toMatchObject({
      ok: false,
      error: { kind: 'not_found', message: 'Conversation not found.' },
    });
  });
});

describe('listConversations use case', () => {
  it("lists one conversation per booking for the viewer's own messages, and all for admins", async () => {
    const { uow, deps } = setup();
    uow.data.bookingParties.set(IDS.booking2, aBooking({ id: IDS.booking2, clientId: IDS.client2 }));
    await sendMessage(deps, { actor: clientActor, form: { bookingId: IDS.booking, content: 'Hi' } });
    await sendMessage(deps, { actor: client2Actor, form: { bookingId: IDS.booking2, content: 'Hello' } });
    expect(unwrap(await listConversations(deps, { actor: clientActor })).map((c) => c.bookingId)).toEqual([IDS.booking]);
    expect(unwrap(await listConversations(deps, { actor: coachActor }))).toHaveLength(2);
    expect(unwrap(await listConversations(deps, { actor: adminActor }))).toHaveLength(2);
  });
});
