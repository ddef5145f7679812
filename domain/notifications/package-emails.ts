import type { PackageEmails } from '../packages/package-emails';
import { creditsLeft, type PackagePurchase } from '../packages/package-purchase';
import type { OutboxJob } from '../shared/outbox';
import { emailJob, type EmailJobPayload } from './email-job';

const packageFacts = (p: PackagePurchase) => ({
  id: p.id,
  name: p.title ?? `${p.sessions} sessions of ${p.durationMinutes} minutes`,
  sessions: p.sessions,
  sessionsLeft: creditsLeft(p),
  clientId: p.clientId,
  coachId: p.coachId,
  validUntil: p.validUntil.toISOString(),
  pricePence: p.totalPricePence,
  adminFeePence: p.adminFeePence,
});

/** The reminder that a package with sessions left ends within 7 days: once per purchase. */
export function packageExpiringJob(purchase: PackagePurchase, at: Date): OutboxJob {
  return emailJob(
    {
      event: 'package_expiring',
      recipient: { kind: 'user', userId: purchase.clientId, role: 'client' },
      booking: null,
      details: { package: packageFacts(purchase) },
      occurredAt: at.toISOString(),
    },
    `package_expiring:${purchase.id}`,
  );
}

/** The package emails' jobs (decision 059): one per recipient, each once (the dedupe key). */
export const packageEmails: PackageEmails = {
  async queuePurchased(outbox, purchase, at) {
    for (const role of ['client', 'coach'] as const) {
      const payload: EmailJobPayload = {
        event: 'package_purchased',
        recipient: { kind: 'user', userId: role === 'client' ? purchase.clientId : purchase.coachId, role },
        booking: null,
        details: { package: packageFacts(purchase) },
        occurredAt: at.toISOString(),
      };
      await outbox.enqueue(emailJob(payload, `package_purchased:${purchase.id}:${role}`));
    }
  },
  async queueLowCredit(outbox, purchase, at) {
    const payload: EmailJobPayload = {
      event: 'package_low_credit',
      recipient: { kind: 'user', userId: purchase.clientId, role: 'client' },
      booking: null,
      details: { package: packageFacts(purchase) },
      occurredAt: at.toISOString(),
    };
    await outbox.enqueue(emailJob(payload, `package_low_credit:${purchase.id}`));
  },
  async queueRefunded(outbox, input, at) {
    const payload: EmailJobPayload = {
      event: 'package_refunded',
      recipient: { kind: 'user', userId: input.purchase.clientId, role: 'client' },
      booking: null,
      details: { package: packageFacts(input.purchase), refundPence: input.refundPence, refundedSessions: input.credits, adminFeeRefunded: input.adminFeeRefunded, refundReason: input.reason },
      occurredAt: at.toISOString(),
    };
    await outbox.enqueue(emailJob(payload, `package_refunded:${input.purchase.id}:${at.getTime()}`));
  },
};
