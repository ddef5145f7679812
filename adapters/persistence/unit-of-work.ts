import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainFailure, type DomainError } from '../../domain/shared/errors';
import { err, type Result } from '../../domain/shared/result';
import type { UnitOfWork } from '../../domain/unit-of-work';
import type { Repositories } from '../../domain/repositories';
import { mapDatabaseError } from './database-errors';
import type { Orm } from './orm';
import { lazyFork } from './lazy-fork';
import { makeRepositories } from './repositories';

/** Carries a failed Result out of `transactional` so that it rolls back. */
class Rollback extends Error {
  constructor(readonly failure: DomainError) {
    super(failure.message);
  }
}

/**
 * One per request or CLI command: its own forked EntityManager, so no identity map is shared
 * between requests. Each `transaction` runs on a fresh fork inside BEGIN ... COMMIT.
 */
export class MikroUnitOfWork implements UnitOfWork {
  readonly #reads: () => EntityManager;
  #read: Repositories | undefined;

  constructor(private readonly orm: Orm) {
    this.#reads = lazyFork(orm);
  }

  /** The fork this unit of work reads through outside transactions, made on first use. */
  get readEm(): EntityManager {
    return this.#reads();
  }

  get read(): Repositories {
    this.#read ??= makeRepositories(this.readEm);
    return this.#read;
  }

  async transaction<T>(work: (tx: Repositories) => Promise<Result<T>>): Promise<Result<T>> {
    const em = this.orm.em.fork() as EntityManager;
    try {
      return await em.transactional(async (txEm) => {
        const result = await work(makeRepositories(txEm));
        if (!result.ok) throw new Rollback(result.error);
        return result;
      });
    } catch (error) {
      if (error instanceof Rollback) return err(error.failure);
      if (error instanceof DomainFailure) return err(error.error);
      const mapped = mapDatabaseError(error);
      if (mapped) return err(mapped);
      throw error;
    }
  }
}
