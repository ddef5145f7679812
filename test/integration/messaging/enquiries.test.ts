import { describe, expect, it } from 'vitest';
import { countUnreadMessages } from '../../../domain/messaging/use-cases/count-unread-messages';
import { listEnquiries, listEnquiryReports } from '../../../domain/messaging/use-cases/list-enquiries';
import { reportEnquiryToFact } from '../../../domain/messaging/use-cases/report-enquiry';
import { sendEnquiry } from '../../../domain/messaging/use-cases/send-enquiry';
import { viewConversation } from '../../../domain/messaging/use-cases/view-conversation';
import { viewEnquiry } from '../../../domain/messaging/use-cases/view-enquiry';
import { postMessage } from '../../../domain/messaging/use-cases/post-message';
import type { Actor } from '../../../domain/policy/actor';
import { exportMyData } from '../../../domain/accounts/data-export/use-cases/export-my-data';
import { decideDeletionRequest } from '../../../domain/accounts/erasure/use-cases/decide-deletion-request';
import { requestDeletion } from '../../../domain/accounts/erasure/use-cases/request-deletion';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';
import { createTestBooking } from '../../support/fixtures/bookings';

/** Enquiries against PostgreSQL: opening and continuing, the daily limit, outsiders, admins, reports and joining a booking. */
const ctx = useTestApp();

const ask = (actor: Actor, coachId: string, content = 'Do you coach 12-year-olds?') => sendEnquiry(ctx.app.deps(), { actor, form: { coachId, content } });
const reply = (actor: Actor, enquiryId: string, content: string) => sendEnquiry(ctx.app.deps(), { actor, form: { enquiryId, content } });
const view = (actor: Actor, enquiryId: string) => viewEnquiry(ctx.app.deps(), { actor, enquiryId });
const tableCounts = async () => (await ctx.db.query<{ e: number; m: number }>(`select (select count(*)::int from enquiries) as e, (select count(*)::int from messages) as m`))[0]!;

/** 10:00 UTC (10:00 in London in winter) `days` from now: a start the default weekly hours offer. */
function daysAheadAt10(days: number): Date {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 10));
}

async function people() {
  return {
    client: await insertPerson(ctx.db, { type: 'client', name: 'Pat Parent' }),
    coach: await insertPerson(ctx.db, { type: 'coach', name: 'Sam Coach' }),
    otherClient: await insertPerson(ctx.db, { type: 'client', name: 'Olly Other' }),
    otherCoach: await insertPerson(ctx.db, { type: 'coach', name: 'Nia Nother' }),
    admin: await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' }),
  };
}

async function opened(client: Person, coach: Person): Promise<string> {
  const sent = await ask(client.actor, coach.id);
  if (!sent.ok) throw new Error(sent.error.message);
  return sent.value.enquiryId;
}

