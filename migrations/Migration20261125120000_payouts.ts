import { Migration } from '@mikro-orm/migrations';

/**
 * Coach payouts through Stripe Connect (decision 012): each coach's connected
 * account, one transfer of the coach's share per released booking, card chargebacks, and the
 * offline test gateway's stand-ins for Connect (accounts, transfers, payouts).
 */
export class Migration20261125120000_payouts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payout_accounts (
        coach_id uuid primary key references users (id) on delete restrict,
        account_id text not null,
        details_submitted boolean not null default false,
        payouts_enabled boolean not null default false,
        requirements_due text[] not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        version integer not null default 1
      );`);
    this.addSql(`create unique index payout_accounts_account_unique on payout_accounts (account_id);`);

    this.addSql(`
      create table coach_transfers (
        booking_id uuid primary key references bookings (id) on delete restrict,
        coach_id uuid not null references users (id) on delete restrict,
        -- What the client paid net of refunds, split: coach share + platform share.
        coach_share_pence integer not null check (coach_share_pence >= 0),
        platform_share_pence integer not null check (platform_share_pence >= 0),
        commission_bps integer not null check (commission_bps between 0 and 10000),
        status text not null check (status in ('waiting', 'pending', 'paid', 'failed', 'reversed', 'partially_reversed', 'not_required')),
        transfer_id text,
        reversed_pence integer not null default 0 check (reversed_pence >= 0 and reversed_pence <= coach_share_pence),
        attempt integer not null default 1 check (attempt >= 1),
        last_error text,
        payout_id text,
        released_at timestamptz not null,
        transferred_at timestamptz,
        paid_out_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        version integer not null default 1,
        constraint coach_transfers_paid_has_id check (status not in ('paid', 'reversed', 'partially_reversed') or transfer_id is not null)
      );`);
    this.addSql(`create unique index coach_transfers_transfer_unique on coach_transfers (transfer_id) where transfer_id is not null;`);
    // The Earnings page pages a coach's lines newest first; waiting transfers are found per coach.
    this.addSql(`create index coach_transfers_by_coach on coach_transfers (coach_id, released_at desc, booking_id desc);`);
    this.addSql(`create index coach_transfers_by_status on coach_transfers (status, released_at desc, booking_id desc);`);

    this.addSql(`
      create table chargebacks (
        id text primary key,
        booking_id uuid not null references bookings (id) on delete restrict,
        amount_pence integer not null check (amount_pence > 0),
        reason text not null,
        status text not null check (status in ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost', 'prevented')),
        opened_at timestamptz not null,
        closed_at timestamptz,
        transfer_reversed_pence integer not null default 0 check (transfer_reversed_pence >= 0),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index chargebacks_by_booking on chargebacks (booking_id);`);
    this.addSql(`create index chargebacks_by_opened on chargebacks (opened_at desc, id desc);`);

    // The offline test gateway's Connect (no keys configured): its state in PostgreSQL like its intents.
    this.addSql(`
      create table test_gateway_accounts (
        id text primary key,
        email text,
        details_submitted boolean not null default false,
        payouts_enabled boolean not null default false,
        requirements_due text[] not null default '{individual.bank_account}',
        sort_code text,
        account_last4 text,
        metadata jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table test_gateway_transfers (
        id text primary key,
        account_id text not null references test_gateway_accounts (id),
        amount_pence integer not null check (amount_pence > 0),
        reversed_pence integer not null default 0 check (reversed_pence >= 0 and reversed_pence <= amount_pence),
        source_intent_id text not null,
        transfer_group text not null,
        payout_id text,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index test_gateway_transfers_unpaid on test_gateway_transfers (account_id) where payout_id is null;`);
    this.addSql(`
      create table test_gateway_payouts (
        id text primary key,
        account_id text not null references test_gateway_accounts (id),
        amount_pence integer not null,
        arrival_date timestamptz not null,
        created_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    for (const table of ['test_gateway_payouts', 'test_gateway_transfers', 'test_gateway_accounts', 'chargebacks', 'coach_transfers', 'payout_accounts']) this.addSql(`drop table if exists ${table};`);
  }
}
