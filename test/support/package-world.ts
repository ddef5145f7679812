import { randomUUID } from 'node:crypto';
import type { Application } from '../../adapters/composition-root';
import type { TestDatabase } from './database';
import { insertPerson, type Person } from './booking-flow';
import { createTestBooking } from './fixtures/bookings';

/**
 * A paid package with its sessions in every state, made in SQL as the use cases leave them
 * (decisions 058–060), for the admin pages and DataDiagnostic's package ledger checks: 6 sessions
 * of 60 minutes for £200 (£33.33 each, £33.35 the last) plus the £3 admin fee, paid with the
 * offline test gateway's card payment INTENT.
 *
 * - credit 1 released: session A completed, its money released and its coach share (£26.67 at
 *   20 % commission) transferred from the package's card payment;
 * - credit 2 booked: session B confirmed;
 * - credit 3 available: session C was declined and gave its credit back;
 * - credit 4 refunded: a dispute refunded session E in full (£33.33 back to the card);
 * - credit 5 available;
 * - credit 6 used: session D was cancelled late, its money still held.
 *
 * `reset()` puts it all back, so a test can break it and the next find it whole.
 */
export const PACKAGE_INTENT = 'pi_test_package_world';
export const PACKAGE_ACCOUNT = 'acct_test_package_world';
export const PACKAGE_TRANSFER = 'tr_test_package_world';

export type SessionName = 'A' | 'B' | 'C' | 'D' | 'E';
export interface PackageWorld {
  readonly coach: Person;
  readonly client: Person;
  readonly purchaseId: string;
  readonly sessions: Readonly<Record<SessionName, { readonly id: string; readonly ref: string }>>;
  reset(): Promise<void>;
}

