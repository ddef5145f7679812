import type { EntityManager } from '@mikro-orm/postgresql';
import type { PackageCheckout } from '../../../domain/packages/package-checkout';
import { disputeRefundedOf, type CreditState, type PackagePurchase } from '../../../domain/packages/package-purchase';
import type { PackagePurchaseRepository, StoredPurchase } from '../../../domain/packages/package-purchase.repository';
import { invalid, DomainFailure } from '../../../domain/shared/errors';
import { isId } from '../../../domain/shared/ids';
import { isSessionMinutes } from '../../../domain/shared/session-lengths';
import { chargebackStatusOf } from '../../../domain/payouts/chargeback';

interface PurchaseRow {
  id: string;
  client_id: string;
  coach_id: string;
  offer_id: string | null;
  series_id: string | null;
  title: string | null;
  sessions: number;
  duration_minutes: number;
  total_price_pence: number;
  admin_fee_pence: number;
  validity_weeks: number;
  payment_intent_id: string | null;
  paid_at: Date | string | null;
  valid_until: Date | string | null;
  admin_fee_refunded: boolean;
  admin_fee_charged_back_pence: number;
  created_at: Date | string;
  credits: CreditRow[] | null;
  coach_name?: string | null;
}

interface ChargebackRow {
  id: string;
  purchase_id: string;
  amount_pence: number;
  reason: string;
  status: string;
  opened_at: Date | string;
  closed_at: Date | string | null;
  applied_at: Date | string | null;
  uncovered_pence: number;
}

interface CreditRow {
  position: number;
  state: CreditState['kind'];
  booking_id: string | null;
  released_at: string | null;
  taken_pence: number;
  reversed_pence: number;
  was_released: boolean;
  refunded_pence: number | null;
}

/** The purchase's columns, its validity in weeks (from its offer) and its credits in order, as one row. */
const SELECT = `
  select p.id, p.client_id, p.coach_id, p.offer_id, p.series_id, p.title, p.sessions, p.duration_minutes, p.total_price_pence, p.admin_fee_pence,
         coalesce(o.validity_weeks, 0) as validity_weeks, p.payment_intent_id, p.paid_at, p.valid_until, p.admin_fee_refunded, p.admin_fee_charged_back_pence, p.created_at,
         (select json_agg(json_build_object('position', c.position, 'state', c.state, 'booking_id', c.booking_id, 'released_at', c.released_at,
                                            'taken_pence', c.taken_pence, 'reversed_pence', c.reversed_pence, 'was_released', c.was_released,
                                            'refunded_pence', c.refunded_pence) order by c.position)
            from package_credits c where c.purchase_id = p.id) as credits
    from package_purchases p left join package_offers o on o.id = p.offer_id`;

const corrupt = (id: string, why: string) => new DomainFailure(invalid('INVALID_PURCHASE_ROW', `Stored purchase ${id} ${why}.`));

/** A dispute's part refund of the session, when there was one. */
const disputed = (row: CreditRow): { refundedPence?: number } => (row.refunded_pence ? { refundedPence: row.refunded_pence } : {});

function creditOf(row: CreditRow, purchaseId: string): CreditState {
  const needsBooking = (): string => {
    if (!isId(row.booking_id)) throw corrupt(purchaseId, `has a ${row.state} credit without its booking`);
    return row.booking_id;
  };
  switch (row.state) {
    case 'available':
    case 'refunded':
      return { kind: row.state };
    case 'booked':
      return { kind: 'booked', bookingId: needsBooking() };
    case 'used':
      return { kind: 'used', bookingId: needsBooking(), ...disputed(row) };
    case 'released':
      if (row.released_at === null) throw corrupt(purchaseId, 'has a released credit without its time');
      return { kind: 'released', bookingId: needsBooking(), releasedAt: new Date(row.released_at), ...disputed(row) };
    case 'charged_back':
      return { kind: 'charged_back', takenPence: row.taken_pence, reversedPence: row.reversed_pence, wasReleased: row.was_released, ...disputed(row) };
    default:
      throw corrupt(purchaseId, `has a credit in an unknown state`);
  }
}

