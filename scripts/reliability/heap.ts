/**
 * `npm run reliability:heap -- [--rounds 3] [--concurrency 4] [--csv-rows 20000] [--heap-mb <MB>] [--write]`
 * (node --import tsx scripts/reliability/heap.ts): does the container's heap bound
 * (CONTAINER_HEAP_MB, scripts/container-heap.ts; the README's `--max-old-space-size`) hold the
 * largest downloads FACT makes? Run `npm run build` first.
 *
 *   1. A worst-case dataset, written straight in SQL (generate_series): `--concurrency` coaches
 *      (default 4), each with every section of 'Download my data' past its limit
 *      (DATA_EXPORT_LIMITS: the export keeps the newest `limit` rows and says truncated) and every
 *      free-text field at the length the domain allows, and `--csv-rows` (default 20 000) bookings
 *      released in one tax year, with 100-character client names, for the earnings CSV.
 *   2. FACT as `npm start` runs it, with the heap bound; each coach signed in with a session cookie.
 *   3. One export and one CSV alone, then `--rounds` rounds (default 3) of every coach's export
 *      and CSV at once (default 4 + 4). Each answer must be 200 and complete: the JSON parses and
 *      every section holds its limit of rows; the CSV has the header and one line per booking.
 *   4. The server's resident memory (VmRSS from /proc, every 100 ms, and the kernel's high-water
 *      mark VmHWM) throughout.
 *
 * FAIL (exit 1) when a download fails or is incomplete, when the server dies (an out-of-memory
 * crash under the bound is what this is for), or when peak RSS reaches 400 MB (docs/performance.md).
 * `--write` puts the figures in docs/performance.md between the heap markers.
 *
 * The export is limited to 3 downloads an hour per person: the counters of that limit are deleted
 * before each round (the only thing this script changes behind the server's back). Loopback only;
 * every loop is bounded by the rounds.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTAINER_HEAP_MB } from '../container-heap';
import { DATA_EXPORT_LIMITS } from '../../domain/accounts/data-export/data-export-rows';
import { MAX_MESSAGE_LENGTH } from '../../domain/messaging/message.schemas';
import { MAX_COMMENT_LENGTH } from '../../domain/reviews/review.schemas';
import { ADDRESS_MAX_LENGTH, DESCRIPTION_MAX_LENGTH, NOTES_MAX_LENGTH, REASON_MAX_LENGTH, RESOLUTION_NOTE_MAX_LENGTH } from '../../domain/booking/lifecycle/booking-rules';
import { MAX_URL_LENGTH } from '../../domain/accounts/media/video-clips';
import { taxYear, taxYearOf } from '../../domain/payouts/earnings';
import { cookieFor, log, ROOT, round, sleep, startApp, startDatabase, withClient, type AppProcess } from './harness';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROUNDS = option('--rounds', 3);
const CONCURRENCY = option('--concurrency', 4);
const CSV_ROWS = option('--csv-rows', 20_000);
const HEAP_MB = option('--heap-mb', CONTAINER_HEAP_MB);
const write = args.includes('--write');

/** docs/performance.md: resident memory of one FACT process. */
const RSS_BUDGET_MB = 400;
/** Every section a coach's export has, its place in the JSON and its limit. */
const SECTIONS: { name: string; limit: number; pick: (doc: ExportJson) => Section | null | undefined }[] = [
  { name: 'availability', limit: DATA_EXPORT_LIMITS.availability, pick: (d) => d.availability },
  { name: 'bookings', limit: DATA_EXPORT_LIMITS.bookings, pick: (d) => d.bookings },
  { name: 'payouts', limit: DATA_EXPORT_LIMITS.transfers, pick: (d) => d.payouts },
  { name: 'messages', limit: DATA_EXPORT_LIMITS.messages, pick: (d) => d.messages },
  { name: 'reviews.given', limit: DATA_EXPORT_LIMITS.reviewsGiven, pick: (d) => d.reviews?.given },
  { name: 'reviews.received', limit: DATA_EXPORT_LIMITS.reviewsReceived, pick: (d) => d.reviews?.received },
  { name: 'deletionRequests', limit: DATA_EXPORT_LIMITS.deletionRequests, pick: (d) => d.deletionRequests },
  { name: 'auditLog.aboutYou', limit: DATA_EXPORT_LIMITS.auditAboutUser, pick: (d) => d.auditLog?.aboutYou },
];
/** Rows written per section beyond its limit, so each section is full and says it is truncated. */
const EXTRA = 10;

