/**
 * The benchmark dataset, loaded with set-based SQL (generate_series) into a migrated database.
 *
 * Every row respects the schema's constraints and the domain's invariants (parseBooking re-reads
 * them): references are FACT-YYYYMMDD-XXXX with the booking number in base 36 as the suffix (so
 * unique by construction), totals add up, ends_at = starts_at + duration, and a coach's bookings
 * all fall on different days (so confirmed sessions never overlap; the exclusion constraint is
 * re-created after the load and checks that). Secondary indexes, foreign keys and the exclusion
 * constraint are dropped for the load and re-created from their own definitions afterwards (a
 * bulk build is several times faster than row-by-row maintenance, and re-creating them validates
 * every row).
 *
 * Ids are md5-based, stamped as version-4 UUIDs (the domain accepts only RFC 4122 ids).
 *
 * Special rows the scenarios use: coach #1 has exactly 500 bookings, client #1 exactly 200, and
 * client #1's first booking (with coach #3) carries a conversation of 2 000 messages.
 */
import type pg from 'pg';
import { INDEX_STATISTICS_SQL } from '../../test/support/index-statistics';

export interface DatasetSize {
  coaches: number;
  clients: number;
  bookings: number;
  messages: number;
}

export const DEFAULT_SIZE: DatasetSize = { coaches: 20_000, clients: 20_000, bookings: 200_000, messages: 1_000_000 };
export const LARGE_SIZE: DatasetSize = { coaches: 100_000, clients: 20_000, bookings: 1_000_000, messages: 1_000_000 };

export const BUSY_COACH_BOOKINGS = 500;
export const BUSY_CLIENT_BOOKINGS = 200;
export const LONG_CONVERSATION_MESSAGES = 2_000;

/** Bump when the generated data changes shape: a kept database with another version is reloaded. */
export const DATASET_VERSION = 6;

export const coachId = (i: number) => `overlay(overlay(md5('coach-' || ${i}) placing '4' from 13) placing 'a' from 17)::uuid`;
const TABLES = ['users', 'coach_profiles', 'bookings', 'messages', 'reviews'] as const;

/** What the scenarios need to know about the loaded data. */
export interface DatasetFacts {
  size: DatasetSize;
  loadedAt: string;
  adminId: string;
  busyCoachId: string;
  busyClientId: string;
  conversationBookingId: string;
  /** Clients and the coach each of them may message on a booking they share (message POST). */
  messagePairs: { clientId: string; coachId: string; bookingId: string }[];
  /** Clients who book (booking POST), and listed coaches with no availability periods (always bookable). */
  bookingClients: string[];
  bookableCoaches: { id: string; service: string }[];
}

const FIRST = `array['Alex','Sam','Jordan','Casey','Riley','Morgan','Jamie','Taylor','Charlie','Drew','Harley','Kai','Logan','Reese','Rowan','Sage','Toby','Ellis','Frankie','Quinn']`;
const LAST = `array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Robinson','Wright','Thompson','Evans','Walker','White','Roberts','Green','Hall','Wood','Jackson','Clarke','Patel','Khan','Lewis','James','Phillips','Mason','Mitchell','Rose','Davis','Rodriguez','Cox','Alexander','Garden','Campbell','Johnston','Moore','Smyth','Oneill','Doherty','Stewart','Quinn','Murphy','Graham','Mclaughlin','Hamilton','Murray','Hughes','Robertson','Thomson','Scott']`;
const CITY = `array['London','Manchester','Birmingham','Leeds','Liverpool','Bristol','Sheffield','Newcastle','Nottingham','Cardiff','Glasgow','Edinburgh']`;
const SERVICES = `array['striker','midfield','defense','goalkeeping','fitness_conditioning','tactical_analysis']`;
const B36 = `'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'`;
const suffix = (n: string) => `substr(${B36}, (${n} / 46656) % 36 + 1, 1) || substr(${B36}, (${n} / 1296) % 36 + 1, 1) || substr(${B36}, (${n} / 36) % 36 + 1, 1) || substr(${B36}, ${n} % 36 + 1, 1)`;

