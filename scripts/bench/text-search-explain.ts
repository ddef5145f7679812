/**
 * Decisions 018 and 063: EXPLAIN (ANALYZE, BUFFERS) of FindCoaches' text searches at 20 000, 100 000
 * or 1 000 000 coaches (their tables came from this).
 *
 *   node --import tsx scripts/bench/text-search-explain.ts --rows 100000 [--runs 7]
 *   node --import tsx scripts/bench/text-search-explain.ts --rows 1000000 [--plans]
 *
 * Its own embedded PostgreSQL under /tmp/fact-text-search (kept between runs; one database per
 * size, loaded once: ~1 min at 100 000 coaches, 5–12 min at 1 000 000 on a busy 2-core host),
 * never the app's or the bench's. 'after' is the page statement the read model sends today
 * (captured with the query counter); 'before' is the statement it sent before decision 018 (the
 * words on users.search_document, every card column selected by the walk), on the same database
 * (users_search_trgm is still there; the listing index now carries the copy, which the old
 * statement cannot use index-only). Each is run `--runs` times: the median execution time is
 * printed, the median planning time, and the indexes its plan uses; `--plans` prints the after
 * plans whole. The count statement (sent when there is a next page; production remembers it for
 * 30 s, search-totals.ts) is timed too. `--only <text>` runs the cases whose label contains it.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../adapters/persistence/embedded-postgres';
import { migrate, openOrm } from '../../adapters/persistence/orm';
import { containsPattern, createCoachSearch } from '../../adapters/persistence/search/coach-search';
import { NO_FILTERS, parseCursor, priceBandRange, type CoachSearchCursor, type CoachSearchFilters } from '../../domain/search/coach-search';
import { INDEX_STATISTICS_SQL } from '../../test/support/index-statistics';
import { countQueries } from '../../test/support/query-counter';

const { values: opts } = parseArgs({
  options: {
    rows: { type: 'string' },
    coaches: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: '55433' },
    dir: { type: 'string', default: '/tmp/fact-text-search' },
    plans: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});

const COACHES = Number(opts.rows ?? opts.coaches);
const RUNS = Number(opts.runs);

const FIRST = `array['Alex','Sam','Jordan','Casey','Riley','Morgan','Jamie','Taylor','Charlie','Drew','Harley','Kai','Logan','Reese','Rowan','Sage','Toby','Ellis','Frankie','Quinn']`;
const LAST = `array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Robinson','Wright','Thompson','Evans','Walker','White','Roberts','Green','Hall','Wood','Jackson','Clarke','Patel','Khan','Lewis','James','Phillips','Mason','Mitchell','Rose','Davis','Rodriguez','Cox','Alexander','Garden','Campbell','Johnston','Moore','Smyth','Oneill','Doherty','Stewart','Quinn','Murphy','Graham','Mclaughlin','Hamilton','Murray','Hughes','Robertson','Thomson','Scott']`;
const CITY = `array['London','Manchester','Birmingham','Leeds','Liverpool','Bristol','Sheffield','Newcastle','Nottingham','Cardiff','Glasgow','Edinburgh']`;
const SERVICES = `array['striker','midfield','defense','goalkeeping','fitness_conditioning','tactical_analysis']`;
const id = (prefix: string) => `(overlay(overlay(md5('${prefix}-' || i) placing '4' from 13) placing 'a' from 17))::uuid`;

/**
 * Coaches with a vocabulary of known frequencies: 'licensed' 50 %, 100 club names ~1 % each
 * ('ashbury'; their endings such as 'bury' ~10 %), a member code shared by exactly 20 coaches
 * ('fa' + 6 digits), a per-coach md5 token (1 match), bench-style names and cities, ratings and
 * sessions as the bench makes them. Plus 20 000 clients. Names, clubs and addresses are drawn by
 * hash: drawn from `i`'s period, names came in blocks of exactly 100 coaches sorted by bio, and
 * ANALYZE's evenly spaced histogram held one club only (the planner took 10 % words for 0.01 %).
 */