interface Section {
  count: number;
  truncated: boolean;
  limit: number;
  items: unknown[];
}
interface ExportJson {
  availability?: Section;
  bookings?: Section;
  payouts?: Section | null;
  messages?: Section;
  reviews?: { given?: Section; received?: Section };
  deletionRequests?: Section;
  auditLog?: { aboutYou?: Section };
}

interface Download {
  kind: 'export' | 'csv';
  phase: string;
  coach: number;
  status: number;
  bytes: number;
  ms: number;
  problem: string | null;
}

interface Verdict {
  what: string;
  ok: boolean;
}

// --- the dataset -------------------------------------------------------------------------------

/** `length` characters of text that changes per row (`seed`, an SQL expression) and is mostly not ASCII-only: accents, quotes, a newline, '€' and '⚽' (3 bytes in UTF-8). */
const longText = (seed: string, length: number) => `left(${seed} || ' ' || repeat('Finishing drill — "weak foot" ⚽, 20 reps; café après €15.' || chr(10), ${Math.ceil(length / 50) + 1}), ${length})`;

/** The 100-character client names (the domain's limit), commas and quotes included (the CSV quotes them). */
const clientName = (g: string) => `left('Zoë-Ångström "Ça va" O''Brien, Łukasiewicz ' || ${g} || ' ' || repeat('Maximilián-Jérôme ', 6), 100)`;

const CLIENTS = 500;