type Step = { label: string; sql: string };

function steps(size: DatasetSize): Step[] {
  const { coaches: C, clients: K, bookings: N, messages: M } = size;
  const regular = N - BUSY_COACH_BOOKINGS - BUSY_CLIENT_BOOKINGS;
  if (regular < C || C < 300 || K < 1000 || M < LONG_CONVERSATION_MESSAGES * 2) throw new Error('dataset too small');
  const conversation = regular + BUSY_COACH_BOOKINGS + 1;
  const rate = (co: string) => `(1500 + ((${co}) * 37 % 130) * 100)`;
  return [
    {
      label: 'users',
      sql: `
      insert into users (id, email, email_verified_at, password_hash, full_name, phone, bio, location_address, role, user_type, created_at, updated_at)
      select overlay(overlay(md5('coach-' || i) placing '4' from 13) placing 'a' from 17)::uuid, 'coach' || i || '@bench.fact.test', now() - interval '500 days', 'bench-no-password',
             case when i = 1 then 'Busy Coach' else (${FIRST})[1 + i % 20] || ' ' || (${LAST})[1 + (i / 20) % 50] end,
             '+44 7700 ' || lpad((i % 1000000)::text, 6, '0'),
             'UEFA B licensed coach with ' || (1 + i % 25) || ' years of experience. I help players with first touch, finishing and match awareness, from grassroots to academy level.',
             (1 + i % 300) || ' High Street, ' || (${CITY})[1 + i % 12],
             'user', 'coach', now() - interval '500 days' + (i % 1000) * interval '1 hour', now() - interval '400 days'
        from generate_series(1, ${C}) as i
      union all
      select overlay(overlay(md5('client-' || i) placing '4' from 13) placing 'a' from 17)::uuid, 'client' || i || '@bench.fact.test', now() - interval '500 days', 'bench-no-password',
             case when i = 1 then 'Busy Client' else (${FIRST})[1 + (i * 7) % 20] || ' ' || (${LAST})[1 + (i / 7) % 50] end,
             '+44 7700 ' || lpad((i % 1000000)::text, 6, '0'), null, (${CITY})[1 + i % 12],
             'user', 'client', now() - interval '450 days' + (i % 1000) * interval '1 hour', now() - interval '400 days'
        from generate_series(1, ${K}) as i
      union all
      select overlay(overlay(md5('admin-1') placing '4' from 13) placing 'a' from 17)::uuid, 'admin@bench.fact.test', now() - interval '500 days', 'bench-no-password', 'Bench Admin', null, null, null,
             'admin', 'client', now() - interval '500 days', now() - interval '500 days'`,
    },
    {
      label: 'coach_profiles',
      sql: `
      with numbered as (select id, (row_number() over (order by id))::int - 1 as n from places)
      insert into coach_profiles (user_id, credentials, services_offered, hourly_rate_pence, age_groups, service_radius_miles, is_verified, rating, review_count, total_sessions, is_listed, created_at, updated_at,
                                  base_place_id, session_mode)
      select overlay(overlay(md5('coach-' || i) placing '4' from 13) placing 'a' from 17)::uuid, array['UEFA B Licence', 'FA Safeguarding'],
             array_remove(array[(${SERVICES})[1 + i % 6],
                                case when (i / 6) % 2 = 0 and (${SERVICES})[1 + (i + 1) % 6] <> (${SERVICES})[1 + i % 6] then (${SERVICES})[1 + (i + 1) % 6] end,
                                case when (i / 6) % 3 = 0 then (${SERVICES})[1 + (i + 3) % 6] end], null),
             ${rate('i')}, array['under_12','under_16','adults'], 5 + i % 40, i % 3 <> 0,
             ((i * 7) % 51) / 10.0, i % 40, i % 300, i % 50 <> 7,
             now() - interval '500 days', now() - interval '400 days',
             -- Issue 46: a base place by hash across the gazetteer (its trigger copies the point); 1 in 10 online only, 1 in 10 both.
             p.id, case (hashint4(43 * i) & 65535) % 10 when 0 then 'online' when 1 then 'both' else 'in_person' end
        from generate_series(1, ${C}) as i join numbered p on p.n = (hashint4(41 * i) & 65535) % (select count(*)::int from places)`,
    },
    {
      // Every booking computed once (n = booking number), then copied into bookings and used for messages.
      label: 'booking plan',
      sql: `
      create unlogged table bench_plan as
      with raw as (
        select i as n, 2 + (i - 1) % ${C - 1} as co, 2 + ((i - 1)::bigint * 7919) % ${K - 1} as cl,
               -200 + ((i - 1) / ${C - 1}) * 37 + ((2 + (i - 1) % ${C - 1}) % 37) as d, 9 + i % 11 as h
          from generate_series(1, ${regular}) as i
        union all
        select ${regular} + j, 1, 2 + (j * 13) % ${K - 1}, -350 + j, 6 from generate_series(1, ${BUSY_COACH_BOOKINGS}) as j
        union all
        select ${regular + BUSY_COACH_BOOKINGS} + j, 2 + j, 1, -100 + j, 7 from generate_series(1, ${BUSY_CLIENT_BOOKINGS}) as j
      ), timed as (
        select r.*, date_trunc('day', now()) + r.d * interval '1 day' + r.h * interval '1 hour' as starts_at,
               (array[60, 60, 90, 120, 30])[1 + r.n % 5] as dur
          from raw r
      )
      select t.n, overlay(overlay(md5('booking-' || t.n) placing '4' from 13) placing 'a' from 17)::uuid as id, overlay(overlay(md5('coach-' || t.co) placing '4' from 13) placing 'a' from 17)::uuid as coach_id, overlay(overlay(md5('client-' || t.cl) placing '4' from 13) placing 'a' from 17)::uuid as client_id,
             t.starts_at, t.dur,
             least(t.starts_at - (1 + t.n % 20) * interval '1 day', now() - (60 + t.n % 1000) * interval '1 minute') as created_at,
             case when t.starts_at + t.dur * interval '1 minute' < now()
                  then (array['completed','completed','completed','completed','completed','completed','completed','completed','completed','completed',
                              'completed','completed','completed','completed','cancelled','cancelled','cancelled','cancelled','disputed','completed'])[1 + t.n % 20]
                  else (array['pending','pending','pending','pending','pending','pending','pending','pending','confirmed','confirmed',
                              'confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','confirmed','cancelled','cancelled','cancelled'])[1 + t.n % 20]
             end as status,
             (${SERVICES})[1 + t.co % 6] as service,
             ${rate('t.co')} * t.dur / 60 as price
        from timed t`,
    },
    { label: 'booking plan key', sql: `alter table bench_plan add primary key (n)` },
    {
      label: 'bookings',
      sql: `
      insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, duration_minutes, ends_at, location_type, location_address,
                            location_notes, client_notes, service_price_pence, admin_fee_pence, total_price_pence, status,
                            cancellation_reason, cancelled_by, cancelled_at, declined,
                            session_started_at, client_arrived_at, coach_arrived_at, client_completed_at, coach_completed_at, completed_at,
                            dispute_status, dispute_reason, dispute_opened_by, dispute_opened_at,
                            payment_status, payment_intent_id, amount_authorized_pence, amount_captured_pence, amount_refunded_pence,
                            payment_held_until, payment_released_at, created_at, updated_at)
      select p.id, 'FACT-' || to_char(p.created_at at time zone 'Europe/London', 'YYYYMMDD') || '-' || ${suffix('p.n')},
             p.client_id, p.coach_id, p.service, p.starts_at, p.dur, p.starts_at + p.dur * interval '1 minute',
             (array['online','client_home','coach_location','gym','outdoor'])[1 + p.n % 5],
             case when p.n % 5 = 0 then null else 'Hackney Marshes pitch ' || (1 + p.n % 12) end,
             null, case when p.n % 3 = 0 then 'Working on my weak foot and first touch' end,
             p.price, 300, p.price + 300, p.status,
             case when p.status = 'cancelled' then 'Could not make it, sorry' end,
             case when p.status = 'cancelled' then (case when p.n % 2 = 0 then 'client' else 'coach' end) end,
             case when p.status = 'cancelled' then least(p.starts_at, now()) - interval '1 day' end,
             false,
             case when p.status in ('completed', 'disputed') then p.starts_at end,
             case when p.status in ('completed', 'disputed') then p.starts_at - interval '5 minutes' end,
             case when p.status in ('completed', 'disputed') then p.starts_at - interval '10 minutes' end,
             case when p.status = 'completed' then p.starts_at + p.dur * interval '1 minute' end,
             case when p.status = 'completed' then p.starts_at + p.dur * interval '1 minute' end,
             case when p.status = 'completed' then p.starts_at + p.dur * interval '1 minute' end,
             case when p.status = 'disputed' then 'open' end,
             case when p.status = 'disputed' then 'The coach left early' end,
             case when p.status = 'disputed' then p.client_id end,
             case when p.status = 'disputed' then p.starts_at + interval '3 hours' end,
             case p.status when 'pending' then (case when p.n % 2 = 0 then 'authorized' else 'pending' end)
                           when 'confirmed' then 'captured' when 'completed' then 'released' when 'disputed' then 'captured' else 'voided' end,
             case when p.status = 'cancelled' or (p.status = 'pending' and p.n % 2 = 1) then null else 'pi_bench_' || p.n end,
             case when p.status = 'cancelled' or (p.status = 'pending' and p.n % 2 = 1) then 0 else p.price + 300 end,
             case when p.status in ('confirmed', 'completed', 'disputed') then p.price + 300 else 0 end,
             0,
             case when p.status in ('completed', 'disputed') then p.starts_at + interval '2 days' end,
             case when p.status = 'completed' then p.starts_at + interval '2 days' end,
             p.created_at, p.created_at
        from bench_plan p`,
    },
    {
      label: 'messages',
      // The long conversation: 2 000 messages on client #1's first booking (booking n = regular + 500 + 1, with coach #3), all read.
      sql: `
      insert into messages (id, booking_id, sender_id, receiver_id, content, is_read, read_at, created_at)
      select overlay(overlay(md5('message-c-' || s) placing '4' from 13) placing 'a' from 17)::uuid, p.id,
             case when s % 2 = 0 then p.client_id else p.coach_id end,
             case when s % 2 = 0 then p.coach_id else p.client_id end,
             'Message ' || s || ': shall we focus on finishing drills and movement off the ball next time?',
             true, now() - (${LONG_CONVERSATION_MESSAGES} - s) * interval '1 minute' + interval '30 seconds',
             now() - (${LONG_CONVERSATION_MESSAGES} - s) * interval '1 minute'
        from bench_plan p, generate_series(1, ${LONG_CONVERSATION_MESSAGES}) as s
       where p.n = ${conversation}
      union all
      select overlay(overlay(md5('message-' || j) placing '4' from 13) placing 'a' from 17)::uuid, p.id,
             case when j % 2 = 0 then p.client_id else p.coach_id end,
             case when j % 2 = 0 then p.coach_id else p.client_id end,
             (array['Hi coach, looking forward to the session!','Great, see you there. Bring boots for grass and a water bottle.',
                    'Could we start ten minutes later?','No problem at all.','Thanks for today, the drills really helped.',
                    'Where exactly shall we meet?'])[1 + j % 6],
             j % 20 <> 0, case when j % 20 <> 0 then p.created_at + (j % 50) * interval '1 minute' + interval '1 hour' end,
             least(p.created_at + (j % 50) * interval '1 minute', now() - interval '1 minute')
        from (select j, 1 + ((j - 1)::bigint * 7) % ${N - 1} as x from generate_series(1, ${M - LONG_CONVERSATION_MESSAGES}) as j) as g
        join bench_plan p on p.n = g.x + (g.x >= ${conversation})::int`,
    },
    {
      label: 'reviews',
      sql: `
      insert into reviews (id, booking_id, coach_id, reviewer_id, reviewee_id, reviewer_type, rating, comment, created_at)
      select overlay(overlay(md5('review-' || p.n) placing '4' from 13) placing 'a' from 17)::uuid, p.id, p.coach_id, p.client_id, p.coach_id, 'client', 3 + p.n % 3,
             'Brilliant session, really clear explanations and plenty of touches on the ball.', p.starts_at + interval '1 day'
        from bench_plan p where p.status = 'completed' and p.n % 4 = 0`,
    },
  ];
}

