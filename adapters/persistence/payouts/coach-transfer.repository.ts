import type { EntityManager } from '@mikro-orm/postgresql';
import { parseCoachTransfer, type CoachTransfer } from '../../../domain/payouts/coach-transfer';
import type { CoachTransferRepository } from '../../../domain/payouts/payouts.repository';
import { isId } from '../../../domain/shared/ids';
import { rebuild } from '../shared/stored-data';
import { saveVersioned } from './versioned-save';

export interface CoachTransferRow {
  booking_id: string;
  coach_id: string;
  coach_share_pence: number;
  platform_share_pence: number;
  commission_bps: number;
  status: string;
  transfer_id: string | null;
  reversed_pence: number;
  attempt: number;
  last_error: string | null;
  payout_id: string | null;
  released_at: Date;
  transferred_at: Date | null;
  paid_out_at: Date | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

export const transferOfRow = (r: CoachTransferRow): CoachTransfer =>
  rebuild('coach_transfers', parseCoachTransfer, {
    id: r.booking_id,
    bookingId: r.booking_id,
    coachId: r.coach_id,
    coachSharePence: r.coach_share_pence,
    platformSharePence: r.platform_share_pence,
    commissionBps: r.commission_bps,
    status: r.status,
    transferId: r.transfer_id,
    reversedPence: r.reversed_pence,
    attempt: r.attempt,
    lastError: r.last_error,
    payoutId: r.payout_id,
    releasedAt: r.released_at,
    transferredAt: r.transferred_at,
    paidOutAt: r.paid_out_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  } as Record<string, unknown>);

const COLUMNS = [
  'booking_id',
  'coach_id',
  'coach_share_pence',
  'platform_share_pence',
  'commission_bps',
  'status',
  'transfer_id',
  'reversed_pence',
  'attempt',
  'last_error',
  'payout_id',
  'released_at',
  'transferred_at',
  'paid_out_at',
  'created_at',
  'updated_at',
] as const;

/** One transfer of the coach's share per released booking (coach_transfers). */
export function createCoachTransferRepository(em: EntityManager): CoachTransferRepository {
  const many = async (sql: string, params: unknown[]) => (await em.execute<CoachTransferRow[]>(sql, params)).map(transferOfRow);
  const byBooking = async (bookingId: string, lock: boolean) =>
    isId(bookingId) ? ((await many(`select * from coach_transfers where booking_id = ?${lock ? ' for update' : ''}`, [bookingId]))[0] ?? null) : null;
  return {
    findByBooking: (bookingId) => byBooking(bookingId, false),
    findByBookingForUpdate: (bookingId) => byBooking(bookingId, true),
    findByTransferId: async (transferId) => (await many(`select * from coach_transfers where transfer_id = ?`, [transferId]))[0] ?? null,
    listWaitingForCoach: (coachId, limit) => many(`select * from coach_transfers where coach_id = ? and status = 'waiting' order by released_at, booking_id limit ? for update`, [coachId, limit]),
    listUnpaidOutForCoach: (coachId, before, limit) =>
      many(
        `select * from coach_transfers where coach_id = ? and transfer_id is not null and paid_out_at is null and transferred_at <= ?
         order by transferred_at, booking_id limit ? for update`,
        [coachId, before, limit],
      ),
    async save(t) {
      const row = await saveVersioned<CoachTransferRow>(em, {
        table: 'coach_transfers',
        key: 'booking_id',
        keyValue: t.bookingId,
        version: t.version,
        columns: COLUMNS,
        values: [
          t.bookingId,
          t.coachId,
          t.coachSharePence,
          t.platformSharePence,
          t.commissionBps,
          t.status,
          t.transferId,
          t.reversedPence,
          t.attempt,
          t.lastError,
          t.payoutId,
          t.releasedAt,
          t.transferredAt,
          t.paidOutAt,
          t.createdAt,
          t.updatedAt,
        ],
      });
      return transferOfRow(row);
    },
  };
}