async function buildDataset(url: string, coachCount: number, csvRows: number, year: { from: Date; to: Date }): Promise<string[]> {
  return withClient(url, async (c) => {
    const q = async (label: string, sql: string, params: unknown[] = []) => {
      const t = performance.now();
      const r = await c.query(sql, params);
      log(`  ${label}: ${r.rowCount ?? 0} rows (${round((performance.now() - t) / 1000)} s)`);
    };
    await q(
      'admin',
      `insert into users (id, email, email_verified_at, password_hash, full_name, role, user_type) values (gen_random_uuid(), 'heap-admin@reliability.test', now(), 'x', 'Heap Admin', 'admin', 'user')`,
    );
    const admin = (await c.query(`select id from users where email = 'heap-admin@reliability.test'`)).rows[0].id as string;
    await q(
      'clients',
      `insert into users (id, email, email_verified_at, password_hash, full_name, location_address, role, user_type)
       select gen_random_uuid(), 'heap-client-' || g || '@reliability.test', now(), 'x', ${clientName('g')}, 'London', 'user', 'client'
         from generate_series(1, $1::int) g`,
      [CLIENTS],
    );
    const coaches: string[] = [];
    // Sessions spread evenly over the tax year, the last released 2 days after it ends, 4 days before the year does.
    const stepMs = Math.floor((year.to.getTime() - year.from.getTime() - 4 * 86_400_000) / csvRows);
    for (let k = 0; k < coachCount; k++) {
      const coach = (
        await c.query(
          `insert into users (id, email, email_verified_at, password_hash, full_name, phone, bio, avatar_url, location_address, role, user_type,
                              preferred_coaching_types, preferred_session_times, video_clip_1, video_clip_2, video_clip_3)
           values (gen_random_uuid(), $1, now(), 'x', left('Coach ${k} ' || repeat('Maximilián-Jérôme ', 10), 100), '+44 7700 900123', ${longText("'Bio'", 1000)},
                   '/uploads/avatars/' || repeat('a', 64) || '.webp', ${longText("'Address'", ADDRESS_MAX_LENGTH)}, 'user', 'coach',
                   '{striker,midfield,defense,goalkeeping}', '{morning,afternoon,evening}',
                   left('https://www.youtube.com/watch?v=' || repeat('x', ${MAX_URL_LENGTH}), ${MAX_URL_LENGTH}),
                   left('https://vimeo.com/' || repeat('1', ${MAX_URL_LENGTH}), ${MAX_URL_LENGTH}),
                   left('https://www.youtube.com/watch?v=' || repeat('y', ${MAX_URL_LENGTH}), ${MAX_URL_LENGTH}))
           returning id`,
          [`heap-coach-${k}@reliability.test`],
        )
      ).rows[0].id as string;
      coaches.push(coach);
      log(`coach ${k + 1} of ${coachCount}`);
      await q(
        'profile',
        `insert into coach_profiles (user_id, credentials, services_offered, hourly_rate_pence, is_verified, total_sessions, review_count, rating)
         select $1::uuid, array(select ${longText("'Credential ' || i", 200)} from generate_series(1, 20) i),
                '{striker,midfield,defense,goalkeeping,fitness_conditioning,tactical_analysis}', 5000, true, $2::int, $3::int, 4.9`,
        [coach, csvRows, DATA_EXPORT_LIMITS.reviewsReceived + EXTRA],
      );
      await q(
        'availability',
        `insert into availability_periods (id, coach_id, starts_at, ends_at, location_override, notes)
         select gen_random_uuid(), $1::uuid, date_trunc('day', now()) + g * interval '1 day', date_trunc('day', now()) + g * interval '1 day' + interval '8 hours',
                ${longText("'Pitch ' || g", 200)}, ${longText("'Notes ' || g", 500)}
           from generate_series(1, $2::int) g`,
        [coach, DATA_EXPORT_LIMITS.availability + EXTRA],
      );
      // Completed and released, each with a declined reschedule and a dispute resolved as 'release',
      // and every free-text column at the domain's length (cancellation_reason too, though only a
      // cancelled booking would have one): the largest a booking row can be.
      await q(
        'bookings',
        `with c as (select array_agg(id order by email) as ids from users where email like 'heap-client-%'),
              s as (select g, $2::timestamptz + ((g - 1) * $3::float8) * interval '1 millisecond' as at from generate_series(1, $4::int) g)
         insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, duration_minutes, ends_at,
                               location_type, location_address, location_notes, client_notes, service_price_pence, admin_fee_pence, total_price_pence,
                               status, cancellation_reason, reschedule_requested_by, reschedule_status, reschedule_proposed_starts_at, reschedule_reason,
                               session_started_at, client_arrived_at, coach_arrived_at, client_completed_at, coach_completed_at, early_completion_reason, completed_at,
                               dispute_status, dispute_reason, dispute_opened_by, dispute_opened_at, dispute_outcome, dispute_resolution_note, dispute_resolved_by, dispute_resolved_at,
                               payment_status, payment_intent_id, amount_authorized_pence, amount_captured_pence, payment_held_until, payment_released_at, created_at, updated_at)
         select gen_random_uuid(), 'FACT-' || to_char(s.at at time zone 'Europe/London', 'YYYYMMDD') || '-' || upper(lpad(to_hex($5::int * 1000000 + s.g), 7, '0')),
                cl.id, $1::uuid, 'striker', s.at, 60, s.at + interval '60 minutes',
                'gym', ${longText("'Gym ' || s.g", ADDRESS_MAX_LENGTH)}, ${longText("'Location notes ' || s.g", NOTES_MAX_LENGTH)},
                ${longText("'Client notes ' || s.g", NOTES_MAX_LENGTH)}, 5000, 300, 5300,
                'completed', ${longText("'Cancellation ' || s.g", REASON_MAX_LENGTH)}, cl.id, 'declined', s.at + interval '1 day', ${longText("'Reschedule ' || s.g", REASON_MAX_LENGTH)},
                s.at, s.at - interval '5 minutes', s.at - interval '5 minutes', s.at + interval '60 minutes', s.at + interval '60 minutes',
                ${longText("'Early completion ' || s.g", REASON_MAX_LENGTH)}, s.at + interval '60 minutes',
                'resolved', ${longText("'Dispute ' || s.g", DESCRIPTION_MAX_LENGTH)}, cl.id, s.at + interval '2 hours', 'release',
                ${longText("'Resolution ' || s.g", RESOLUTION_NOTE_MAX_LENGTH)}, $6::uuid, s.at + interval '1 day',
                'released', 'pi_heap_' || $5::int::text || '_' || s.g, 5300, 5300, s.at + interval '2 days', s.at + interval '2 days', s.at - interval '7 days', s.at + interval '2 days'
           from s cross join c cross join lateral (select c.ids[1 + (s.g % array_length(c.ids, 1))] as id) cl`,
        [coach, year.from, stepMs, csvRows, k, admin],
      );
      await q(
        'transfers (paid out)',
        `insert into coach_transfers (booking_id, coach_id, coach_share_pence, platform_share_pence, commission_bps, status, transfer_id, payout_id,
                                      released_at, transferred_at, paid_out_at, created_at, updated_at)
         select b.id, b.coach_id, 5000, 300, 0, 'paid', 'tr_heap_' || b.id, 'po_heap_' || to_char(b.payment_released_at, 'YYYYMMDD'),
                b.payment_released_at, b.payment_released_at + interval '1 minute', b.payment_released_at + interval '2 days', b.payment_released_at, b.payment_released_at
           from bookings b where b.coach_id = $1::uuid`,
        [coach],
      );
      const newest = `(select id, client_id, starts_at, row_number() over (order by starts_at desc, id desc) as n from bookings where coach_id = $1::uuid)`;
      const perBooking = Math.ceil((DATA_EXPORT_LIMITS.messages + EXTRA) / (DATA_EXPORT_LIMITS.bookings + EXTRA));
      await q(
        'messages',
        `insert into messages (id, booking_id, sender_id, receiver_id, content, is_read, read_at, created_at)
         select gen_random_uuid(), b.id, case when s % 2 = 0 then b.client_id else $1::uuid end, case when s % 2 = 0 then $1::uuid else b.client_id end,
                ${longText("'Message ' || b.n || '.' || s", MAX_MESSAGE_LENGTH)}, true, b.starts_at - interval '1 day' + s * interval '2 minutes',
                b.starts_at - interval '1 day' + s * interval '1 minute'
           from ${newest} b cross join generate_series(0, $2::int - 1) s
          where b.n <= $3::int`,
        [coach, perBooking, Math.ceil((DATA_EXPORT_LIMITS.messages + EXTRA) / perBooking)],
      );
      await q(
        'reviews (both ways)',
        `insert into reviews (id, booking_id, coach_id, reviewer_id, reviewee_id, reviewer_type, rating, comment, created_at)
         select gen_random_uuid(), b.id, $1::uuid, case when r.t = 'client' then b.client_id else $1::uuid end, case when r.t = 'client' then $1::uuid else b.client_id end,
                r.t, 5, ${longText("'Review ' || b.n || ' ' || r.t", MAX_COMMENT_LENGTH)}, b.starts_at + interval '3 hours'
           from ${newest} b cross join unnest(array['client', 'coach']) as r(t)
          where b.n <= $2::int`,
        [coach, Math.max(DATA_EXPORT_LIMITS.reviewsGiven, DATA_EXPORT_LIMITS.reviewsReceived) + EXTRA],
      );
      await q(
        'deletion requests (rejected)',
        `insert into account_deletion_requests (id, user_id, reason, status, requested_at, decided_at, decision_reason, admin_id)
         select gen_random_uuid(), $1::uuid, ${longText("'Reason ' || g", 1000)}, 'rejected', now() - g * interval '1 day', now() - g * interval '1 day' + interval '1 hour',
                ${longText("'Decision ' || g", 1000)}, $2::uuid
           from generate_series(1, $3::int) g`,
        [coach, admin, DATA_EXPORT_LIMITS.deletionRequests + EXTRA],
      );
      await q(
        'audit lines about the coach',
        `insert into audit_log (id, actor_id, action, target_type, target_id, details, created_at)
         select gen_random_uuid(), $2::uuid, 'user.update', 'user', $1::text, '{"via": "cli"}'::jsonb, now() - g * interval '1 hour'
           from generate_series(1, $3::int) g`,
        [coach, admin, DATA_EXPORT_LIMITS.auditAboutUser + EXTRA],
      );
    }
    await q('analyze', 'analyze');
    return coaches;
  });
}

