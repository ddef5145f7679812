import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainFailure } from '../../../domain/shared/errors';
import { err, ok, type Result } from '../../../domain/shared/result';
import { mapDatabaseError } from '../database-errors';

/**
 * Runs a write that the database may refuse (unique email, one pending deletion request, …) and
 * turns the refusal into a failed Result. Inside a transaction it runs in a SAVEPOINT, so a
 * refused statement does not poison the caller's transaction: the use case decides what happens
 * next. Anything that is not a known database refusal is rethrown.
 */
export async function refusable(em: EntityManager, write: (em: EntityManager) => Promise<void>): Promise<Result<void>> {
  try {
    if (em.isInTransaction()) await em.transactional((inner) => write(inner), { propagation: 'nested' });
    else await write(em);
    return ok(undefined);
  } catch (error) {
    if (error instanceof DomainFailure) return err(error.error);
    const mapped = mapDatabaseError(error);
    if (mapped) return err(mapped);
    throw error;
  }
}
