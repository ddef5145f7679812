import type { Id } from '../../shared/ids';
import type { Result } from '../../shared/result';
import type { AccountDeletionRequest } from './deletion-request';

/**
 * Port: account deletion requests. The database allows one pending request per user (a partial
 * unique index); `save` turns a violation into conflict 'DELETION_ALREADY_PENDING'.
 */
export interface DeletionRequestRepository {
  findById(id: Id): Promise<AccountDeletionRequest | null>;
  findPendingByUserId(userId: Id): Promise<AccountDeletionRequest | null>;
  /** Pending requests, oldest first (admin dashboard). */
  listPending(): Promise<AccountDeletionRequest[]>;
  listByUserId(userId: Id): Promise<AccountDeletionRequest[]>;
  save(request: AccountDeletionRequest): Promise<Result<void>>;
}