interface Saved {
  indexes: { name: string; def: string }[];
  constraints: { table: string; name: string; def: string }[];
  /** The index columns' statistics targets, set again after the indexes (index-statistics.ts). */
  targets: string[];
}

async function dropForLoad(db: pg.Client): Promise<Saved> {
  const tables = [...TABLES];
  const constraints = await db.query<{ table: string; name: string; def: string }>(
    `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as def
       from pg_constraint c
      where c.contype in ('f', 'x') and c.conrelid::regclass::text = any($1)`,
    [tables],
  );
  // Foreign keys of other tables pointing at the loaded ones stay (those tables are empty).
  for (const c of constraints.rows) await db.query(`alter table ${c.table} drop constraint ${c.name}`);
  const indexes = await db.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def
       from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  const targets = await db.query<{ sql: string }>(INDEX_STATISTICS_SQL, [tables]);
  for (const i of indexes.rows) await db.query(`drop index ${i.name}`);
  return { indexes: indexes.rows, constraints: constraints.rows, targets: targets.rows.map((t) => t.sql) };
}

async function restore(db: pg.Client, saved: Saved, log: (line: string) => void): Promise<void> {
  for (const i of saved.indexes) await db.query(i.def);
  for (const sql of saved.targets) await db.query(sql);
  log(`  re-created ${saved.indexes.length} indexes`);
  for (const c of saved.constraints) await db.query(`alter table ${c.table} add constraint ${c.name} ${c.def}`);
  log(`  re-created ${saved.constraints.length} constraints (foreign keys, no-overlap exclusion): every row checked`);
}

