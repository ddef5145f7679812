import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainFailure, type DomainError } from '../../../domain/shared/errors';
import type { IdSource } from '../../../domain/shared/ids';
import { err, type Result } from '../../../domain/shared/result';
import type { Repositories } from '../../../domain/repositories';
import { mapDatabaseError } from '../database-errors';
import { AuditLogEntity } from '../entities/index';
import type { Orm } from '../orm';
import { makeRepositories } from '../repositories';
import { MikroUnitOfWork } from '../unit-of-work';

/** One line of audit_log: who (an administrator) did what to which record. */
export interface AuditEntry {
  readonly actorId: string;
  /** 'user.remove', 'deletion_request.approve', 'dispute.resolve', … */
  readonly action: string;
  readonly targetType: 'user' | 'deletion_request' | 'booking';
  readonly targetId: string;
  readonly details?: Record<string, unknown>;
  /** Where the action came from: 'web' or 'cli'. */
  readonly via: 'web' | 'cli';
}

class Rollback extends Error {
  constructor(readonly failure: DomainError) {
    super(failure.message);
  }
}

/**
 * A unit of work that writes one audit_log row inside the first transaction that succeeds, so an
 * admin action and its audit line commit together or not at all. The use case does not know:
 * the edge (page action or CLI command) wraps the deps of the call it audits.
 */
export class AuditedUnitOfWork extends MikroUnitOfWork {
  #recorded = false;

  constructor(
    private readonly ormRef: Orm,
    private readonly ids: IdSource,
    private readonly entry: AuditEntry,
  ) {
    super(ormRef);
  }

  get recorded(): boolean {
    return this.#recorded;
  }

  override async transaction<T>(work: (tx: Repositories) => Promise<Result<T>>): Promise<Result<T>> {
    const em = this.ormRef.em.fork() as EntityManager;
    try {
      return await em.transactional(async (txEm) => {
        const result = await work(makeRepositories(txEm as EntityManager));
        if (!result.ok) throw new Rollback(result.error);
        if (!this.#recorded) {
          await (txEm as EntityManager).insert(AuditLogEntity, {
            id: this.ids.newId(),
            actorId: this.entry.actorId,
            action: this.entry.action,
            targetType: this.entry.targetType,
            targetId: this.entry.targetId,
            details: { via: this.entry.via, ...(this.entry.details ?? {}) },
            createdAt: new Date(),
          });
          this.#recorded = true;
        }
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

/** The deps of one audited use-case call: the same ports, with the audited unit of work. */
export function auditedDeps<D extends { uow: MikroUnitOfWork; ids: IdSource }>(deps: D, orm: Orm, entry: AuditEntry): D {
  return { ...deps, uow: new AuditedUnitOfWork(orm, deps.ids, entry) };
}