function loadSql(n: number): string[] {
  return [
    `insert into users (id, email, full_name, bio, location_address, user_type)
     select ${id('coach')}, 'coach' || i || '@scale.test',
            (${FIRST})[1 + (hashint4(2 * i + 1) & 65535) % 20] || ' ' || (${LAST})[1 + (hashint4(2 * i) & 65535) % 50],
            (case when i % 2 = 0 then 'UEFA B licensed coach' else 'FA qualified coach' end) || ' with ' || (1 + i % 25) || ' years of experience, formerly at '
              || (array['ash','brook','cole','dun','elm','fern','glen','hart','ivy','kings'])[1 + (hashint4(i) & 65535) % 10]
              || (array['bury','field','ford','ham','ley','mouth','stead','ton','wick','worth'])[1 + (hashint4(-i) & 65535) % 10]
              || ' academy. ' || (array['Finishing and first touch','Shot stopping','Pressing and shape','Speed and agility','Set pieces','Passing range','Defending one on one','Ball mastery','Match analysis','Strength and conditioning'])[1 + (i * 3) % 10]
              || ' sessions. Member fa' || lpad((i % (${n} / 20))::text, 6, '0') || ', ref ' || substr(md5('ref' || i), 1, 10) || '.',
            (1 + (hashint4(3 * i) & 65535) % 300) || ' High Street, ' || (${CITY})[1 + (hashint4(3 * i + 1) & 65535) % 12], 'coach'
       from generate_series(1, ${n}) as i
     union all
     select ${id('client')}, 'client' || i || '@scale.test', 'Client ' || i, null, 'London', 'client'
       from generate_series(1, 20000) as i`,
    `insert into coach_profiles (user_id, services_offered, hourly_rate_pence, rating, total_sessions, is_verified, is_listed)
     select ${id('coach')},
            array_remove(array[(${SERVICES})[1 + i % 6], case when (i / 6) % 3 = 0 then (${SERVICES})[1 + (i + 3) % 6] end], null),
            1500 + ((i * 37) % 130) * 100, ((i * 7) % 51) / 10.0, i % 300, i % 3 <> 0, i % 50 <> 7
       from generate_series(1, ${n}) as i`,
  ];
}

