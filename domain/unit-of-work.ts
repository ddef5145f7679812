import type { Result } from './shared/result';
import type { Repositories } from './repositories';

/**
 * Port: runs work in one database transaction. Returning a failed Result (or throwing
 * DomainFailure) rolls everything back, so nothing is ever half-saved. Concurrency failures
 * (serialization, exclusion, stale version) come back as a `conflict` DomainError.
 */
export interface UnitOfWork {
  transaction<T>(work: (tx: Repositories) => Promise<Result<T>>): Promise<Result<T>>;
  /** Repositories outside a transaction, for reads. */
  readonly read: Repositories;
}
