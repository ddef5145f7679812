import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 47, decision 055: a booking's whole story. The bookings, coach_transfers and chargebacks
 * rows hold only their present state, so every change of what the timeline shows is kept in
 * booking_history, one row per change, holding the state after it (the domain's builder reads
 * the differences). Filled by triggers, not by the application: each of the dozen use cases,
 * the payment worker, the webhooks and the erasure's plain SQL change these rows, and one that
 * forgot would leave a hole in the story.
 * - `at` is the row's own updated_at (the application's clock, which tests move), `xact_id`
 *   the transaction: audit_log gets the same column, so an administrator's audited action is
 *   matched to exactly the changes it made (who, by name, and whether from the web or the CLI).
 * - No free text is kept (reasons, notes): what people typed stays in its one place, the booking
 *   row, where erasure redacts it (decision 038); the timeline reads it from there.
 * - Bookings made before this migration get one 'backfill' row of their state now.
 */
const BOOKING_STATE = `jsonb_build_object(
  'status', b.status, 'paymentStatus', b.payment_status,
  'authorizedPence', b.amount_authorized_pence, 'capturedPence', b.amount_captured_pence, 'refundedPence', b.amount_refunded_pence,
  'startsAt', b.starts_at, 'durationMinutes', b.duration_minutes,
  'cancelledBy', b.cancelled_by, 'declined', b.declined,
  'rescheduleStatus', b.reschedule_status, 'rescheduleRequestedBy', b.reschedule_requested_by, 'rescheduleProposedStartsAt', b.reschedule_proposed_starts_at,
  'clientArrivedAt', b.client_arrived_at, 'coachArrivedAt', b.coach_arrived_at,
  'clientCompletedAt', b.client_completed_at, 'coachCompletedAt', b.coach_completed_at,
  'disputeStatus', b.dispute_status, 'disputeOpenedBy', b.dispute_opened_by,
  'disputeOutcome', b.dispute_outcome, 'disputeRefundPence', b.dispute_refund_pence, 'disputeResolvedBy', b.dispute_resolved_by,
  'paymentReleasedAt', b.payment_released_at)`;

const TRANSFER_STATE = `jsonb_build_object(
  'status', t.status, 'coachSharePence', t.coach_share_pence, 'platformSharePence', t.platform_share_pence,
  'commissionBps', t.commission_bps, 'reversedPence', t.reversed_pence, 'attempt', t.attempt,
  'transferId', t.transfer_id, 'lastError', t.last_error, 'payoutId', t.payout_id)`;

const CHARGEBACK_STATE = `jsonb_build_object(
  'id', c.id, 'status', c.status, 'amountPence', c.amount_pence, 'reason', c.reason, 'transferReversedPence', c.transfer_reversed_pence)`;

interface Recorded {
  readonly name: string;
  readonly table: string;
  readonly source: 'booking' | 'transfer' | 'chargeback';
  readonly state: string;
  readonly alias: string;
  /** The row's key, and the column naming its booking. */
  readonly key: string;
  readonly bookingId: string;
}

const RECORDED: readonly Recorded[] = [
  { name: 'booking_history_of_booking', table: 'bookings', source: 'booking', state: BOOKING_STATE, alias: 'b', key: 'id', bookingId: 'id' },
  { name: 'booking_history_of_transfer', table: 'coach_transfers', source: 'transfer', state: TRANSFER_STATE, alias: 't', key: 'booking_id', bookingId: 'booking_id' },
  { name: 'booking_history_of_chargeback', table: 'chargebacks', source: 'chargeback', state: CHARGEBACK_STATE, alias: 'c', key: 'id', bookingId: 'booking_id' },
];

const stateOf = (r: Recorded, row: string) => r.state.replace(new RegExp(`\\b${r.alias}\\.`, 'g'), `${row}.`);

/**
 * Statement-level triggers over the transition tables: one set-based insert a statement, so a
 * bulk load (the scale tests, the bench's dataset) costs one INSERT ... SELECT, not a call a row.
 * An update keeps the rows whose state changed; a change that did not move updated_at (plain SQL)
 * happened now. (A trigger with transition tables has one event, hence two a table.)
 */
function recorders(r: Recorded): string[] {
  return [
    `create function ${r.name}_insert() returns trigger language plpgsql as $$
     begin
       insert into booking_history (booking_id, source, operation, at, state)
         select n.${r.bookingId}, '${r.source}', 'insert', coalesce(n.updated_at, now()), ${stateOf(r, 'n')} from new_rows n;
       return null;
     end $$;`,
    `create function ${r.name}_update() returns trigger language plpgsql as $$
     begin
       insert into booking_history (booking_id, source, operation, at, state)
         select n.${r.bookingId}, '${r.source}', 'update', case when n.updated_at is distinct from o.updated_at then n.updated_at else now() end, ${stateOf(r, 'n')}
           from new_rows n join old_rows o on o.${r.key} = n.${r.key}
          where ${stateOf(r, 'n')} is distinct from ${stateOf(r, 'o')};
       return null;
     end $$;`,
    `create trigger ${r.name}_insert after insert on ${r.table} referencing new table as new_rows for each statement execute function ${r.name}_insert();`,
    `create trigger ${r.name}_update after update on ${r.table} referencing old table as old_rows new table as new_rows for each statement execute function ${r.name}_update();`,
  ];
}

export class Migration20261203170000_booking_history extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table booking_history (
        id bigint generated always as identity primary key,
        booking_id uuid not null references bookings (id) on delete cascade,
        source text not null check (source in ('booking', 'transfer', 'chargeback')),
        operation text not null check (operation in ('insert', 'update', 'backfill')),
        at timestamptz not null,
        xact_id xid8 not null default pg_current_xact_id(),
        state jsonb not null
      );`);
    this.addSql(`create index booking_history_by_booking on booking_history (booking_id, id);`);
    // Existing rows keep a null: only actions audited from now on are matched to their changes.
    this.addSql(`alter table audit_log add column xact_id xid8;`);
    this.addSql(`alter table audit_log alter column xact_id set default pg_current_xact_id();`);

    for (const r of RECORDED) for (const sql of recorders(r)) this.addSql(sql);

    this.addSql(
      `insert into booking_history (booking_id, source, operation, at, state) select b.id, 'booking', 'backfill', b.updated_at, ${BOOKING_STATE} from bookings b order by b.created_at, b.id;`,
    );
    this.addSql(
      `insert into booking_history (booking_id, source, operation, at, state) select t.booking_id, 'transfer', 'backfill', t.updated_at, ${TRANSFER_STATE} from coach_transfers t order by t.released_at;`,
    );
    this.addSql(
      `insert into booking_history (booking_id, source, operation, at, state) select c.booking_id, 'chargeback', 'backfill', c.updated_at, ${CHARGEBACK_STATE} from chargebacks c order by c.opened_at;`,
    );
  }

  override async down(): Promise<void> {
    for (const r of RECORDED) {
      this.addSql(`drop trigger if exists ${r.name}_update on ${r.table};`);
      this.addSql(`drop trigger if exists ${r.name}_insert on ${r.table};`);
      this.addSql(`drop function if exists ${r.name}_update();`);
      this.addSql(`drop function if exists ${r.name}_insert();`);
    }
    this.addSql('alter table audit_log drop column if exists xact_id;');
    this.addSql('drop table if exists booking_history;');
  }
}
