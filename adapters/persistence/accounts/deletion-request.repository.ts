import type { EntityManager } from '@mikro-orm/postgresql';
import { parseDeletionRequest, type AccountDeletionRequest } from '../../../domain/accounts/erasure/deletion-request';
import type { DeletionRequestRepository } from '../../../domain/accounts/erasure/deletion-request.repository';
import { isId } from '../../../domain/shared/ids';
import { VersionTracker, columnValues, parseRows, saveVersionedRow, selectList } from './sql-rows';

const COLUMNS = {
  id: 'id',
  userId: 'user_id',
  reason: 'reason',
  status: 'status',
  requestedAt: 'requested_at',
  decidedAt: 'decided_at',
  decisionReason: 'decision_reason',
  adminId: 'admin_id',
} as const satisfies Record<keyof AccountDeletionRequest, string>;
const KEYS = Object.keys(COLUMNS) as (keyof AccountDeletionRequest)[];
const SELECT = `select ${selectList(COLUMNS)}, version from account_deletion_requests`;

/**
 * Account deletion requests. The partial unique index allows one pending request per user (a
 * second is 'DELETION_ALREADY_PENDING'); a decision on a request another admin decided
 * meanwhile fails on the version, so one decision wins and the other is told.
 */
export function createDeletionRequestRepository(em: EntityManager): DeletionRequestRepository {
  const tracker = new VersionTracker();
  const load = async (where: string, params: unknown[]): Promise<AccountDeletionRequest[]> => {
    const rows = await em.execute<(Record<string, unknown> & { id: string; version: number })[]>(`${SELECT} where ${where}`, params);
    tracker.rememberAll((row) => row.id, rows);
    return parseRows('account_deletion_requests', rows, parseDeletionRequest);
  };
  return {
    async findById(id) {
      return isId(id) ? ((await load('id = ?', [id]))[0] ?? null) : null;
    },
    async findPendingByUserId(userId) {
      return isId(userId) ? ((await load(`user_id = ? and status = 'pending'`, [userId]))[0] ?? null) : null;
    },
    listPending: () => load(`status = 'pending' order by requested_at, id`, []),
    async listByUserId(userId) {
      return isId(userId) ? load('user_id = ? order by requested_at desc, id', [userId]) : [];
    },
    save: (request) =>
      saveVersionedRow(em, {
        table: 'account_deletion_requests',
        key: 'id',
        id: request.id,
        columns: Object.values(COLUMNS),
        values: columnValues(request, KEYS),
        tracker,
      }),
  };
}
