import { describe, expect, it } from 'vitest';
import { cancelBooking, declineBooking } from '../booking/lifecycle/booking-decisions';
import { acceptReschedule, proposeReschedule, withdrawReschedule } from '../booking/reschedule/reschedule';
import { authorised, client, CLIENT_ID, coach, COACH_ID, confirmedAndCaptured, NOW, pendingBooking } from '../testing/booking-fixtures';
import type { Booking } from '../booking/lifecycle/booking';
import { DAY_MS, HOUR_MS } from '../shared/clock';
import { unwrap } from '../shared/result';
import { bookingEmailJobs } from './booking-emails';
import type { BookingEmailInput } from '../booking/lifecycle/booking-notifications';
import { bookingEventUid } from './calendar-invite';
import { composeEmail, messageIdFor } from './compose-email';
import type { ComposeContext } from './email-context';
import { formatLondonDateTime } from './email-format';
import { parseEmailJobPayload, type EmailJobPayload } from './email-job';

const APP = 'https://fact.example';
const names = { [CLIENT_ID]: 'Sam Client', [COACH_ID]: 'Alex Coach' };
const ctxFor = (role: 'client' | 'coach' | 'admin'): ComposeContext => ({
  appUrl: APP,
  recipient: { name: role === 'client' ? 'Sam Client' : role === 'coach' ? 'Alex Coach' : 'Ada Admin', email: `${role}@example.test`, role },
  names,
});

/** The payload each recipient's job carries, as the worker reads it back. */
function payloadsOf(input: BookingEmailInput, now = NOW): Map<string, EmailJobPayload> {
  const out = new Map<string, EmailJobPayload>();
  for (const job of bookingEmailJobs(input, now)) {
    const p = unwrap(parseEmailJobPayload(JSON.parse(JSON.stringify(job.payload))));
    out.set(p.recipient.kind === 'user' ? p.recipient.role : p.recipient.kind, p);
  }
  return out;
}

const saved = (b: Booking): Booking => ({ ...b, version: b.version + 1 });

describe('London time in emails', () => {
  it('names the zone and shows the wall clock in London', () => {
    expect(formatLondonDateTime(new Date('2026-12-05T10:00:00Z'))).toBe('Sat 5 Dec 2026, 10:00 (London time)');
  });

  it('follows the clocks across the spring change (GMT to BST)', () => {
    expect(formatLondonDateTime(new Date('2026-03-28T10:00:00Z'))).toBe('Sat 28 Mar 2026, 10:00 (London time)');
    expect(formatLondonDateTime(new Date('2026-03-29T10:00:00Z'))).toBe('Sun 29 Mar 2026, 11:00 (London time)');
  });

  it('follows the clocks across the autumn change (BST to GMT)', () => {
    expect(formatLondonDateTime(new Date('2026-10-24T09:00:00Z'))).toBe('Sat 24 Oct 2026, 10:00 (London time)');
    expect(formatLondonDateTime(new Date('2026-10-25T10:00:00Z'))).toBe('Sun 25 Oct 2026, 10:00 (London time)');
  });

  it('shows a session booked across the change at its London time in both parts', () => {
    const booking = saved(pendingBooking({ startsAt: new Date('2026-03-30T08:30:00Z') }));
    const email = composeEmail(payloadsOf({ event: 'requested', booking, actorId: CLIENT_ID }).get('coach')!, ctxFor('coach'));
    expect(email.text).toContain('Mon 30 Mar 2026, 09:30 (London time)');
    expect(email.html).toContain('Mon 30 Mar 2026, 09:30 (London time)');
  });
});