async function load(db: pg.Client, n: number, log: (line: string) => void): Promise<void> {
  const tables = ['users', 'coach_profiles'];
  const indexes = await db.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  const targets = await db.query<{ sql: string }>(INDEX_STATISTICS_SQL, [tables]);
  for (const i of indexes.rows) await db.query(`drop index ${i.name}`);
  await db.query(`set maintenance_work_mem = '512MB'`);
  for (const sql of loadSql(n)) {
    const started = performance.now();
    await db.query(sql);
    log(`  ${sql.trim().split('\n')[0]!.slice(0, 40)}… ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const started = performance.now();
  for (const i of indexes.rows) await db.query(i.def);
  for (const t of targets.rows) await db.query(t.sql);
  log(`  re-created ${indexes.rows.length} indexes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await db.query('vacuum analyze users');
  await db.query('vacuum analyze coach_profiles');
}

type Case = { label: string; filters: CoachSearchFilters; after: number };

function cases(n: number, token: string): Case[] {
  const code = `fa${String(4242 % (n / 20)).padStart(6, '0')}`;
  const text = (t: string): CoachSearchFilters => ({ ...NO_FILTERS, text: t });
  const combo: CoachSearchFilters = { text: 'alex', specialisation: 'goalkeeping', priceBand: '30-60', location: null };
  return [
    { label: "no match ('zzzqqq')", filters: text('zzzqqq'), after: 0 },
    { label: 'one coach (md5 token)', filters: text(token), after: 0 },
    { label: `member code (${code})`, filters: text(code), after: 0 },
    { label: "1 % word ('ashbury')", filters: text('ashbury'), after: 0 },
    { label: '1 %, page 10', filters: text('ashbury'), after: 180 },
    { label: "10 % ('bury')", filters: text('bury'), after: 0 },
    { label: "50 % ('licensed')", filters: text('licensed'), after: 0 },
    { label: '50 %, page 50', filters: text('licensed'), after: 980 },
    { label: "'alex'", filters: text('alex'), after: 0 },
    { label: "'alex ashbury'", filters: text('alex ashbury'), after: 0 },
    { label: "'alex' + goalkeeping + £30–60", filters: combo, after: 0 },
    { label: 'same, page 5', filters: combo, after: 80 },
    { label: "'ashbury' + striker", filters: { ...NO_FILTERS, text: 'ashbury', specialisation: 'striker' }, after: 0 },
    { label: 'member code + £60–100', filters: { ...NO_FILTERS, text: code, priceBand: '60-100' }, after: 0 },
    { label: "'ashbury' + location 'glasgow'", filters: { ...NO_FILTERS, text: 'ashbury', location: 'glasgow' }, after: 0 },
    { label: "location 'glasgow'", filters: { ...NO_FILTERS, location: 'glasgow' }, after: 0 },
    { label: "two letters, no match ('zq')", filters: text('zq'), after: 0 },
    { label: "two letters, every coach ('fa')", filters: text('fa'), after: 0 },
    { label: "one letter, ~50 % ('q')", filters: text('q'), after: 0 },
    { label: "'zq' + striker", filters: { ...NO_FILTERS, text: 'zq', specialisation: 'striker' }, after: 0 },
    { label: "'ashbury' + 'zq'", filters: text('ashbury zq'), after: 0 },
    { label: 'goalkeeping + £100+ (no text)', filters: { ...NO_FILTERS, specialisation: 'goalkeeping', priceBand: '100+' }, after: 0 },
  ];
}

/**
 * The page statement the read model sent before decision 018 (commit 2549133's coach-search.ts):
 * the words on users.search_document, every card column selected by the scan itself.
 */
function statementBefore(filters: CoachSearchFilters, cursor: CoachSearchCursor | null): string {
  const lit = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`);
  const clauses = [`cp.is_listed and u.user_type = 'coach' and u.is_active and u.erased_at is null`];
  for (const word of (filters.text ?? '').split(' ').filter((w) => w.length > 0)) clauses.push(`u.search_document like ${lit(containsPattern(word))}`);
  if (filters.location) clauses.push(`lower(u.location_address) like ${lit(containsPattern(filters.location))}`);
  if (filters.specialisation) clauses.push(`cp.services_offered @> array[${lit(filters.specialisation)}]::text[]`);
  if (filters.priceBand) {
    const { minPence, maxPence } = priceBandRange(filters.priceBand);
    clauses.push(`cp.hourly_rate_pence >= ${minPence}`);
    if (maxPence !== null) clauses.push(`cp.hourly_rate_pence < ${maxPence}`);
  }
  if (cursor) {
    const [r, t, id] = [cursor.rating, cursor.totalSessions, lit(cursor.userId)];
    clauses.push(`cp.rating <= ${r} and (cp.rating < ${r} or (cp.rating = ${r} and (cp.total_sessions < ${t} or (cp.total_sessions = ${t} and cp.user_id > ${id}))))`);
  }
  return `select u.id, u.full_name, u.avatar_url, u.location_address, u.bio,
                cp.is_verified, cp.rating, cp.review_count, cp.total_sessions, cp.services_offered, cp.hourly_rate_pence
           from coach_profiles cp join users u on u.id = cp.user_id
          where ${clauses.join(' and ')}
          order by cp.rating desc, cp.total_sessions desc, cp.user_id asc
          limit 21`;
}

async function main(): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const cluster = await startEmbeddedPostgres({ dir: opts.dir, port: Number(opts.port) });
  const name = `fact_text_${COACHES}`;
  try {
    const root = new pg.Client(cluster.url('postgres'));
    await root.connect();
    const exists = ((await root.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
    if (!exists) await root.query(`create database ${name}`);
    await root.end();
    const orm = await openOrm(cluster.url(name), { poolMax: 2 });
    await migrate(orm);
    const db = new pg.Client(cluster.url(name));
    await db.connect();
    try {
      const loaded = Number((await db.query<{ n: string }>('select count(*) as n from coach_profiles')).rows[0]!.n);
      if (loaded === 0) {
        log(`loading ${COACHES} coaches into ${name}`);
        await load(db, COACHES, log);
      } else if (loaded !== COACHES) throw new Error(`${name} holds ${loaded} coaches`);
      const token = (await db.query<{ t: string }>(`select substr(md5('ref' || 4242), 1, 10) as t`)).rows[0]!.t;

      const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
      const explain = async (sql: string): Promise<{ ms: number; minMs: number; planMs: number; buffers: number; indexes: string; plan: string }> => {
        const exec: number[] = [];
        const planning: number[] = [];
        let plan = '';
        for (let k = 0; k < RUNS; k++) {
          const rows = (await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`)).rows;
          plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          exec.push(Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? 'NaN'));
          planning.push(Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1] ?? 'NaN'));
        }
        const used = [...plan.matchAll(/(Seq Scan on|Index Only Scan (?:Backward )?using|Index Scan (?:Backward )?using|Bitmap Index Scan on) (\w+)/g)].map((m) =>
          m[1]!.startsWith('Seq') ? `seq scan ${m[2]}` : m[1]!.startsWith('Index Only') ? `${m[2]} (index only)` : m[2],
        );
        // The top node's buffers (shared hit + read): the pages the statement touched, a measure of
        // its work that a loaded host does not blur.
        const top = /Buffers: shared((?: \w+=\d+)+)/.exec(plan)?.[1] ?? '';
        const buffers = [...top.matchAll(/(hit|read)=(\d+)/g)].reduce((n, m) => n + Number(m[2]), 0);
        return { ms: median(exec), minMs: Math.min(...exec.map((x, k) => x + planning[k]!)), planMs: median(planning), buffers, indexes: [...new Set(used)].join(', '), plan };
      };

      // The least execution + planning of the runs is the one that had a core to itself: on a shared host
      // it says more about the statement than the median, which says more about the neighbours.
      console.log(`${COACHES} coaches; median of ${RUNS} runs; execution (planning) ms, the least execution + planning of a run, buffers touched`);
      console.log('| search | matches | before | plan before | after | plan after | count after |');
      console.log('|---|---:|---:|---|---:|---|---:|');
      for (const c of cases(COACHES, token).filter((c) => !opts.only || c.label.includes(opts.only))) {
        const search = createCoachSearch(orm.em.fork());
        let cursor: string | null = null;
        for (let seen = 0; seen < c.after;) {
          const page = await search.search(c.filters, { cursor: parseCursor(cursor), limit: 20 });
          seen += page.coaches.length;
          cursor = page.nextCursor;
          if (!cursor) break;
        }
        const { result, queries } = await countQueries(() => search.search(c.filters, { cursor: parseCursor(cursor), limit: 20 }));
        const before = await explain(statementBefore(c.filters, parseCursor(cursor)));
        const after = await explain(queries[0]!);
        const count = queries[1]?.startsWith('select count(*)') ? await explain(queries[1]) : null;
        const f = (e: { ms: number; minMs: number; planMs: number; buffers: number }) => `${e.ms.toFixed(2)} (${e.planMs.toFixed(2)}), least ${e.minMs.toFixed(2)}, ${e.buffers} buf`;
        console.log(`| ${c.label} | ${result.total} | ${f(before)} | ${before.indexes} | ${f(after)} | ${after.indexes} | ${count ? f(count) : '–'} |`);
        if (opts.plans) console.log(`\n${c.label}:\n${after.plan}\n`);
      }
    } finally {
      await db.end();
      await orm.close();
    }
  } finally {
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
