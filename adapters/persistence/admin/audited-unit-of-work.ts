import { TransactionContext } from '@mikro-orm/core';
import type { IdSource } from '../../../domain/shared/ids';
import type { Result } from '../../../domain/shared/result';
import type { UnitOfWork } from '../../../domain/unit-of-work';
import type { Repositories } from '../../../domain/repositories';
import type { Orm } from '../orm';
import { MikroUnitOfWork } from '../unit-of-work';

/** One line of audit_log: who (an administrator) did what to which record. */
export interface AuditEntry {
  readonly actorId: string;
  /** 'user.remove', 'deletion_request.approve', 'dispute.resolve', … */
  readonly action: string;
  readonly targetType: 'user' | 'deletion_request' | 'booking' | 'package_purchase';
  readonly targetId: string;
  readonly details?: Record<string, unknown>;
  /** Where the action came from: 'web' or 'cli'. */
  readonly via: 'web' | 'cli';
}

const INSERT = 'insert into audit_log (id, actor_id, action, target_type, target_id, details) values (?, ?, ?, ?, ?, ?::jsonb)';

/**
 * Wraps the application's unit of work so that the first transaction that succeeds also writes
 * one audit_log row: an admin action and its audit line commit together or not at all. The use
 * case does not know; the edge (page action or CLI command) wraps the deps of the call it audits.
 * The row is written on the transaction's own connection (MikroORM's TransactionContext), with
 * plain SQL, so it works from the Remix build as well as from source.
 */
export class AuditedUnitOfWork extends MikroUnitOfWork {
  #recorded = false;

  constructor(
    orm: Orm,
    private readonly inner: UnitOfWork,
    private readonly ids: IdSource,
    private readonly entry: AuditEntry,
  ) {
    super(orm);
  }

  get recorded(): boolean {
    return this.#recorded;
  }

  override get read(): Repositories {
    return this.inner.read;
  }

  override async transaction<T>(work: (tx: Repositories) => Promise<Result<T>>): Promise<Result<T>> {
    let wrote = false;
    const result = await this.inner.transaction(async (tx) => {
      const outcome = await work(tx);
      if (!outcome.ok || this.#recorded) return outcome;
      const em = TransactionContext.getEntityManager();
      const trx: unknown = em?.getTransactionContext();
      if (!em || !trx) throw new Error('audit_log: no transaction to write in');
      const details = JSON.stringify({ via: this.entry.via, ...(this.entry.details ?? {}) });
      await em.getConnection().execute(INSERT, [this.ids.newId(), this.entry.actorId, this.entry.action, this.entry.targetType, this.entry.targetId, details], 'run', trx);
      wrote = true;
      return outcome;
    });
    if (result.ok && wrote) this.#recorded = true;
    return result;
  }
}

/** The deps of one audited use-case call: the same ports, with the audited unit of work. */
export function auditedDeps<D extends { uow: MikroUnitOfWork; ids: IdSource }>(deps: D, orm: Orm, entry: AuditEntry): D {
  return { ...deps, uow: new AuditedUnitOfWork(orm, deps.uow, deps.ids, entry) };
}