// --- the downloads -----------------------------------------------------------------------------

async function download(app: AppProcess, kind: Download['kind'], phase: string, coach: number, cookie: string, csvYear: number, csvRows: number): Promise<Download> {
  const url = kind === 'export' ? `${app.baseUrl}/account/export` : `${app.baseUrl}/CoachEarnings/csv?year=${csvYear}`;
  const t = performance.now();
  const base = { kind, phase, coach };
  try {
    // fetch asks for gzip as a browser does, and undoes it: the sizes are of the file itself.
    const res = await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual', signal: AbortSignal.timeout(180_000) });
    const text = await res.text();
    const ms = performance.now() - t;
    const bytes = Buffer.byteLength(text, 'utf8');
    if (res.status !== 200) return { ...base, status: res.status, bytes, ms, problem: `status ${res.status}: ${text.slice(0, 200)}` };
    return { ...base, status: res.status, bytes, ms, problem: kind === 'export' ? exportProblem(text) : csvProblem(text, csvRows) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { ...base, status: 0, bytes: 0, ms: performance.now() - t, problem: `network: ${cause?.code ?? (error as Error).message}` };
  }
}

function exportProblem(text: string): string | null {
  let doc: ExportJson;
  try {
    doc = JSON.parse(text) as ExportJson;
  } catch (error) {
    return `the JSON does not parse (${(error as Error).message}; ${text.length} characters)`;
  }
  const wrong: string[] = [];
  for (const s of SECTIONS) {
    const section = s.pick(doc);
    if (!section || section.items.length !== s.limit || section.count !== s.limit || !section.truncated)
      wrong.push(`${s.name}: ${section ? `${section.items.length} items, count ${section.count}, truncated ${section.truncated}` : 'missing'} (want ${s.limit}, truncated)`);
  }
  return wrong.length ? wrong.join('; ') : null;
}

function csvProblem(text: string, rows: number): string | null {
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  if (!lines[0]?.replace(/^\uFEFF/, '').startsWith('"Reference"')) return `no header: ${lines[0]?.slice(0, 80)}`;
  if (lines.length !== rows + 1) return `${lines.length - 1} lines, want ${rows}`;
  const odd = lines.slice(1).find((l) => !l.includes('"Paid out"'));
  if (odd) return `a line that is not a paid-out booking: ${odd.slice(0, 160)}`;
  return null;
}

// --- memory ------------------------------------------------------------------------------------

interface MemorySample {
  at: number;
  rssMb: number;
  /** The kernel's high-water mark of RSS so far (VmHWM). */
  hwmMb: number;
}

/**
 * The server runs with `--trace-gc`: one line per collection on its stdout, e.g.
 * `[1:0x…]  36771 ms: Mark-Compact 248.0 (260.5) -> 238.2 (259.2) MB, pooled: 3 MB, 441.03 / 0.00 ms …`.
 * The heap used when a collection starts is the most it held (garbage included); what a
 * mark-compact leaves is what was alive (the peak of that is what the bound must hold); the mark-compacts and their pauses
 * say how hard V8 worked to stay under the bound.
 */
function gcTrace() {
  let partial = '';
  let peakUsedMb = 0;
  let peakLiveMb = 0;
  let gcs = 0;
  let markCompacts = 0;
  let longestMarkCompactMs = 0;
  let markCompactMs = 0;
  return {
    read(chunk: string) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const m = /ms: (Scavenge|Mark-Compact|Minor Mark-Sweep|Mark-Sweep)[^\d]*([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+)/.exec(line);
        if (!m) continue;
        gcs++;
        peakUsedMb = Math.max(peakUsedMb, Number(m[2]));
        if (m[1] === 'Mark-Compact') {
          markCompacts++;
          peakLiveMb = Math.max(peakLiveMb, Number(m[4]));
          markCompactMs += Number(m[6]);
          longestMarkCompactMs = Math.max(longestMarkCompactMs, Number(m[6]));
        }
      }
    },
    figures: () => ({ peakUsedMb: round(peakUsedMb), peakLiveMb: round(peakLiveMb), gcs, markCompacts, markCompactMs: round(markCompactMs, 0), longestMarkCompactMs: round(longestMarkCompactMs, 0) }),
  };
}

