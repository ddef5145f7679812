import { describe, expect, it } from 'vitest';
import type { OutboxJob, OutboxPort } from '../shared/outbox';
import type { PackagePurchase } from '../packages/package-purchase';
import { unwrap } from '../shared/result';
import { composeEmail } from './compose-email';
import type { ComposeContext } from './email-context';
import { parseEmailJobPayload, type EmailJobPayload } from './email-job';
import { packageEmails } from './package-emails';

const CLIENT = '00000000-0000-4000-8000-0000000000c1';
const COACH = '00000000-0000-4000-8000-0000000000c2';
const purchase: PackagePurchase = {
  id: '00000000-0000-4000-8000-0000000000a1',
  clientId: CLIENT,
  coachId: COACH,
  offerId: '00000000-0000-4000-8000-0000000000f1',
  seriesId: null,
  title: 'Pre-season block',
  sessions: 5,
  durationMinutes: 60,
  totalPricePence: 20_000,
  adminFeePence: 300,
  purchasedAt: new Date('2026-12-03T09:30:00Z'),
  validUntil: new Date('2027-01-28T09:30:00Z'),
  credits: Array.from({ length: 5 }, () => ({ kind: 'available' as const })),
  adminFeeRefunded: false,
  adminFeeChargedBackPence: 0,
};
const ctxFor = (role: 'client' | 'coach'): ComposeContext => ({
  appUrl: 'https://fact.example',
  recipient: { name: role === 'client' ? 'Cleo Client' : 'Paula Coach', email: `${role}@example.test`, role },
  names: { [CLIENT]: 'Cleo Client', [COACH]: 'Paula Coach' },
});

async function queued(run: (outbox: OutboxPort) => Promise<void>): Promise<EmailJobPayload[]> {
  const jobs: OutboxJob[] = [];
  await run({ enqueue: async (job: OutboxJob) => void jobs.push(job) });
  return jobs.map((j) => unwrap(parseEmailJobPayload(JSON.parse(JSON.stringify(j.payload)))));
}

describe('the package emails', () => {
  it('send the client a receipt with the price lines and the refund promise, and tell the coach', async () => {
    const [toClient, toCoach] = await queued((outbox) => packageEmails.queuePurchased(outbox, purchase, purchase.purchasedAt));
    const receipt = composeEmail(toClient!, ctxFor('client'));
    expect(receipt.kind).toBe('payments');
    expect(receipt.subject).toBe('Receipt: £203.00 for "Pre-season block"');
    expect(receipt.text).toContain('£203.00 has been taken from your card for 5 sessions with Paula Coach');
    expect(receipt.text).toContain("Sessions you don't use are refunded to your card whenever you ask before then");
    expect(receipt.text).toMatch(/Admin fee:?\s+£3\.00/);
    const news = composeEmail(toCoach!, ctxFor('coach'));
    expect(news.subject).toBe('Cleo Client bought your package "Pre-season block"');
    expect(news.text).toContain('You are paid your share of each session once it is completed.');
  });

  it('send the client a refund receipt that says why and whether the admin fee came back', async () => {
    const [atExpiry] = await queued((outbox) => packageEmails.queueRefunded(outbox, { purchase, refundPence: 8_000, credits: 2, adminFeeRefunded: false, reason: 'expiry' }, purchase.validUntil));
    const email = composeEmail(atExpiry!, ctxFor('client'));
    expect(email.subject).toBe('Refund: £80.00 for your unused sessions');
    expect(email.text).toContain('expired with 2 unused sessions. As promised, we have refunded £80.00 to your card.');
    expect(email.text).not.toContain('admin fee is refunded');
    const [asked] = await queued((outbox) => packageEmails.queueRefunded(outbox, { purchase, refundPence: 20_300, credits: 5, adminFeeRefunded: true, reason: 'request' }, purchase.purchasedAt));
    expect(composeEmail(asked!, ctxFor('client')).text).toContain('No session of the package was used, so the admin fee is refunded too.');
  });
});