describe('composing booking emails', () => {
  it('puts the booking reference in the subject and links to the right page', () => {
    const booking = saved(pendingBooking());
    const email = composeEmail(payloadsOf({ event: 'requested', booking, actorId: CLIENT_ID }).get('coach')!, ctxFor('coach'));
    expect(email.subject).toBe('New booking request from Sam Client: Thu 5 Mar 2026 — FACT-20260302-A7B2');
    expect(email.text).toContain(`Review the request: ${APP}/CoachDashboard?tab=pending`);
    expect(email.html).toContain(`href="${APP}/CoachDashboard?tab=pending"`);
    expect(email.text).toContain('Sam Client would like to book a Striker & Finishing session with you on Thu 5 Mar 2026, 15:00 (London time).');
    expect(email.kind).toBe('booking_requests');
    expect(email.text).toContain(`Email preferences: ${APP}/CoachProfile#email-preferences`);
    expect(email.calendar).toBeNull();
  });

  it('tells the client the coach declined, why, and that the hold on the card is released', () => {
    const before = authorised(pendingBooking());
    const after = saved(unwrap(declineBooking(before, coach, { reason: 'Injured this week' }, NOW)).booking);
    const email = composeEmail(payloadsOf({ event: 'declined', booking: after, previous: before, actorId: COACH_ID }).get('client')!, ctxFor('client'));
    expect(email.subject).toMatch(/^Booking request declined: .* — FACT-20260302-A7B2$/);
    expect(email.text).toContain('Reason: Injured this week');
    expect(email.text).toContain('You have not been charged: the £53.00 held on your card is released.');
    expect(email.kind).toBe('payments');
    expect(email.text).toContain('always sent');
  });

  it('gives the client the refund amount of a late cancellation and the coach what they are paid', () => {
    const before = confirmedAndCaptured();
    const late = new Date(before.startsAt.getTime() - 2 * HOUR_MS);
    const after = saved(unwrap(cancelBooking(before, client, { reason: 'Car broke down' }, late)).booking);
    const payloads = payloadsOf({ event: 'cancelled', booking: after, previous: before, actorId: CLIENT_ID }, late);
    const toClient = composeEmail(payloads.get('client')!, ctxFor('client'));
    const toCoach = composeEmail(payloads.get('coach')!, ctxFor('coach'));
    expect(toClient.text).toContain('You cancelled the Striker & Finishing session');
    expect(toClient.text).toContain('You are refunded £3.00. Under the cancellation policy');
    expect(toClient.text).toMatch(/Refund:\s+£3\.00/);
    expect(toCoach.text).toContain('Sam Client cancelled the Striker & Finishing session');
    expect(toCoach.text).toContain('Reason: Car broke down');
    expect(toCoach.text).toContain('you are paid £50.00 for this session');
    expect(toClient.calendar?.method).toBe('CANCEL');
  });

  it('escapes what people typed in the HTML part', () => {
    const before = authorised(pendingBooking());
    const after = saved(unwrap(declineBooking(before, coach, { reason: '<script>alert(1)</script> & more' }, NOW)).booking);
    const email = composeEmail(payloadsOf({ event: 'declined', booking: after, previous: before, actorId: COACH_ID }).get('client')!, ctxFor('client'));
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(email.text).toContain('<script>alert(1)</script> & more');
  });

  it('asks the other party about a proposed time, with both times in London', () => {
    const before = confirmedAndCaptured();
    const proposed = new Date(before.startsAt.getTime() + DAY_MS);
    const after = saved(unwrap(proposeReschedule(before, client, { proposedStartsAt: proposed, reason: 'Exams' }, NOW)));
    const payloads = payloadsOf({ event: 'reschedule_proposed', booking: after, actorId: CLIENT_ID });
    expect([...payloads.keys()]).toEqual(['coach']);
    const email = composeEmail(payloads.get('coach')!, ctxFor('coach'));
    expect(email.text).toContain('Sam Client would like to move your Striker & Finishing session from Thu 5 Mar 2026, 15:00 (London time) to Fri 6 Mar 2026, 15:00 (London time).');
    expect(email.text).toContain('Reason: Exams');
    expect(email.kind).toBe('booking_updates');
  });

  it('tells the other party when the proposer withdraws the time, naming the time kept', () => {
    const before = confirmedAndCaptured();
    const proposed = saved(unwrap(proposeReschedule(before, client, { proposedStartsAt: new Date(before.startsAt.getTime() + DAY_MS) }, NOW)));
    const withdrawn = saved(unwrap(withdrawReschedule(proposed, client, NOW)));
    const payloads = payloadsOf({ event: 'reschedule_withdrawn', booking: withdrawn, actorId: CLIENT_ID });
    expect([...payloads.keys()]).toEqual(['coach']);
    const email = composeEmail(payloads.get('coach')!, ctxFor('coach'));
    expect(email.subject).toContain('Proposed time withdrawn');
    expect(email.text).toContain('Sam Client withdrew the proposal to move the session to Fri 6 Mar 2026, 15:00 (London time). It stays on Thu 5 Mar 2026, 15:00 (London time).');
    expect(email.kind).toBe('booking_updates');
  });
});

describe('calendar invites', () => {
  const confirmed = saved(confirmedAndCaptured());

  it('sends an accepted booking as METHOD:REQUEST with a UID derived from the booking and its version as SEQUENCE', () => {
    const invite = composeEmail(payloadsOf({ event: 'accepted', booking: confirmed, actorId: COACH_ID }).get('client')!, ctxFor('client')).calendar!;
    expect(invite.method).toBe('REQUEST');
    expect(invite.uid).toBe(bookingEventUid(confirmed.id));
    expect(invite.sequence).toBe(confirmed.version);
    expect(invite.startsAt).toEqual(confirmed.startsAt);
    expect(invite.endsAt.getTime() - invite.startsAt.getTime()).toBe(HOUR_MS);
    expect(invite.attendee).toEqual({ name: 'Sam Client', email: 'client@example.test' });
  });

  it('moves the same event with a higher SEQUENCE when a reschedule is accepted, for both parties', () => {
    const proposed = saved(unwrap(proposeReschedule(confirmed, coach, { proposedStartsAt: new Date(confirmed.startsAt.getTime() + DAY_MS) }, NOW)));
    const moved = saved(unwrap(acceptReschedule(proposed, client, NOW)));
    const payloads = payloadsOf({ event: 'reschedule_accepted', booking: moved, actorId: CLIENT_ID });
    expect([...payloads.keys()].sort()).toEqual(['client', 'coach']);
    const toCoach = composeEmail(payloads.get('coach')!, ctxFor('coach'));
    expect(toCoach.text).toContain('Sam Client accepted the new time: your session is now on Fri 6 Mar 2026, 15:00 (London time).');
    expect(toCoach.calendar).toMatchObject({ method: 'REQUEST', uid: bookingEventUid(confirmed.id) });
    expect(toCoach.calendar!.sequence).toBeGreaterThan(confirmed.version);
    expect(toCoach.calendar!.startsAt).toEqual(moved.startsAt);
  });

  it('sends no cancellation invite for a request that was never confirmed', () => {
    const before = authorised(pendingBooking());
    const after = saved(unwrap(cancelBooking(before, client, { reason: 'Changed my mind' }, NOW)).booking);
    const email = composeEmail(payloadsOf({ event: 'cancelled', booking: after, previous: before, actorId: CLIENT_ID }).get('client')!, ctxFor('client'));
    expect(email.calendar).toBeNull();
    expect(email.text).toContain('You have not been charged');
  });
});

describe('message ids', () => {
  it('derives the Message-ID from the job id and the site host', () => {
    expect(messageIdFor('0b5c7c8e-1111-4111-8111-111111111111', APP)).toBe('<email-0b5c7c8e-1111-4111-8111-111111111111@fact.example>');
  });
});
