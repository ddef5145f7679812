import { describe, expect, it } from 'vitest';
import { expireRequest } from '../booking/lifecycle/booking-decisions';
import type { Booking } from '../booking/lifecycle/booking';
import { authorised, CLIENT_ID, COACH_ID, NOW, pendingBooking } from '../testing/booking-fixtures';
import { DAY_MS } from '../shared/clock';
import { unwrap } from '../shared/result';
import { bookingEmailJobs } from './booking-emails';
import type { BookingEmailInput } from '../booking/lifecycle/booking-notifications';
import { composeEmail } from './compose-email';
import type { ComposeContext } from './email-context';
import { parseEmailJobPayload, type EmailJobPayload } from './email-job';

const APP = 'https://fact.example';
const names = { [CLIENT_ID]: 'Sam Client', [COACH_ID]: 'Alex Coach' };
const ctxFor = (role: 'client' | 'coach'): ComposeContext => ({
  appUrl: APP,
  recipient: { name: role === 'client' ? 'Sam Client' : 'Alex Coach', email: `${role}@example.test`, role },
  names,
});

function payloadsOf(input: BookingEmailInput): Map<string, EmailJobPayload> {
  const out = new Map<string, EmailJobPayload>();
  for (const job of bookingEmailJobs(input, NOW)) {
    const p = unwrap(parseEmailJobPayload(JSON.parse(JSON.stringify(job.payload))));
    out.set(p.recipient.kind === 'user' ? p.recipient.role : p.recipient.kind, p);
  }
  return out;
}

/** Paid at NOW (Mon 2 Mar 2026, 10:00 GMT) for a session three weeks on: the coach has until Sun 8 Mar, 10:00. */
const paid = (): Booking => ({ ...authorised(pendingBooking({ startsAt: new Date(NOW.getTime() + 21 * DAY_MS) })), version: 2 });

describe('the emails of a request with a response deadline', () => {
  it('tells the coach by when to answer a paid request, in London time', () => {
    const email = composeEmail(payloadsOf({ event: 'requested', booking: paid(), actorId: CLIENT_ID }).get('coach')!, ctxFor('coach'));
    expect(email.text).toContain('Please accept or decline it by Sun 8 Mar 2026, 10:00 (London time). After that the request expires');
    expect(email.text).toContain('Respond by');
    expect(email.html).toContain('Sun 8 Mar 2026, 10:00 (London time)');
  });

  it('tells both sides when the request expired unanswered, and gives the client a Book again link to the coach', () => {
    const expired = { ...unwrap(expireRequest(paid(), new Date(NOW.getTime() + 6 * DAY_MS))).booking, version: 3 };
    const payloads = payloadsOf({ event: 'declined', booking: expired, previous: paid(), actorId: null });
    expect([...payloads.keys()].sort()).toEqual(['client', 'coach']);

    const toClient = composeEmail(payloads.get('client')!, ctxFor('client'));
    expect(toClient.subject).toMatch(/^Booking request expired: /);
    expect(toClient.text).toContain('Alex Coach did not respond in time to your request for Mon 23 Mar 2026, 10:00 (London time), so it has expired.');
    expect(toClient.text).toContain('You have not been charged: the £53.00 held on your card is released.');
    expect(toClient.text).toContain(`Book again: ${APP}/CoachProfile?userId=${COACH_ID}`);

    const toCoach = composeEmail(payloads.get('coach')!, ctxFor('coach'));
    expect(toCoach.subject).toMatch(/^Booking request expired: /);
    expect(toCoach.text).toContain("You did not respond in time to Sam Client's request");
    expect(toCoach.text).toContain("The hold on the client's card is released and they have not been charged.");
  });

  it('still tells only the client when the coach declines', () => {
    const declined = { ...paid(), status: 'cancelled' as const, cancelledBy: 'coach' as const, cancelledAt: NOW, cancellationReason: 'Away', declined: true, version: 3 };
    expect([...payloadsOf({ event: 'declined', booking: declined, previous: paid(), actorId: COACH_ID }).keys()]).toEqual(['client']);
  });
});
