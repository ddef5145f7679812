import type { OutboxPort } from '../../shared/outbox';
import type { AccountDeletionRequest } from './deletion-request';
import type { User } from '../users/user';

/**
 * Port (tx.deletionEmails): queues the email that tells a person how their deletion request was
 * decided, in the caller's transaction. notifications/ builds the email (account-emails.ts), so
 * accounts depends on no context above it.
 */
export interface DeletionEmails {
  queueDecided(outbox: OutboxPort, input: { request: AccountDeletionRequest; user: User }, at: Date): Promise<void>;
}