export async function createPackageWorld(app: Application, db: TestDatabase, names = { coach: 'Petra Package', client: 'Carl Credits' }): Promise<PackageWorld> {
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params);
  const coach = await insertPerson(db, { type: 'coach', name: names.coach });
  const client = await insertPerson(db, { type: 'client', name: names.client });
  const offerId = randomUUID();
  const purchaseId = randomUUID();
  await q(`insert into package_offers (id, coach_id, sessions, duration_minutes, total_price_pence, validity_weeks) values ($1, $2, 6, 60, 20000, 12)`, [offerId, coach.id]);
  await q(
    `insert into package_purchases (id, client_id, coach_id, offer_id, sessions, duration_minutes, total_price_pence, admin_fee_pence, payment_intent_id, paid_at, valid_until, created_at)
     values ($1, $2, $3, $4, 6, 60, 20000, 300, $5, now() - interval '10 days', now() + interval '74 days', now() - interval '10 days')`,
    [purchaseId, client.id, coach.id, offerId, PACKAGE_INTENT],
  );
  await q(`insert into test_gateway_intents (id, amount_pence, status, amount_received_pence, amount_refunded_pence, metadata) values ($1, 20300, 'succeeded', 20300, 3333, $2)`, [
    PACKAGE_INTENT,
    JSON.stringify({ purchase_id: purchaseId }),
  ]);
  await q(`insert into test_gateway_accounts (id, details_submitted, payouts_enabled) values ($1, true, true)`, [PACKAGE_ACCOUNT]);

  /** A session `daysAhead` days from now (a past one is made ahead, then moved back: it took place). */
  const session = async (daysAhead: number) => {
    const startsAt = new Date(Math.ceil(app.clock.now().getTime() / 3_600_000) * 3_600_000 + Math.abs(daysAhead) * 86_400_000);
    const b = await createTestBooking(app, { clientId: client.id, coachId: coach.id, startsAt, paid: false });
    if (daysAhead < 0) await q(`update bookings set starts_at = starts_at - $2 * interval '1 day', ends_at = ends_at - $2 * interval '1 day' where id = $1`, [b.id, -2 * daysAhead]);
    const [row] = await db.query<{ reference_code: string }>(`select reference_code from bookings where id = $1`, [b.id]);
    return { id: b.id, ref: row!.reference_code };
  };
  const sessions = { A: await session(-6), B: await session(3), C: await session(4), D: await session(5), E: await session(-7) };

  /** A session of the package, paid from a credit of `price`, as paidFromCredit leaves it, then `set`. */
  const asPackageSession = async (id: string, price: number, set: string) => {
    await q(
      `update bookings set package_purchase_id = $2, payment_intent_id = null, service_price_pence = $3, admin_fee_pence = 0, total_price_pence = $3,
         amount_authorized_pence = $3, amount_captured_pence = $3, amount_refunded_pence = 0, payment_status = 'captured', status = 'confirmed',
         payment_held_until = now() + interval '5 days', payment_released_at = null, completed_at = null, cancelled_at = null, cancelled_by = null,
         cancellation_reason = null, declined = false, dispute_status = null, dispute_outcome = null, dispute_refund_pence = null, dispute_reason = null where id = $1`,
      [id, purchaseId, price],
    );
    await q(`update bookings set ${set} where id = $1`, [id]);
  };

  const reset = async () => {
    const s = sessions;
    await q(`delete from coach_transfers where booking_id = any($1)`, [Object.values(s).map((b) => b.id)]);
    await q(`delete from test_gateway_transfers where source_intent_id = $1`, [PACKAGE_INTENT]);
    await q(`delete from package_credits where purchase_id = $1`, [purchaseId]);
    await q(`update package_purchases set admin_fee_refunded = false, admin_fee_charged_back_pence = 0 where id = $1`, [purchaseId]);
    await q(`update test_gateway_intents set amount_received_pence = 20300, amount_refunded_pence = 3333 where id = $1`, [PACKAGE_INTENT]);
    await asPackageSession(
      s.A.id,
      3333,
      `status = 'completed', completed_at = now() - interval '3 days', payment_status = 'released', payment_held_until = now() - interval '2 days', payment_released_at = now() - interval '2 days'`,
    );
    await asPackageSession(s.B.id, 3333, `status = 'confirmed'`);
    await asPackageSession(
      s.C.id,
      3333,
      `status = 'cancelled', declined = true, cancelled_by = 'coach', cancelled_at = now(), cancellation_reason = 'Away', payment_status = 'refunded', amount_refunded_pence = 3333, payment_held_until = null`,
    );
    await asPackageSession(s.D.id, 3335, `status = 'cancelled', cancelled_by = 'client', cancelled_at = now(), cancellation_reason = 'Ill'`);
    await asPackageSession(
      s.E.id,
      3333,
      `status = 'completed', completed_at = now() - interval '4 days', dispute_status = 'resolved', dispute_reason = 'No-show', dispute_outcome = 'refund_full', dispute_refund_pence = 3333,
       payment_status = 'refunded', amount_refunded_pence = 3333, payment_held_until = null`,
    );
    await q(
      `insert into package_credits (purchase_id, position, state, booking_id, released_at) values
         ($1, 0, 'released', $2, now() - interval '2 days'), ($1, 1, 'booked', $3, null), ($1, 2, 'available', null, null),
         ($1, 3, 'refunded', null, null), ($1, 4, 'available', null, null), ($1, 5, 'used', $4, null)`,
      [purchaseId, s.A.id, s.B.id, s.D.id],
    );
    await q(
      `insert into coach_transfers (booking_id, coach_id, coach_share_pence, platform_share_pence, commission_bps, status, transfer_id, released_at, transferred_at)
       values ($1, $2, 2667, 666, 2000, 'paid', $3, now() - interval '2 days', now() - interval '2 days')`,
      [s.A.id, coach.id, PACKAGE_TRANSFER],
    );
    await q(`insert into test_gateway_transfers (id, account_id, amount_pence, source_intent_id, transfer_group) values ($1, $2, 2667, $3, $4)`, [
      PACKAGE_TRANSFER,
      PACKAGE_ACCOUNT,
      PACKAGE_INTENT,
      s.A.ref,
    ]);
  };
  await reset();
  return { coach, client, purchaseId, sessions, reset };
}