describe('an enquiry', () => {
  it('is opened by the first message and continued by the next, one per client and coach', async () => {
    const { client, coach } = await people();
    const first = await ask(client.actor, coach.id, 'Hello');
    const second = await ask(client.actor, coach.id, 'Are Saturdays possible?');
    expect(first.ok && first.value.opened).toBe(true);
    expect(first.ok && second.ok && !second.value.opened && second.value.enquiryId === first.value.enquiryId).toBe(true);
    const rows = await ctx.db.query<{ n: number }>(`select count(*)::int as n from enquiries where client_id = $1`, [client.id]);
    expect(rows[0]!.n).toBe(1);

    const coachList = await listEnquiries(ctx.app.deps(), { actor: coach.actor });
    const item = coachList.ok ? coachList.value.find((i) => i.clientId === client.id) : undefined;
    expect(item?.unreadCount).toBe(2);
    expect(item?.lastMessage?.content).toBe('Are Saturdays possible?');
    expect(await countUnreadMessages(ctx.app.deps(), { actor: coach.actor })).toBeGreaterThanOrEqual(2);
  });

  it('is answered by the coach, and opening it marks the messages addressed to the reader read', async () => {
    const { client, coach } = await people();
    const id = await opened(client, coach);
    const answered = await reply(coach.actor, id, 'Yes, Saturdays from 10:00.');
    expect(answered.ok).toBe(true);
    const seen = await view(client.actor, id);
    expect(seen.ok && seen.value.kind === 'open' && seen.value.messages.map((m) => m.content)).toEqual(['Do you coach 12-year-olds?', 'Yes, Saturdays from 10:00.']);
    const unread = await ctx.db.query<{ n: number }>(`select count(*)::int as n from messages where enquiry_id = $1 and receiver_id = $2 and not is_read`, [id, client.id]);
    expect(unread[0]!.n).toBe(0);
  });

  it('is sanitised like any message and refuses a blank one without storing anything', async () => {
    const { client, coach } = await people();
    const before = await tableCounts();
    const blank = await ask(client.actor, coach.id, '   ');
    expect(blank.ok ? null : blank.error.message).toBe('Message cannot be empty');
    expect(await tableCounts()).toEqual(before);
    const sent = await ask(client.actor, coach.id, 'Hi <script>alert(1)</script> there');
    expect(sent.ok && sent.value.message.content).toBe('Hi scriptalert(1)/script there');
  });

  it('cannot be started by a coach or an administrator, nor with someone who is not a coach', async () => {
    const { client, coach, otherCoach, otherClient, admin } = await people();
    const before = await tableCounts();
    const byCoach = await ask(coach.actor, otherCoach.id);
    const byAdmin = await ask(admin.actor, coach.id);
    const toClient = await ask(client.actor, otherClient.id);
    expect(byCoach.ok ? null : [byCoach.error.kind, byCoach.error.code]).toEqual(['forbidden', 'ENQUIRY_CLIENTS_ONLY']);
    expect(byAdmin.ok ? null : byAdmin.error.kind).toBe('forbidden');
    expect(toClient.ok ? null : [toClient.error.kind, toClient.error.message]).toEqual(['not_found', 'Coach not found.']);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('the five-new-coaches-a-day limit', () => {
  it('refuses a sixth new coach within 24 hours with a clear message, still lets the five continue, and opens again a day later', async () => {
    const client = await insertPerson(ctx.db, { type: 'client', name: 'Busy Parent' });
    const coaches: Person[] = [];
    for (let i = 0; i < 6; i++) coaches.push(await insertPerson(ctx.db, { type: 'coach', name: `Limit Coach ${i}` }));
    ctx.app.testClock!.set(new Date('2026-12-02T09:00:00Z'));
    try {
      for (let i = 0; i < 5; i++) {
        ctx.app.testClock!.set(new Date(Date.UTC(2026, 11, 2, 9 + i)));
        expect((await ask(client.actor, coaches[i]!.id)).ok).toBe(true);
      }
      const before = await tableCounts();
      const sixth = await ask(client.actor, coaches[5]!.id);
      expect(sixth.ok ? null : [sixth.error.kind, sixth.error.code]).toEqual(['rate_limited', 'ENQUIRY_COACH_LIMIT']);
      // The first of the five opened at 09:00 UTC on 2 December: a place frees at 09:00 London on the 3rd.
      expect(sixth.ok ? null : sixth.error.message).toBe('You can start conversations with up to 5 new coaches a day. Please wait until Thu, 3 Dec 2026, 09:00.');
      expect(await tableCounts()).toEqual(before);

      expect((await ask(client.actor, coaches[2]!.id, 'One more question')).ok).toBe(true);

      ctx.app.testClock!.set(new Date('2026-12-03T09:00:01Z'));
      expect((await ask(client.actor, coaches[5]!.id)).ok).toBe(true);
    } finally {
      ctx.app.testClock!.reset();
    }
  });
});

describe('who sees an enquiry', () => {
  it('is hidden from outsiders, who cannot read, write in or report it', async () => {
    const { client, coach, otherClient, otherCoach } = await people();
    const id = await opened(client, coach);
    for (const outsider of [otherClient, otherCoach]) {
      const seen = await view(outsider.actor, id);
      expect(seen.ok ? null : [seen.error.kind, seen.error.message]).toEqual(['not_found', 'Conversation not found.']);
      const wrote = await reply(outsider.actor, id, 'Hi');
      expect(wrote.ok ? null : wrote.error.kind).toBe('not_found');
      const reported = await reportEnquiryToFact(ctx.app.deps(), { actor: outsider.actor, form: { enquiryId: id, reason: 'Spam' } });
      expect(reported.ok ? null : reported.error.kind).toBe('not_found');
      const listed = await listEnquiries(ctx.app.deps(), { actor: outsider.actor });
      expect(listed.ok && listed.value.some((i) => i.id === id)).toBe(false);
    }
  });

  it('is seen by administrators like any conversation, read-only, without marking it read', async () => {
    const { client, coach, admin } = await people();
    const id = await opened(client, coach);
    const listed = await listEnquiries(ctx.app.deps(), { actor: admin.actor });
    expect(listed.ok && listed.value.some((i) => i.id === id)).toBe(true);
    const seen = await view(admin.actor, id);
    expect(seen.ok && seen.value.kind === 'open' && seen.value.asAdmin && seen.value.messages.length).toBe(1);
    const wrote = await reply(admin.actor, id, 'Admin here');
    expect(wrote.ok ? null : [wrote.error.kind, wrote.error.code]).toEqual(['forbidden', 'ENQUIRY_ADMIN_READ_ONLY']);
    const unread = await ctx.db.query<{ n: number }>(`select count(*)::int as n from messages where enquiry_id = $1 and not is_read`, [id]);
    expect(unread[0]!.n).toBe(1);
  });
});

describe('reporting an enquiry to FACT', () => {
  it('lets the coach report it once with a reason, which administrators then see', async () => {
    const { client, coach, admin } = await people();
    const id = await opened(client, coach);
    const blank = await reportEnquiryToFact(ctx.app.deps(), { actor: coach.actor, form: { enquiryId: id, reason: '  ' } });
    expect(blank.ok ? null : blank.error.message).toBe('Please say why you are reporting this enquiry.');
    const byClient = await reportEnquiryToFact(ctx.app.deps(), { actor: client.actor, form: { enquiryId: id, reason: 'Hmm' } });
    expect(byClient.ok ? null : byClient.error.kind).toBe('forbidden');

    const reported = await reportEnquiryToFact(ctx.app.deps(), { actor: coach.actor, form: { enquiryId: id, reason: 'Asked me to pay in cash outside FACT' } });
    expect(reported.ok).toBe(true);
    const again = await reportEnquiryToFact(ctx.app.deps(), { actor: coach.actor, form: { enquiryId: id, reason: 'Again' } });
    expect(again.ok ? null : again.error.code).toBe('ENQUIRY_ALREADY_REPORTED');

    const reports = await listEnquiryReports(ctx.app.deps(), { actor: admin.actor });
    const mine = reports.ok ? reports.value.filter((r) => r.enquiryId === id) : [];
    expect(mine.map((r) => [r.reason, r.coach.fullName, r.client.fullName])).toEqual([['Asked me to pay in cash outside FACT', 'Sam Coach', 'Pat Parent']]);
    const seen = await view(coach.actor, id);
    expect(seen.ok && seen.value.kind === 'open' && seen.value.canReport).toBe(false);
    expect((await listEnquiryReports(ctx.app.deps(), { actor: coach.actor })).ok).toBe(false);
  });
});

describe('a booking that follows', () => {
  it('takes the enquiry into its conversation when the request reaches the coach, its messages first', async () => {
    const { client, coach } = await people();
    const id = await opened(client, coach);
    expect((await reply(coach.actor, id, 'Happy to help.')).ok).toBe(true);

    // A request the coach is not shown yet (unpaid) leaves the enquiry as it was.
    await createTestBooking(ctx.app, { clientId: client.id, coachId: coach.id, paid: false, startsAt: daysAheadAt10(10) });
    const stillOpen = await view(client.actor, id);
    expect(stillOpen.ok && stillOpen.value.kind).toBe('open');

    const booking = await createTestBooking(ctx.app, { clientId: client.id, coachId: coach.id, startsAt: daysAheadAt10(12) });
    const joined = await view(client.actor, id);
    expect(joined.ok && joined.value.kind === 'joined' && joined.value.bookingId).toBe(booking.id);
    expect((await postMessage(ctx.app.deps(), { actor: client.actor, form: { bookingId: booking.id, content: 'Booked! See you then.' } })).ok).toBe(true);

    const thread = await viewConversation(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id });
    expect(thread.ok && thread.value.messages.map((m) => m.content)).toEqual(['Do you coach 12-year-olds?', 'Happy to help.', 'Booked! See you then.']);
    expect(thread.ok && thread.value.messages.map((m) => m.fromEnquiry === true)).toEqual([true, true, false]);
    const listed = await listEnquiries(ctx.app.deps(), { actor: client.actor });
    expect(listed.ok && listed.value.some((i) => i.id === id)).toBe(false);

    // A later question opens a new enquiry; the same coach is not a new one for the daily limit.
    const next = await ask(client.actor, coach.id, 'A second question');
    expect(next.ok && next.value.opened && next.value.enquiryId !== id).toBe(true);
  });
});

describe("an enquiry and the person's own data", () => {
  it('is in their data export, with the other person by first name only', async () => {
    const { client, coach } = await people();
    const id = await opened(client, coach);
    expect((await reply(coach.actor, id, 'Sure, ask away.')).ok).toBe(true);
    const file = unwrap(await exportMyData(ctx.app.deps(), { actor: client.actor }));
    const messages = file.document.messages.items.filter((m) => m.reference === 'Enquiry');
    expect(messages.map((m) => [m.direction, m.with, m.content])).toEqual([
      ['received', 'Sam', 'Sure, ask away.'],
      ['sent', 'Sam', 'Do you coach 12-year-olds?'],
    ]);
  });

  it('loses every mention of a person whose account is erased, in its messages and in the reports of it', async () => {
    const { coach, admin } = await people();
    const client = await insertPerson(ctx.db, { type: 'client', name: 'Zebedee Quartermaine' });
    const id = await opened(client, coach);
    expect((await reply(coach.actor, id, 'Hello Zebedee Quartermaine, happy to help.')).ok).toBe(true);
    expect((await reportEnquiryToFact(ctx.app.deps(), { actor: coach.actor, form: { enquiryId: id, reason: 'Zebedee Quartermaine keeps asking for my number' } })).ok).toBe(true);

    const request = unwrap(await requestDeletion(ctx.app.deps(), { actor: client.actor, form: { reason: 'Done with football' } }));
    unwrap(await decideDeletionRequest(ctx.app.deps(), { actor: admin.actor, form: { requestId: request.id, decision: 'approved' } }));

    const left = await ctx.db.query<{ text: string }>(
      `select coalesce((select string_agg(content, ' ') from messages where enquiry_id = $1), '') || ' ' || coalesce((select string_agg(reason, ' ') from enquiry_reports where enquiry_id = $1), '') as text`,
      [id],
    );
    expect(left[0]!.text).not.toContain('Zebedee Quartermaine');
    expect(left[0]!.text).toContain('[removed]');
    expect(left[0]!.text).toContain('happy to help');
  });
});
