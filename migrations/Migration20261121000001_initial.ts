import { Migration } from '@mikro-orm/migrations';

/**
 * The whole first schema. Written by hand because the constraints that protect the data
 * (exclusion, partial unique, checks) are beyond what a schema diff generates.
 */
export class Migration20261121000001_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(`
      create table users (
        id uuid primary key,
        email text,
        email_verified_at timestamptz,
        password_hash text,
        google_id text,
        full_name text,
        phone text,
        bio text,
        avatar_url text,
        location_address text,
        role text not null default 'user' check (role in ('user', 'admin')),
        user_type text not null default 'client' check (user_type in ('user', 'client', 'coach')),
        is_active boolean not null default true,
        deactivated_at timestamptz,
        deactivation_reason text,
        deactivated_by uuid references users (id) on delete set null,
        erased_at timestamptz,
        session_version integer not null default 1,
        preferred_coaching_types text[] not null default '{}',
        preferred_session_times text[] not null default '{}',
        video_clip_1 text,
        video_clip_2 text,
        video_clip_3 text,
        email_preferences jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        version integer not null default 1,
        search_document text generated always as (
          lower(coalesce(full_name, '') || ' ' || coalesce(bio, '') || ' ' || coalesce(location_address, ''))
        ) stored,
        constraint users_email_lower check (email = lower(email)),
        constraint users_email_length check (email is null or char_length(email) between 5 and 255),
        constraint users_active_matches_deactivation check (is_active = (deactivated_at is null))
      );`);
    this.addSql(`create unique index users_email_unique on users (email);`);
    this.addSql(`create unique index users_google_id_unique on users (google_id);`);
    this.addSql(`create index users_type_created on users (user_type, created_at desc, id desc);`);
    this.addSql(`create index users_full_name_trgm on users using gin (lower(full_name) gin_trgm_ops);`);
    this.addSql(`create index users_email_trgm on users using gin (email gin_trgm_ops);`);

    this.addSql(`
      create table coach_profiles (
        user_id uuid primary key references users (id) on delete restrict,
        credentials text[] not null default '{}',
        services_offered text[] not null default '{}',
        hourly_rate_pence integer not null default 5000 check (hourly_rate_pence between 100 and 100000),
        age_groups text[] not null default '{}',
        service_radius_miles integer not null default 25 check (service_radius_miles between 0 and 500),
        is_verified boolean not null default false,
        rating numeric(2, 1) not null default 0 check (rating between 0 and 5),
        review_count integer not null default 0 check (review_count >= 0),
        total_sessions integer not null default 0 check (total_sessions >= 0),
        is_listed boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        version integer not null default 1,
        constraint coach_services_known check (services_offered <@ array['striker','midfield','defense','goalkeeping','fitness_conditioning','tactical_analysis']::text[])
      );`);
    this.addSql(`create index coach_profiles_services on coach_profiles using gin (services_offered);`);
    this.addSql(`create index coach_profiles_rate_listing on coach_profiles (hourly_rate_pence, user_id) where is_listed;`);
    this.addSql(`create index coach_profiles_listing on coach_profiles (rating desc, total_sessions desc, user_id) where is_listed;`);
    this.addSql(`create index users_search_trgm on users using gin (search_document gin_trgm_ops) where user_type = 'coach';`);
    this.addSql(`create index users_location_trgm on users using gin (lower(location_address) gin_trgm_ops) where user_type = 'coach';`);

    this.addSql(`
      create table availability_periods (
        id uuid primary key,
        coach_id uuid not null references users (id) on delete cascade,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        location_override text,
        notes text,
        is_available boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint availability_end_after_start check (ends_at > starts_at)
      );`);
    this.addSql(`create index availability_by_coach on availability_periods (coach_id, starts_at);`);

    this.addSql(`
      create table bookings (
        id uuid primary key,
        reference_code text not null,
        client_id uuid not null references users (id) on delete restrict,
        coach_id uuid not null references users (id) on delete restrict,
        -- SPEC's legacy user_id always equals client_id.
        user_id uuid generated always as (client_id) stored,
        service_type text not null check (service_type in ('striker','midfield','defense','goalkeeping','fitness_conditioning','tactical_analysis')),
        starts_at timestamptz not null,
        duration_minutes integer not null check (duration_minutes between 30 and 240),
        ends_at timestamptz not null,
        location_type text not null default 'online' check (location_type in ('online','client_home','coach_location','gym','outdoor')),
        location_address text,
        location_notes text,
        client_notes text check (client_notes is null or char_length(client_notes) <= 500),
        service_price_pence integer not null check (service_price_pence >= 0),
        admin_fee_pence integer not null check (admin_fee_pence >= 0),
        total_price_pence integer not null,
        status text not null default 'pending' check (status in ('pending','confirmed','in_session','completed','cancelled','disputed')),
        cancellation_reason text,
        cancelled_by text check (cancelled_by in ('client','coach','admin','system')),
        cancelled_at timestamptz,
        declined boolean not null default false,
        reschedule_requested_by uuid references users (id) on delete restrict,
        reschedule_status text check (reschedule_status in ('pending','accepted','declined')),
        reschedule_proposed_starts_at timestamptz,
        reschedule_reason text check (reschedule_reason is null or char_length(reschedule_reason) <= 500),
        session_started_at timestamptz,
        client_arrived_at timestamptz,
        coach_arrived_at timestamptz,
        client_completed_at timestamptz,
        coach_completed_at timestamptz,
        early_completion_reason text,
        completed_at timestamptz,
        dispute_status text check (dispute_status in ('open','resolved')),
        dispute_reason text,
        dispute_opened_by uuid references users (id) on delete restrict,
        dispute_opened_at timestamptz,
        dispute_outcome text check (dispute_outcome in ('refund_full','refund_partial','release')),
        dispute_refund_pence integer check (dispute_refund_pence is null or dispute_refund_pence >= 0),
        dispute_resolution_note text,
        dispute_resolved_by uuid references users (id) on delete restrict,
        dispute_resolved_at timestamptz,
        payment_status text not null default 'pending' check (payment_status in ('pending','authorized','captured','released','refunded','partially_refunded','voided','failed')),
        payment_intent_id text,
        amount_authorized_pence integer not null default 0 check (amount_authorized_pence >= 0),
        amount_captured_pence integer not null default 0 check (amount_captured_pence >= 0),
        amount_refunded_pence integer not null default 0 check (amount_refunded_pence >= 0),
        payment_held_until timestamptz,
        payment_released_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        version integer not null default 1,
        constraint bookings_reference_format check (reference_code ~ '^FACT-[0-9]{8}-[A-Z0-9]{4}$'),
        constraint bookings_total_adds_up check (total_price_pence = service_price_pence + admin_fee_pence),
        constraint bookings_ends_after_start check (ends_at = starts_at + make_interval(mins => duration_minutes)),
        constraint bookings_client_is_not_coach check (client_id <> coach_id),
        constraint bookings_captured_within_authorized check (amount_captured_pence <= greatest(amount_authorized_pence, total_price_pence)),
        constraint bookings_refunded_within_captured check (amount_refunded_pence <= amount_captured_pence),
        constraint bookings_no_overlap_for_coach exclude using gist (
          coach_id with =,
          tstzrange(starts_at, ends_at, '[)') with &&
        ) where (status in ('confirmed', 'in_session'))
      );`);
    this.addSql(`create unique index bookings_reference_unique on bookings (reference_code);`);
    this.addSql(`create index bookings_reference_prefix on bookings (reference_code text_pattern_ops);`);
    this.addSql(`create index bookings_by_client on bookings (client_id, starts_at desc, id);`);
    this.addSql(`create index bookings_by_coach on bookings (coach_id, starts_at, id);`);
    this.addSql(`create index bookings_by_status on bookings (status, created_at desc, id desc);`);
    this.addSql(`create index bookings_by_created on bookings (created_at desc, id desc);`);
    this.addSql(`create index bookings_pending_by_coach on bookings (coach_id, starts_at) where status = 'pending';`);
    this.addSql(`create index bookings_payment_intent on bookings (payment_intent_id) where payment_intent_id is not null;`);
    this.addSql(`create index bookings_release_due on bookings (payment_held_until) where payment_status = 'captured' and payment_released_at is null;`);
    this.addSql(`create index bookings_open_disputes on bookings (dispute_opened_at) where dispute_status = 'open';`);
    this.addSql(`create index bookings_in_progress on bookings (ends_at) where status in ('confirmed', 'in_session');`);

    this.addSql(`
      create table messages (
        id uuid primary key,
        booking_id uuid not null references bookings (id) on delete cascade,
        sender_id uuid not null references users (id) on delete restrict,
        receiver_id uuid not null references users (id) on delete restrict,
        content text not null check (char_length(content) between 1 and 5000),
        is_read boolean not null default false,
        read_at timestamptz,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index messages_by_booking on messages (booking_id, created_at, id);`);
    this.addSql(`create index messages_unread_by_receiver on messages (receiver_id, booking_id) where not is_read;`);

    this.addSql(`
      create table reviews (
        id uuid primary key,
        booking_id uuid not null references bookings (id) on delete cascade,
        coach_id uuid not null references users (id) on delete restrict,
        reviewer_id uuid not null references users (id) on delete restrict,
        reviewee_id uuid not null references users (id) on delete restrict,
        reviewer_type text not null check (reviewer_type in ('client', 'coach')),
        rating smallint not null check (rating between 1 and 5),
        comment text check (comment is null or char_length(comment) between 10 and 1000),
        created_at timestamptz not null default now(),
        constraint reviews_one_per_party unique (booking_id, reviewer_id)
      );`);
    this.addSql(`create index reviews_by_reviewee on reviews (reviewee_id, created_at desc);`);

    this.addSql(`
      create table account_deletion_requests (
        id uuid primary key,
        user_id uuid not null references users (id) on delete restrict,
        reason text,
        status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
        requested_at timestamptz not null default now(),
        decided_at timestamptz,
        decision_reason text,
        admin_id uuid references users (id) on delete restrict,
        version integer not null default 1,
        constraint deletion_decided_consistently check ((status = 'pending') = (decided_at is null))
      );`);
    this.addSql(`create unique index deletion_one_pending_per_user on account_deletion_requests (user_id) where status = 'pending';`);
    this.addSql(`create index deletion_by_status on account_deletion_requests (status, requested_at);`);

    this.addSql(`
      create table rate_limit_counters (
        key text primary key,
        window_started_at timestamptz not null,
        hits integer not null,
        expires_at timestamptz not null
      );`);
    this.addSql(`create index rate_limit_expiry on rate_limit_counters (expires_at);`);

    this.addSql(`
      create table webhook_events (
        event_id text primary key,
        type text not null,
        received_at timestamptz not null default now(),
        processed_at timestamptz
      );`);

    this.addSql(`
      create table idempotency_keys (
        key text primary key,
        scope text not null,
        response jsonb,
        created_at timestamptz not null default now()
      );`);

    this.addSql(`
      create table outbox_jobs (
        id uuid primary key,
        type text not null,
        payload jsonb not null,
        dedupe_key text,
        status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
        attempts integer not null default 0,
        max_attempts integer not null default 8,
        run_after timestamptz not null default now(),
        locked_at timestamptz,
        locked_by text,
        last_error text,
        created_at timestamptz not null default now(),
        done_at timestamptz
      );`);
    this.addSql(`create unique index outbox_dedupe on outbox_jobs (dedupe_key) where dedupe_key is not null;`);
    this.addSql(`create index outbox_due on outbox_jobs (run_after) where status = 'pending';`);
    this.addSql(`create index outbox_failed on outbox_jobs (created_at desc) where status = 'failed';`);

    this.addSql(`
      create table audit_log (
        id uuid primary key,
        actor_id uuid references users (id) on delete set null,
        action text not null,
        target_type text not null,
        target_id text,
        details jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index audit_by_target on audit_log (target_type, target_id, created_at desc);`);

    this.addSql(`
      create table test_gateway_intents (
        id text primary key,
        booking_id uuid,
        amount_pence integer not null check (amount_pence > 0),
        currency text not null default 'gbp',
        status text not null,
        amount_capturable_pence integer not null default 0,
        amount_received_pence integer not null default 0,
        amount_refunded_pence integer not null default 0,
        last_error_code text,
        last_error_message text,
        metadata jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table test_gateway_requests (
        idempotency_key text primary key,
        response jsonb not null,
        created_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    for (const table of [
      'test_gateway_requests',
      'test_gateway_intents',
      'audit_log',
      'outbox_jobs',
      'idempotency_keys',
      'webhook_events',
      'rate_limit_counters',
      'account_deletion_requests',
      'reviews',
      'messages',
      'bookings',
      'availability_periods',
      'coach_profiles',
      'users',
    ]) {
      this.addSql(`drop table if exists ${table} cascade;`);
    }
  }
}
