import type { EntityManager } from '@mikro-orm/postgresql';
import type { Chargeback } from '../../../domain/payouts/chargeback';
import { parseChargeback } from '../../../domain/payouts/chargeback-record';
import type { ChargebackRepository } from '../../../domain/payouts/payouts.repository';
import { isId } from '../../../domain/shared/ids';
import { rebuild } from '../shared/stored-data';

interface Row {
  id: string;
  booking_id: string;
  amount_pence: number;
  reason: string;
  status: string;
  opened_at: Date;
  closed_at: Date | null;
  transfer_reversed_pence: number;
}

const toDomain = (r: Row): Chargeback =>
  rebuild('chargebacks', parseChargeback, {
    id: r.id,
    bookingId: r.booking_id,
    amountPence: r.amount_pence,
    reason: r.reason,
    status: r.status,
    openedAt: r.opened_at,
    closedAt: r.closed_at,
    transferReversedPence: r.transfer_reversed_pence,
  } as Record<string, unknown>);

/** Card chargebacks (chargebacks), written from Stripe's charge.dispute.* events. */
export function createChargebackRepository(em: EntityManager): ChargebackRepository {
  return {
    async findById(id) {
      const rows = await em.execute<Row[]>(`select * from chargebacks where id = ?`, [id]);
      return rows[0] ? toDomain(rows[0]) : null;
    },
    async listForBooking(bookingId) {
      if (!isId(bookingId)) return [];
      return (await em.execute<Row[]>(`select * from chargebacks where booking_id = ? order by opened_at, id`, [bookingId])).map(toDomain);
    },
    async save(c) {
      const rows = await em.execute<Row[]>(
        `insert into chargebacks (id, booking_id, amount_pence, reason, status, opened_at, closed_at, transfer_reversed_pence, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, now())
         on conflict (id) do update set amount_pence = excluded.amount_pence, reason = excluded.reason, status = excluded.status,
           closed_at = excluded.closed_at, transfer_reversed_pence = excluded.transfer_reversed_pence, updated_at = now()
         returning *`,
        [c.id, c.bookingId, c.amountPence, c.reason, c.status, c.openedAt, c.closedAt, c.transferReversedPence],
      );
      return toDomain(rows[0]!);
    },
  };
}