export async function loadDataset(db: pg.Client, size: DatasetSize, log: (line: string) => void): Promise<void> {
  const [{ n }] = (await db.query<{ n: string }>('select count(*) as n from users')).rows as [{ n: string }];
  if (Number(n) > 0) throw new Error('the benchmark database is not empty');
  await db.query(`set synchronous_commit = off`);
  await db.query(`set maintenance_work_mem = '512MB'`);
  await db.query(`set work_mem = '128MB'`);
  await db.query('begin');
  try {
    const saved = await dropForLoad(db);
    for (const step of steps(size)) {
      const started = performance.now();
      const result = await db.query(step.sql);
      log(`  ${step.label}: ${result.rowCount ?? 0} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const started = performance.now();
    await restore(db, saved, log);
    log(`  indexes and constraints in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await db.query(`drop table bench_plan`);
    await db.query(`create table bench_meta (key text primary key, value jsonb not null)`);
    await db.query(`insert into bench_meta values ('dataset', $1)`, [JSON.stringify({ version: DATASET_VERSION, size, loadedAt: new Date().toISOString() })]);
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  await db.query('vacuum analyze');
}

/** The dataset a kept database holds, if any. */
export async function loadedDataset(db: pg.Client): Promise<{ version: number; size: DatasetSize; loadedAt: string } | null> {
  const exists = await db.query(`select 1 from pg_tables where tablename = 'bench_meta'`);
  if (exists.rowCount === 0) return null;
  const row = await db.query<{ value: { version: number; size: DatasetSize; loadedAt: string } }>(`select value from bench_meta where key = 'dataset'`);
  return row.rows[0]?.value ?? null;
}

/** Undoes what an earlier run wrote (bookings and messages it created, rate-limit windows, jobs). */
export async function resetWrites(db: pg.Client, loadedAt: string): Promise<{ bookings: number; messages: number }> {
  const messages = await db.query(`delete from messages where created_at > $1`, [loadedAt]);
  const bookings = await db.query(`delete from bookings where created_at > $1`, [loadedAt]);
  await db.query(`truncate rate_limit_counters, outbox_jobs, idempotency_keys`);
  if ((messages.rowCount ?? 0) + (bookings.rowCount ?? 0) > 0) await db.query('vacuum analyze bookings, messages');
  return { bookings: bookings.rowCount ?? 0, messages: messages.rowCount ?? 0 };
}

/**
 * Before each run of the booking POST (and each of its smoke requests): the bookings and outbox
 * jobs earlier runs wrote go, so that no request repeats a pending slot (decision 011) and FACT's
 * and the baseline's runs each start from the same table (vacuumed, so dead rows do not carry over).
 */
export async function undoBookings(db: pg.Client, loadedAt: string): Promise<number> {
  const deleted = await db.query(`delete from bookings where created_at > $1`, [loadedAt]);
  await db.query(`delete from outbox_jobs`);
  if ((deleted.rowCount ?? 0) > 0) await db.query('vacuum bookings, outbox_jobs');
  return deleted.rowCount ?? 0;
}

export async function clearRateLimits(db: pg.Client): Promise<void> {
  await db.query(`truncate rate_limit_counters`);
}

export async function datasetFacts(db: pg.Client, size: DatasetSize, loadedAt: string): Promise<DatasetFacts> {
  const regular = size.bookings - BUSY_COACH_BOOKINGS - BUSY_CLIENT_BOOKINGS;
  const one = async (sql: string) => (await db.query<{ v: string }>(sql)).rows[0]?.v ?? '';
  // Distinct clients with a booking each (message POST: the client writes to that booking's coach),
  // a booking the coach has been shown: not a request never paid (decision 011, hasReachedCoach in
  // domain/booking/paid-requests.ts; FACT answers 409 to a message about one).
  const pairs = await db.query<{ client_id: string; coach_id: string; id: string }>(
    `select distinct on (client_id) client_id, coach_id, id from bookings
      where client_id <> overlay(overlay(md5('client-1') placing '4' from 13) placing 'a' from 17)::uuid and created_at <= $1
        and not (amount_authorized_pence = 0 and payment_status in ('pending', 'failed', 'voided')
                 and (status = 'pending' or (status = 'cancelled' and cancelled_by in ('client', 'system'))))
      order by client_id, starts_at desc limit 4000`,
    [loadedAt],
  );
  const clients = await db.query<{ id: string }>(
    `select id from users where user_type = 'client' and role = 'user' and id <> overlay(overlay(md5('client-1') placing '4' from 13) placing 'a' from 17)::uuid order by email limit 6000`,
  );
  const coaches = await db.query<{ id: string; service: string }>(
    `select cp.user_id as id, cp.services_offered[1] as service from coach_profiles cp
      where cp.is_listed and not exists (select 1 from availability_periods a where a.coach_id = cp.user_id)
      order by cp.user_id limit 200`,
  );
  return {
    size,
    loadedAt,
    adminId: await one(`select overlay(overlay(md5('admin-1') placing '4' from 13) placing 'a' from 17)::uuid::text as v`),
    busyCoachId: await one(`select overlay(overlay(md5('coach-1') placing '4' from 13) placing 'a' from 17)::uuid::text as v`),
    busyClientId: await one(`select overlay(overlay(md5('client-1') placing '4' from 13) placing 'a' from 17)::uuid::text as v`),
    conversationBookingId: await one(`select overlay(overlay(md5('booking-' || ${regular + BUSY_COACH_BOOKINGS + 1}) placing '4' from 13) placing 'a' from 17)::uuid::text as v`),
    messagePairs: pairs.rows.map((r) => ({ clientId: r.client_id, coachId: r.coach_id, bookingId: r.id })),
    bookingClients: clients.rows.map((r) => r.id),
    bookableCoaches: coaches.rows,
  };
}