function procStatus(pid: number): { rssMb: number; hwmMb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 'NaN');
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: Number.NaN, hwmMb: Number.NaN };
  }
}

// --- the run -----------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!(ROUNDS >= 1 && ROUNDS <= 20)) throw new Error('--rounds must be between 1 and 20');
  if (!(CONCURRENCY >= 1 && CONCURRENCY <= 16)) throw new Error('--concurrency must be between 1 and 16');
  if (!(CSV_ROWS >= 1 && CSV_ROWS <= 200_000)) throw new Error('--csv-rows must be between 1 and 200 000');
  if (!(HEAP_MB >= 64 && HEAP_MB <= 4096)) throw new Error('--heap-mb must be between 64 and 4096');
  if (!existsSync(path.join(ROOT, 'build', 'index.js'))) throw new Error('no build: run `npm run build` first');

  const verdicts: Verdict[] = [];
  const downloads: Download[] = [];
  const rounds: { phase: string; ms: number; rssAfterMb: number }[] = [];
  const figures: Record<string, unknown> = { date: new Date().toISOString().slice(0, 16) + 'Z', cores: os.cpus().length, heapMb: HEAP_MB, node: '' };
  const samples: MemorySample[] = [];
  let app: AppProcess | null = null;
  let died: string | null = null;
  let sampler: NodeJS.Timeout | undefined;
  const gc = gcTrace();
  // The last complete tax year: every one of its sessions released, none in the future.
  const csvYear = taxYearOf(new Date()).startYear - 1;
  const year = taxYear(csvYear);

  log('starting PostgreSQL');
  const db = await startDatabase();
  try {
    log(`writing the dataset: ${CONCURRENCY} coaches, each ${CSV_ROWS} released bookings in tax year ${year.label} and every export section past its limit`);
    const t0 = performance.now();
    const coaches = await buildDataset(db.url, CONCURRENCY, CSV_ROWS, year);
    figures.datasetSeconds = round((performance.now() - t0) / 1000);
    figures.databaseMb = await withClient(db.url, async (c) => round(Number((await c.query(`select pg_database_size('fact') as n`)).rows[0].n) / 2 ** 20));

    log(`starting FACT with --max-old-space-size=${HEAP_MB}`);
    app = await startApp(db.url, {}, { heapMb: HEAP_MB, nodeArgs: ['--trace-gc'] });
    const running = app;
    running.child.stdout?.on('data', (d: Buffer) => gc.read(d.toString()));
    void running.exited.then((e) => {
      died = `FACT exited (code ${e.code}, signal ${e.signal})`;
    });
    figures.node = await fetchNodeVersion();
    const cookies = await Promise.all(coaches.map((id) => cookieFor(id, running.baseUrl)));
    const startedAt = performance.now();
    const idle = procStatus(running.pid);
    figures.rssAtStartMb = round(idle.rssMb);
    sampler = setInterval(() => {
      const now = procStatus(running.pid);
      if (Number.isFinite(now.rssMb)) samples.push({ at: performance.now() - startedAt, ...now });
    }, 100);
    const resetExportLimit = () => withClient(db.url, (c) => c.query(`delete from rate_limit_counters where key like 'dataExport%'`));
    const phase = async (name: string, work: () => Promise<Download[]>) => {
      if (died) return;
      await resetExportLimit();
      const t = performance.now();
      const done = await work();
      downloads.push(...done);
      const ms = performance.now() - t;
      await sleep(1_000);
      rounds.push({ phase: name, ms: round(ms, 0), rssAfterMb: round(procStatus(running.pid).rssMb) });
      const peak = Math.max(...samples.filter((s) => s.at >= t - startedAt).map((s) => s.rssMb));
      log(`  ${name}: ${round(ms / 1000, 2)} s, RSS peak ${round(peak)} MB, ${round(procStatus(running.pid).rssMb)} MB a second later; ${done.filter((d) => d.problem).length} problems`);
      for (const d of done) if (d.problem) log(`    ${d.kind} of coach ${d.coach + 1}: ${d.problem}`);
    };

    log('downloading');
    await phase('one export alone', async () => [await download(running, 'export', 'alone', 0, cookies[0]!, csvYear, CSV_ROWS)]);
    await phase('one CSV alone', async () => [await download(running, 'csv', 'alone', 0, cookies[0]!, csvYear, CSV_ROWS)]);
    for (let r = 1; r <= ROUNDS; r++) {
      await phase(`round ${r}: ${CONCURRENCY} exports + ${CONCURRENCY} CSVs at once`, () =>
        Promise.all(
          coaches.flatMap((_, k) => [download(running, 'export', `round ${r}`, k, cookies[k]!, csvYear, CSV_ROWS), download(running, 'csv', `round ${r}`, k, cookies[k]!, csvYear, CSV_ROWS)]),
        ),
      );
    }
    clearInterval(sampler);
    // After a crash /proc has nothing: the last sample holds the high-water mark the kernel kept.
    const final = died ? { rssMb: Number.NaN, hwmMb: samples.at(-1)?.hwmMb ?? Number.NaN } : procStatus(running.pid);

    const peakSampled = Math.max(...samples.map((s) => s.rssMb).filter(Number.isFinite));
    const peak = Math.max(peakSampled, Number.isFinite(final.hwmMb) ? final.hwmMb : 0);
    const of = (kind: Download['kind'], phaseName?: string) => downloads.filter((d) => d.kind === kind && (!phaseName || d.phase === phaseName));
    const summary = (list: Download[]) => ({
      n: list.length,
      mb: round(Math.max(0, ...list.map((d) => d.bytes)) / 2 ** 20, 2),
      minS: round(Math.min(...list.map((d) => d.ms)) / 1000, 2),
      maxS: round(Math.max(...list.map((d) => d.ms)) / 1000, 2),
    });
    Object.assign(figures, {
      csvTaxYear: year.label,
      csvRows: CSV_ROWS,
      concurrency: CONCURRENCY,
      rounds: ROUNDS,
      peakRssMb: round(peak),
      v8: gc.figures(),
      peakRssSampledMb: round(peakSampled),
      vmHwmMb: round(final.hwmMb),
      rssAtEndMb: round(final.rssMb),
      samples: samples.length,
      exportAlone: summary(of('export', 'alone')),
      csvAlone: summary(of('csv', 'alone')),
      exportConcurrent: summary(downloads.filter((d) => d.kind === 'export' && d.phase !== 'alone')),
      csvConcurrent: summary(downloads.filter((d) => d.kind === 'csv' && d.phase !== 'alone')),
      phases: rounds,
    });
    const failed = downloads.filter((d) => d.problem);
    const expected = 2 + ROUNDS * CONCURRENCY * 2;
    verdicts.push({ what: `${downloads.length - failed.length} of ${expected} downloads answered 200 and complete`, ok: failed.length === 0 && downloads.length === expected });
    verdicts.push({ what: died ?? `FACT stayed up under --max-old-space-size=${HEAP_MB}`, ok: !died && app.child.exitCode === null });
    verdicts.push({
      what: `peak RSS ${round(peak)} MB (sampled every 100 ms: ${round(peakSampled)} MB; kernel high-water mark ${round(final.hwmMb)} MB), budget < ${RSS_BUDGET_MB} MB`,
      ok: peak < RSS_BUDGET_MB,
    });
    const v8 = gc.figures();
    if (v8.gcs > 0)
      log(
        `V8 heap: at most ${v8.peakUsedMb} MB used of the ${HEAP_MB} MB bound (${round((v8.peakUsedMb / HEAP_MB) * 100, 0)} %), at most ${v8.peakLiveMb} MB alive after a mark-compact (${round((v8.peakLiveMb / HEAP_MB) * 100, 0)} %), ${v8.markCompacts} mark-compacts, the longest ${v8.longestMarkCompactMs} ms`,
      );
    const oom = /heap out of memory|Allocation failed|FATAL ERROR/i.exec(app.output());
    if (oom) verdicts.push({ what: `the server wrote '${oom[0]}'`, ok: false });
  } catch (error) {
    verdicts.push({ what: `the run stopped: ${(error as Error).message.split('\n')[0]}`, ok: false });
    console.error(error);
  } finally {
    clearInterval(sampler);
    if (died && app) log(`server output (last lines):\n${app.output().split('\n').slice(-30).join('\n')}`);
    for (const d of downloads)
      log(`  ${d.phase.padEnd(8)} ${d.kind.padEnd(6)} coach ${d.coach + 1}: ${d.status} ${round(d.bytes / 2 ** 20, 2)} MB in ${round(d.ms / 1000, 2)} s${d.problem ? ` — ${d.problem}` : ''}`);
    for (const v of verdicts) log(`${v.ok ? 'PASS' : 'FAIL'} ${v.what}`);
    log(JSON.stringify(figures, null, 2));
    const passed = verdicts.length > 0 && verdicts.every((v) => v.ok);
    if (write) {
      writePerformanceBlock(report(figures, verdicts, samples));
      log('docs/performance.md updated');
    }
    await app?.stop();
    await db.destroy();
    process.exitCode = passed ? 0 : 1;
  }
}