function storedOf(row: PurchaseRow): StoredPurchase {
  if (!isSessionMinutes(row.duration_minutes)) throw corrupt(row.id, 'has a session length FACT does not offer');
  const checkout: PackageCheckout = {
    id: row.id,
    clientId: row.client_id,
    coachId: row.coach_id,
    offerId: row.offer_id,
    seriesId: row.series_id,
    title: row.title,
    sessions: row.sessions,
    durationMinutes: row.duration_minutes,
    totalPricePence: row.total_price_pence,
    adminFeePence: row.admin_fee_pence,
    validityWeeks: row.validity_weeks,
    paymentIntentId: row.payment_intent_id,
    createdAt: new Date(row.created_at),
  };
  if (row.paid_at === null || row.valid_until === null) return { checkout, purchase: null };
  const credits = (row.credits ?? []).map((c) => creditOf(c, row.id));
  if (credits.length !== row.sessions) throw corrupt(row.id, `has ${credits.length} credits for ${row.sessions} sessions`);
  const purchase: PackagePurchase = {
    id: row.id,
    clientId: row.client_id,
    coachId: row.coach_id,
    offerId: row.offer_id,
    seriesId: row.series_id,
    title: row.title,
    sessions: row.sessions,
    durationMinutes: row.duration_minutes,
    totalPricePence: row.total_price_pence,
    adminFeePence: row.admin_fee_pence,
    purchasedAt: new Date(row.paid_at),
    validUntil: new Date(row.valid_until),
    credits,
    adminFeeRefunded: row.admin_fee_refunded,
    adminFeeChargedBackPence: row.admin_fee_charged_back_pence,
  };
  return { checkout, purchase };
}

function creditColumns(c: CreditState): [string | null, Date | null, number, number, boolean, number] {
  const refunded = disputeRefundedOf(c);
  switch (c.kind) {
    case 'available':
    case 'refunded':
      return [null, null, 0, 0, false, 0];
    case 'booked':
    case 'used':
      return [c.bookingId, null, 0, 0, false, refunded];
    case 'released':
      return [c.bookingId, c.releasedAt, 0, 0, false, refunded];
    case 'charged_back':
      return [null, null, c.takenPence, c.reversedPence, c.wasReleased, refunded];
  }
}

