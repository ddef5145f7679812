/**
 * Decision 061: EXPLAIN (ANALYZE, BUFFERS) of FindCoaches' near-me searches at 20 000, 100 000
 * or 1 000 000 coaches (decision 061's and docs/performance.md's figures came from this).
 *
 *   node --import tsx scripts/bench/near-explain.ts --rows 100000 [--runs 7] [--plans] [--only <label part>]
 *
 * Its own embedded PostgreSQL under /tmp/fact-near (kept between runs; one database per size,
 * loaded once), never the app's or the bench's. Coaches are placed as the bench's dataset places
 * them (scripts/bench/dataset.ts, version 6): a gazetteer place by hash, 1 in 10 online only, 1 in
 * 10 both, service radii 5–44 miles, the bench's services, prices and ratings. Each case is the
 * page statement the read model sends (captured with the query counter) on the page it names,
 * run `--runs` times: the median execution and planning times, the least execution + planning of
 * a run (the one that had a core to itself on a shared host), the median execution time with
 * ANALYZE's per-node timing off (what the statement costs without the clock reads), the buffers the statement touched
 * (shared hit + read: its work, which a loaded host does not blur) and the indexes of its plan.
 * The count statement (sent when there is a next page; production remembers it for 30 s,
 * search-totals.ts) is timed too.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../adapters/persistence/embedded-postgres';
import { migrate, openOrm } from '../../adapters/persistence/orm';
import { createCoachSearch } from '../../adapters/persistence/search/coach-search';
import { NO_FILTERS, parseSearchCursor, type CoachSearchFilters } from '../../domain/search/coach-search';
import { countQueries } from '../../test/support/query-counter';

const { values: opts } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: '55437' },
    dir: { type: 'string', default: '/tmp/fact-near' },
    plans: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});

const COACHES = Number(opts.rows);
const RUNS = Number(opts.runs);
const SERVICES = `array['striker','midfield','defense','goalkeeping','fitness_conditioning','tactical_analysis']`;
const id = `(overlay(overlay(md5('coach-' || i) placing '4' from 13) placing 'a' from 17))::uuid`;

/** The bench dataset's coaches (users and coach_profiles only), placed across the gazetteer. */
function loadSql(n: number): string[] {
  return [
    `insert into users (id, email, full_name, bio, location_address, user_type)
     select ${id}, 'coach' || i || '@near.test', 'Coach ' || i,
            'UEFA B licensed coach with ' || (1 + i % 25) || ' years of experience.', (1 + i % 300) || ' High Street', 'coach'
       from generate_series(1, ${n}) as i`,
    `with numbered as (select id, (row_number() over (order by id))::int - 1 as n from places)
     insert into coach_profiles (user_id, services_offered, hourly_rate_pence, age_groups, service_radius_miles, is_verified, rating, review_count, total_sessions, is_listed,
                                 base_place_id, session_mode)
     select ${id},
            array_remove(array[(${SERVICES})[1 + i % 6],
                               case when (i / 6) % 2 = 0 and (${SERVICES})[1 + (i + 1) % 6] <> (${SERVICES})[1 + i % 6] then (${SERVICES})[1 + (i + 1) % 6] end,
                               case when (i / 6) % 3 = 0 then (${SERVICES})[1 + (i + 3) % 6] end], null),
            1500 + (i * 37 % 130) * 100, array['under_12','under_16','adults'], 5 + i % 40, i % 3 <> 0,
            ((i * 7) % 51) / 10.0, i % 40, i % 300, i % 50 <> 7,
            p.id, case (hashint4(43 * i) & 65535) % 10 when 0 then 'online' when 1 then 'both' else 'in_person' end
       from generate_series(1, ${n}) as i join numbered p on p.n = (hashint4(41 * i) & 65535) % (select count(*)::int from places)`,
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
  for (const i of indexes.rows) await db.query(`drop index ${i.name}`);
  await db.query(`set maintenance_work_mem = '512MB'`);
  for (const sql of loadSql(n)) {
    const started = performance.now();
    await db.query(sql);
    log(`  ${sql.trim().split('\n')[0]!.slice(0, 40)}… ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const started = performance.now();
  for (const i of indexes.rows) await db.query(i.def);
  log(`  re-created ${indexes.rows.length} indexes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await db.query('vacuum analyze users');
  await db.query('vacuum analyze coach_profiles');
}

type Case = { label: string; filters: CoachSearchFilters; after: number };

const DIDSBURY = 6620310;

function cases(lerwick: number): Case[] {
  const near = (miles: 5 | 10 | 25 | 50, o: Partial<CoachSearchFilters> = {}, placeId = DIDSBURY): CoachSearchFilters => ({
    ...NO_FILTERS,
    near: { placeId, miles },
    sort: 'distance',
    ...o,
  });
  return [
    { label: 'Didsbury, 10 miles, nearest first', filters: near(10), after: 0 },
    { label: 'same, page 5', filters: near(10), after: 80 },
    { label: 'same, page 25', filters: near(10), after: 480 },
    { label: 'Didsbury, 50 miles, nearest first', filters: near(50), after: 0 },
    { label: '25 miles + goalkeeping + £30–60', filters: near(25, { specialisation: 'goalkeeping', priceBand: '30-60' }), after: 0 },
    { label: 'same, page 3', filters: near(25, { specialisation: 'goalkeeping', priceBand: '30-60' }), after: 40 },
    { label: "10 miles + 'licensed'", filters: near(10, { text: 'licensed' }), after: 0 },
    { label: '5 miles + goalkeeping + £100+', filters: near(5, { specialisation: 'goalkeeping', priceBand: '100+' }), after: 0 },
    { label: 'Lerwick (Shetland), 5 miles', filters: near(5, {}, lerwick), after: 0 },
    { label: 'Didsbury, 10 miles, best rated', filters: near(10, { sort: 'rating' }), after: 0 },
    { label: 'Didsbury, 10 miles, lowest price', filters: near(10, { sort: 'price' }), after: 0 },
  ];
}

async function main(): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const cluster = await startEmbeddedPostgres({ dir: opts.dir, port: Number(opts.port) });
  const name = `fact_near_${COACHES}`;
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
      // A migration since the load may have rewritten every profile (account_open's backfill): the
      // visibility map is what autovacuum would restore in production, and an index-only read needs it.
      const vm = (await db.query<{ pages: number; visible: number }>(`select relpages as pages, relallvisible as visible from pg_class where relname = 'coach_profiles'`)).rows[0]!;
      log(`coach_profiles: ${vm.visible} of ${vm.pages} pages all-visible before VACUUM`);
      await db.query('vacuum analyze coach_profiles');
      const lerwick = Number((await db.query<{ id: number }>(`select id from places where name = 'Lerwick'`)).rows[0]!.id);

      const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
      const explain = async (sql: string) => {
        const exec: number[] = [];
        const planning: number[] = [];
        let plan = '';
        for (let k = 0; k < RUNS; k++) {
          const rows = (await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`)).rows;
          plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          exec.push(Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? 'NaN'));
          planning.push(Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1] ?? 'NaN'));
        }
        // The same without the per-node clock reads of ANALYZE's timing (on a VM's clock they add
        // ~1 µs per row per node: a statement passing 5 000 rows through four nodes pays it 20 000 times).
        const untimed: number[] = [];
        for (let k = 0; k < RUNS; k++) {
          const rows = (await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, timing off) ${sql}`)).rows;
          untimed.push(Number(/Execution Time: ([\d.]+)/.exec(rows.map((r) => r['QUERY PLAN']).join('\n'))?.[1] ?? 'NaN'));
        }
        const used = [...plan.matchAll(/(Seq Scan on|Index Only Scan (?:Backward )?using|Index Scan (?:Backward )?using|Bitmap Index Scan on) (\w+)/g)].map((m) =>
          m[1]!.startsWith('Seq') ? `seq scan ${m[2]}` : m[1]!.startsWith('Index Only') ? `${m[2]} (index only)` : m[2],
        );
        const top = /Buffers: shared((?: \w+=\d+)+)/.exec(plan)?.[1] ?? '';
        const buffers = [...top.matchAll(/(hit|read)=(\d+)/g)].reduce((n, m) => n + Number(m[2]), 0);
        return {
          ms: median(exec),
          untimedMs: median(untimed),
          minMs: Math.min(...exec.map((x, k) => x + planning[k]!)),
          planMs: median(planning),
          buffers,
          indexes: [...new Set(used)].join(', '),
          plan,
        };
      };

      console.log(`${COACHES} coaches; median of ${RUNS} runs; execution (planning) ms, the least execution + planning of a run, the median execution with ANALYZE's timing off, buffers touched`);
      console.log('| search | listed | page | plan | count |');
      console.log('|---|---:|---:|---|---:|');
      for (const c of cases(lerwick).filter((c) => !opts.only || c.label.includes(opts.only))) {
        const search = createCoachSearch(orm.em.fork());
        let cursor: string | null = null;
        for (let seen = 0; seen < c.after;) {
          const page = await search.search(c.filters, { cursor: parseSearchCursor(c.filters, cursor), limit: 20 });
          seen += page.coaches.length;
          cursor = page.nextCursor;
          if (!cursor) break;
        }
        const { result, queries } = await countQueries(() => search.search(c.filters, { cursor: parseSearchCursor(c.filters, cursor), limit: 20 }));
        const page = await explain(queries[0]!);
        const count = queries[1]?.startsWith('select count(*)') ? await explain(queries[1]) : null;
        const f = (e: { ms: number; untimedMs: number; minMs: number; planMs: number; buffers: number }) =>
          `${e.ms.toFixed(2)} (${e.planMs.toFixed(2)}), least ${e.minMs.toFixed(2)}, untimed ${e.untimedMs.toFixed(2)}, ${e.buffers} buf`;
        console.log(`| ${c.label} | ${result.total} | ${f(page)} | ${page.indexes} | ${count ? f(count) : '–'} |`);
        if (opts.plans) console.log(`\n${c.label}:\n${page.plan}\n${count ? `\ncount:\n${count.plan}\n` : ''}`);
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
