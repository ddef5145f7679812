import type { AccountDeletionRequest } from '../accounts/erasure/deletion-request';
import type { DeletionEmails } from '../accounts/erasure/deletion-emails';
import type { User } from '../accounts/users/user';
import type { OutboxJob, OutboxPort } from '../shared/outbox';
import { emailJob } from './email-job';

/**
 * The deletion request decided → the user (account email, always sent). Approval erases the
 * address in the same transaction, so the job carries the address the user had (`user` is the
 * account as loaded before the decision); the worker forgets it once the email is sent.
 */
export function deletionDecidedJob(input: { request: AccountDeletionRequest; user: User }, now: Date): OutboxJob | null {
  const { request, user } = input;
  if (request.status === 'pending' || !user.email || user.erasedAt !== null) return null;
  return emailJob(
    {
      event: 'deletion_decided',
      recipient: { kind: 'address', userId: user.id, email: user.email, name: user.fullName },
      booking: null,
      details: { decision: request.status, reason: request.decisionReason },
      occurredAt: now.toISOString(),
    },
    `deletion_decided:${request.id}`,
  );
}

/** One line in decideDeletionRequest: queues the email in the same transaction. */
export async function notifyDeletionDecided(outbox: OutboxPort, input: { request: AccountDeletionRequest; user: User }, now: Date): Promise<void> {
  const job = deletionDecidedJob(input, now);
  if (job) await outbox.enqueue(job);
}

/** The accounts context's DeletionEmails port (tx.deletionEmails), as the adapters and the test doubles wire it. */
export const deletionEmails: DeletionEmails = { queueDecided: notifyDeletionDecided };