async function fetchNodeVersion(): Promise<string> {
  const { execFileSync } = await import('node:child_process');
  return execFileSync(path.join(ROOT, 'node_modules/.bin/node'), ['--version']).toString().trim();
}

function report(figures: Record<string, unknown>, verdicts: Verdict[], samples: MemorySample[]): string {
  const f = figures as Record<string, never> & {
    exportAlone: Summary;
    csvAlone: Summary;
    exportConcurrent: Summary;
    csvConcurrent: Summary;
    phases: { phase: string; ms: number; rssAfterMb: number }[];
  };
  const lines = [
    `Last run: ${String(figures.date)}, ${String(figures.cores)} cores (shared), Node ${String(figures.node)}, \`--max-old-space-size=${String(figures.heapMb)}\`, ` +
      `${String(figures.concurrency)} coaches × ${String(figures.csvRows)} released bookings in tax year ${String(figures.csvTaxYear)}, ${String(figures.rounds)} rounds.`,
    '',
  ];
  for (const v of verdicts) lines.push(`- ${v.ok ? 'PASS' : 'FAIL'}: ${v.what}`);
  const v8 = figures.v8 as { peakUsedMb: number; peakLiveMb: number; gcs: number; markCompacts: number; markCompactMs: number; longestMarkCompactMs: number } | undefined;
  if (v8 && v8.gcs > 0)
    lines.push(
      `- V8 heap (\`--trace-gc\`): at most ${v8.peakUsedMb} MB used of ${String(figures.heapMb)} MB, at most ${v8.peakLiveMb} MB alive after a mark-compact; ${v8.markCompacts} mark-compacts, ${v8.markCompactMs} ms in all, the longest ${v8.longestMarkCompactMs} ms`,
    );
  if (f.exportAlone) {
    lines.push(
      '',
      '| Download | Size | Alone | Concurrently (min – max) |',
      '| --- | --- | --- | --- |',
      `| \`/account/export\` (every section at its limit) | ${f.exportAlone.mb} MB | ${f.exportAlone.maxS} s | ${f.exportConcurrent.minS} – ${f.exportConcurrent.maxS} s (${f.exportConcurrent.n}) |`,
      `| \`/CoachEarnings/csv\` (${String(figures.csvRows)} lines) | ${f.csvAlone.mb} MB | ${f.csvAlone.maxS} s | ${f.csvConcurrent.minS} – ${f.csvConcurrent.maxS} s (${f.csvConcurrent.n}) |`,
      '',
      `Resident memory: ${String(figures.rssAtStartMb)} MB before the first download; after each phase (1 s later):`,
      '',
      '| Phase | Took | RSS after |',
      '| --- | --- | --- |',
      ...f.phases.map((p) => `| ${p.phase} | ${round(p.ms / 1000, 1)} s | ${p.rssAfterMb} MB |`),
      '',
      `${samples.length} samples of VmRSS, every 100 ms.`,
    );
  }
  return lines.join('\n');
}
type Summary = { n: number; mb: number; minS: number; maxS: number };

/** Replaces the part of docs/performance.md between `<!-- heap:begin ... -->` and `<!-- heap:end -->`. */
function writePerformanceBlock(markdown: string): void {
  const file = path.join(ROOT, 'docs', 'performance.md');
  const begin = '<!-- heap:begin (generated by npm run reliability:heap -- --write; edit outside these markers) -->';
  const end = '<!-- heap:end -->';
  const current = readFileSync(file, 'utf8');
  const from = current.indexOf(begin);
  const to = current.indexOf(end);
  if (from < 0 || to < from) throw new Error('docs/performance.md has no heap markers');
  writeFileSync(file, `${current.slice(0, from)}${begin}\n${markdown.trim()}\n${current.slice(to)}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