/** Package purchases in PostgreSQL (package_purchases and their package_credits). */
export function createPackagePurchaseRepository(em: EntityManager): PackagePurchaseRepository {
  const byId = async (id: string, lock: boolean): Promise<StoredPurchase | null> => {
    if (!isId(id)) return null;
    // The purchase row is the lock: credits change only with their purchase held.
    if (lock) await em.execute(`select 1 from package_purchases where id = ? for update`, [id]);
    const rows = await em.execute<PurchaseRow[]>(`${SELECT} where p.id = ?`, [id]);
    return rows[0] ? storedOf(rows[0]) : null;
  };
  return {
    findById: (id) => byId(id, false),
    findByIdForUpdate: (id) => byId(id, true),
    async findOpenCheckout(clientId, offerId) {
      const rows = await em.execute<PurchaseRow[]>(`${SELECT} where p.client_id = ? and p.offer_id = ? and p.paid_at is null order by p.created_at desc, p.id desc limit 1`, [clientId, offerId]);
      return rows[0] ? storedOf(rows[0]).checkout : null;
    },
    async insertCheckout(c) {
      await em.execute(
        `insert into package_purchases (id, client_id, coach_id, offer_id, series_id, title, sessions, duration_minutes, total_price_pence, admin_fee_pence, payment_intent_id, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [c.id, c.clientId, c.coachId, c.offerId, c.seriesId, c.title, c.sessions, c.durationMinutes, c.totalPricePence, c.adminFeePence, c.paymentIntentId, c.createdAt],
      );
    },
    async recordIntent(id, paymentIntentId) {
      await em.execute(`update package_purchases set payment_intent_id = ?, updated_at = now(), version = version + 1 where id = ? and paid_at is null`, [paymentIntentId, id]);
    },
    async markPaid(p) {
      await em.execute(`update package_purchases set paid_at = ?, valid_until = ?, updated_at = now(), version = version + 1 where id = ? and paid_at is null`, [p.purchasedAt, p.validUntil, p.id]);
      const values = p.credits.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
      const params = p.credits.flatMap((c, position) => [p.id, position, c.kind, ...creditColumns(c)]);
      await em.execute(`insert into package_credits (purchase_id, position, state, booking_id, released_at, taken_pence, reversed_pence, was_released, refunded_pence) values ${values}`, params);
    },
    async saveCredits(p) {
      await em.execute(`update package_purchases set admin_fee_refunded = ?, admin_fee_charged_back_pence = ?, updated_at = now(), version = version + 1 where id = ?`, [
        p.adminFeeRefunded,
        p.adminFeeChargedBackPence,
        p.id,
      ]);
      // One statement for every credit: each position gets its new state.
      const rows = p.credits.map(() => '(?::int, ?::text, ?::uuid, ?::timestamptz, ?::int, ?::int, ?::boolean, ?::int)').join(', ');
      const params = p.credits.flatMap((c, position) => [position, c.kind, ...creditColumns(c)]);
      await em.execute(
        `update package_credits c set state = v.state, booking_id = v.booking_id, released_at = v.released_at, taken_pence = v.taken_pence, reversed_pence = v.reversed_pence, was_released = v.was_released,
                                      refunded_pence = v.refunded_pence
           from (values ${rows}) as v(position, state, booking_id, released_at, taken_pence, reversed_pence, was_released, refunded_pence)
          where c.purchase_id = ? and c.position = v.position`,
        [...params, p.id],
      );
    },
    async findByIntentId(intentId) {
      const rows = await em.execute<PurchaseRow[]>(`${SELECT} where p.payment_intent_id = ?`, [intentId]);
      return rows[0] ? storedOf(rows[0]) : null;
    },
    async findChargeback(id) {
      const rows = await em.execute<ChargebackRow[]>('select * from package_chargebacks where id = ?', [id]);
      const r = rows[0];
      if (!r) return null;
      const status = chargebackStatusOf(r.status);
      if (status === null) throw corrupt(r.purchase_id, `has a chargeback in an unknown state`);
      return {
        id: r.id,
        purchaseId: r.purchase_id,
        amountPence: r.amount_pence,
        reason: r.reason,
        status,
        openedAt: new Date(r.opened_at),
        closedAt: r.closed_at === null ? null : new Date(r.closed_at),
        appliedAt: r.applied_at === null ? null : new Date(r.applied_at),
        uncoveredPence: r.uncovered_pence,
      };
    },
    async saveChargeback(c) {
      await em.execute(
        `insert into package_chargebacks (id, purchase_id, amount_pence, reason, status, opened_at, closed_at, applied_at, uncovered_pence) values (?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (id) do update set amount_pence = excluded.amount_pence, reason = excluded.reason, status = excluded.status, closed_at = excluded.closed_at,
                                        applied_at = excluded.applied_at, uncovered_pence = excluded.uncovered_pence`,
        [c.id, c.purchaseId, c.amountPence, c.reason, c.status, c.openedAt, c.closedAt, c.appliedAt, c.uncoveredPence],
      );
    },
    async listEndingWithUnusedCredits(from, to, limit) {
      const rows = await em.execute<PurchaseRow[]>(
        `${SELECT} where p.paid_at is not null and p.series_id is null and p.valid_until >= ? and p.valid_until < ?
            and exists (select 1 from package_credits c where c.purchase_id = p.id and c.state = 'available')
          order by p.valid_until, p.id limit ?`,
        [from, to, limit],
      );
      return rows.flatMap((row) => storedOf(row).purchase ?? []);
    },
    async listExpiredWithUnusedCredits(now, limit) {
      const rows = await em.execute<{ id: string }[]>(
        `select p.id from package_purchases p
          where p.paid_at is not null and p.valid_until <= ? and exists (select 1 from package_credits c where c.purchase_id = p.id and c.state = 'available')
          order by p.valid_until, p.id limit ?`,
        [now, limit],
      );
      return rows.map((r) => r.id);
    },
    async listPaidForClient(clientId) {
      if (!isId(clientId)) return [];
      const rows = await em.execute<PurchaseRow[]>(
        `select s.*, u.full_name as coach_name from (${SELECT} where p.client_id = ? and p.paid_at is not null and p.series_id is null) s join users u on u.id = s.coach_id order by s.paid_at desc, s.id desc limit 50`,
        [clientId],
      );
      return rows.flatMap((row) => {
        const { purchase } = storedOf(row);
        return purchase ? [{ purchase, coachName: row.coach_name ?? 'Coach' }] : [];
      });
    },
  };
}
