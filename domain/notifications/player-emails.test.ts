import { describe, expect, it } from 'vitest';
import { CLIENT_ID, COACH_ID, pendingBooking } from '../testing/booking-fixtures';
import { NOW } from '../testing/booking-fixtures';
import { unwrap } from '../shared/result';
import { bookingEmailJobs } from './booking-emails';
import { composeEmail } from './compose-email';
import type { ComposeContext } from './email-context';
import { parseEmailJobPayload } from './email-job';

const ctx = (playerLine: string | null): ComposeContext => ({
  appUrl: 'https://fact.example',
  recipient: { name: 'Alex Coach', email: 'coach@example.test', role: 'coach' },
  names: { [CLIENT_ID]: 'Sam Client', [COACH_ID]: 'Alex Coach' },
  playerLine,
});

describe('booking emails for a player (decision 017)', () => {
  it('name the player and their age in the request to the coach', () => {
    const booking = { ...pendingBooking(), version: 1 };
    const [job] = bookingEmailJobs({ event: 'requested', booking, actorId: CLIENT_ID }, NOW);
    const payload = unwrap(parseEmailJobPayload(JSON.parse(JSON.stringify(job!.payload))));
    const email = composeEmail(payload, ctx('Ella Hughes, 11'));
    expect(email.text).toContain('Sam Client would like to book a Striker & Finishing session for Ella Hughes with you');
    expect(email.text).toMatch(/Player\W+Ella Hughes, 11/);
    expect(composeEmail(payload, ctx(null)).text).not.toContain('Player');
  });
});
