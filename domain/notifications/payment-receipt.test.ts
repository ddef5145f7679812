import { describe, expect, it } from 'vitest';
import { authorised, CLIENT_ID, COACH_ID, confirmedAndCaptured, NOW, pendingBooking } from '../testing/booking-fixtures';
import { HOUR_MS } from '../shared/clock';
import { unwrap } from '../shared/result';
import { bookingEmailJobs } from './booking-emails';
import { composeEmail } from './compose-email';
import type { ComposeContext } from './email-context';
import { emailKindOf, parseEmailJobPayload } from './email-job';

const ctx: ComposeContext = {
  appUrl: 'https://fact.example',
  recipient: { name: 'Sam Client', email: 'client@example.test', role: 'client' },
  names: { [CLIENT_ID]: 'Sam Client', [COACH_ID]: 'Alex Coach' },
};
const receiptOf = (event: 'payment_received' | 'payment_captured', booking = authorised(pendingBooking()), now = NOW) => {
  const jobs = bookingEmailJobs({ event, booking, actorId: null }, now);
  expect(jobs.map((j) => j.type)).toEqual(['email.payment_receipt']);
  return composeEmail(unwrap(parseEmailJobPayload(JSON.parse(JSON.stringify(jobs[0]!.payload)))), ctx);
};

describe('the client’s payment receipt', () => {
  it('says the hold on the card, the price lines and the cancellation terms', () => {
    const email = receiptOf('payment_received');
    expect(email.subject).toBe('Payment received: £53.00 held on your card: Thu 5 Mar 2026 — FACT-20260302-A7B2');
    expect(email.text).toContain('£53.00 is held on your card for your Striker & Finishing session with Alex Coach');
    expect(email.text).toContain('You are charged only if Alex Coach accepts; otherwise the hold is released.');
    expect(email.text).toContain('Free cancellation until Wed 4 Mar, 15:00. After that £50.00 goes to the coach and £3.00 is refunded.');
    expect(email.text).toMatch(/Session price:?\s+£50\.00/);
    expect(email.text).toMatch(/Admin fee:?\s+£3\.00/);
  });

  it('says the payment taken once the coach accepted', () => {
    const email = receiptOf('payment_captured', confirmedAndCaptured());
    expect(email.subject).toContain('Receipt: £53.00 paid');
    expect(email.text).toContain('Alex Coach accepted your booking, and £53.00 has been taken from your card.');
  });

  it('warns a late booking that a cancellation keeps the session price', () => {
    const late = authorised(pendingBooking({ startsAt: new Date(NOW.getTime() + 20 * HOUR_MS) }));
    expect(receiptOf('payment_received', late).text).toContain('This session starts within 24 hours, so once Alex Coach accepts it can no longer be cancelled for a refund of the session price');
  });

  it('is a payment email, sent whatever the optional email preferences say', () => {
    expect(emailKindOf('payment_receipt', 'client')).toBe('payments');
  });
});
