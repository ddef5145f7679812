import { describe, expect, it } from 'vitest';
import { createInMemoryRateLimitStore } from '../../rate-limit/in-memory-rate-limit-store';
import { unwrap } from '../../shared/result';
import { fixedClock, memoryUnitOfWork, sequentialIds } from '../../testing';
import { clientActor, clientUser, coachActor, coachUser, IDS, NOW } from '../../testing/fixtures';
import { joinEnquiryToBooking } from './join-enquiry';
import { sendEnquiry } from './send-enquiry';

function setup() {
  const uow = memoryUnitOfWork();
  uow.data.users.set(IDS.coach, coachUser());
  uow.data.users.set(IDS.client, clientUser());
  return { uow, deps: { uow, clock: fixedClock(NOW), ids: sequentialIds(), rateLimits: createInMemoryRateLimitStore() } };
}

describe('sendEnquiry use case', () => {
  it('opens an enquiry with the first message to a coach and continues it with the next', async () => {
    const { uow, deps } = setup();
    const first = unwrap(await sendEnquiry(deps, { actor: clientActor, form: { coachId: IDS.coach, content: 'Hello' } }));
    const second = unwrap(await sendEnquiry(deps, { actor: clientActor, form: { coachId: IDS.coach, content: 'Still there?' } }));
    expect([first.opened, second.opened, second.enquiryId]).toEqual([true, false, first.enquiryId]);
    expect(uow.data.enquiries.size).toBe(1);
    expect([...uow.data.enquiryMessages.values()].map((m) => [m.senderId, m.receiverId])).toEqual([
      [IDS.client, IDS.coach],
      [IDS.client, IDS.coach],
    ]);
  });

  it('refuses a form naming both a coach and an enquiry, or neither, without storing anything', async () => {
    const { uow, deps } = setup();
    const both = await sendEnquiry(deps, { actor: clientActor, form: { coachId: IDS.coach, enquiryId: IDS.booking, content: 'Hi' } });
    const neither = await sendEnquiry(deps, { actor: clientActor, form: { content: 'Hi' } });
    expect([both.ok, neither.ok]).toEqual([false, false]);
    expect(uow.data.enquiries.size + uow.data.enquiryMessages.size).toBe(0);
  });

  it('counts every enquiry message against the message limit of 50 per 15 minutes', async () => {
    const { deps } = setup();
    for (let i = 0; i < 50; i++) unwrap(await sendEnquiry(deps, { actor: clientActor, form: { coachId: IDS.coach, content: `Question ${i}` } }));
    const limited = await sendEnquiry(deps, { actor: clientActor, form: { coachId: IDS.coach, content: 'One more' } });
    expect(limited).toMatchObject({ ok: false, error: { kind: 'rate_limited', message: expect.stringContaining('Too many messages') } });
  });

  it('lets the coach answer in the enquiry, but never start one', async () => {
    const { deps } = setup();
    const { enquiryId } = unwrap(await sendEnquiry(deps, { actor: clientActor, form: { coachId: IDS.coach, content: 'Hello' } }));
    expect((await sendEnquiry(deps, { actor: coachActor, form: { enquiryId, content: 'Hi!' } })).ok).toBe(true);
    expect(await sendEnquiry(deps, { actor: coachActor, form: { coachId: IDS.client, content: 'Hi!' } })).toMatchObject({ ok: false, error: { code: 'ENQUIRY_CLIENTS_ONLY' } });
  });
});

describe('joining a booking', () => {
  it("moves the open enquiry's messages into the booking's conversation and closes it", async () => {
    const { uow, deps } = setup();
    const { enquiryId } = unwrap(await sendEnquiry(deps, { actor: clientActor, form: { coachId: IDS.coach, content: 'Hello' } }));
    const joined = await uow.transaction(async (tx) => ({ ok: true as const, value: await joinEnquiryToBooking(tx, { id: IDS.booking, clientId: IDS.client, coachId: IDS.coach }, NOW) }));
    expect(joined.ok && joined.value).toMatchObject({ id: enquiryId, bookingId: IDS.booking, joinedAt: NOW });
    expect([...uow.data.messages.values()].map((m) => [m.bookingId, m.content])).toEqual([[IDS.booking, 'Hello']]);
    const again = await uow.transaction(async (tx) => ({ ok: true as const, value: await joinEnquiryToBooking(tx, { id: IDS.booking2, clientId: IDS.client, coachId: IDS.coach }, NOW) }));
    expect(again.ok && again.value).toBeNull();
  });
});
