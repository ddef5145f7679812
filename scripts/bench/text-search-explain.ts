/**
 * Issue 20 §8 / decision 018: EXPLAIN ANALYZE of FindCoaches' text searches at 100 000 or
 * 1 000 000 coaches (docs/benchmarks.md 'Text search at scale' came from this).
 *
 *   node --import tsx scripts/bench/text-search-explain.ts --coaches 100000 [--covered-copy] [--runs 7]
 *
 * Its own embedded PostgreSQL under /tmp/fact-text-search (kept between runs; one database per
 * size, loaded once: ~40 s at 100 000 coaches, ~4 min at 1 000 000 on a busy 2-core host), never
 * the app's or the bench's. The statements are the ones the read model sends (captured with the
 * query counter); each is run `--runs` times and the best execution time is printed, with the
 * indexes its plan uses.
 *
 * --covered-copy adds, to that scratch database only, the experiment of decision 018: a copy of
 * the search document on coach_profiles (`sd`), a covering listing index and a trigram index on
 * it, and prints the same statements with `cp.sd like` beside today's.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../adapters/persistence/embedded-postgres';
import { migrate, openOrm } from '../../adapters/persistence/orm';
import { createCoachSearch } from '../../adapters/persistence/search/coach-search';
import { NO_FILTERS, parseCursor, type CoachSearchFilters } from '../../domain/search/coach-search';
import { countQueries } from '../../test/support/query-counter';

const { values: opts } = parseArgs({
  options: {
    coaches: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: '55433' },
    dir: { type: 'string', default: '/tmp/fact-text-search' },
    'covered-copy': { type: 'boolean', default: false },
  },
});

const COACHES = Number(opts.coaches);
const RUNS = Number(opts.runs);

const FIRST = `array['Alex','Sam','Jordan','Casey','Riley','Morgan','Jamie','Taylor','Charlie','Drew','Harley','Kai','Logan','Reese','Rowan','Sage','Toby','Ellis','Frankie','Quinn']`;
const LAST = `array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Robinson','Wright','Thompson','Evans','Walker','White','Roberts','Green','Hall','Wood','Jackson','Clarke','Patel','Khan','Lewis','James','Phillips','Mason','Mitchell','Rose','Davis','Rodriguez','Cox','Alexander','Garden','Campbell','Johnston','Moore','Smyth','Oneill','Doherty','Stewart','Quinn','Murphy','Graham','Mclaughlin','Hamilton','Murray','Hughes','Robertson','Thomson','Scott']`;
const CITY = `array['London','Manchester','Birmingham','Leeds','Liverpool','Bristol','Sheffield','Newcastle','Nottingham','Cardiff','Glasgow','Edinburgh']`;
const SERVICES = `array['striker','midfield','defense','goalkeeping','fitness_conditioning','tactical_analysis']`;
const id = (prefix: string) => `(overlay(overlay(md5('${prefix}-' || i) placing '4' from 13) placing 'a' from 17))::uuid`;

/**
 * Coaches with a vocabulary of known frequencies: 'licensed' 50 %, 100 club names 1 % each
 * ('ashbury'; their endings such as 'bury' 10 %), a member code shared by exactly 20 coaches
 * ('fa' + 6 digits), a per-coach md5 token (1 match), bench-style names and cities, ratings and
 * sessions as the bench makes them. Plus 20 000 clients.
 */
function loadSql(n: number): string[] {
  return [
    `insert into users (id, email, full_name, bio, location_address, user_type)
     select ${id('coach')}, 'coach' || i || '@scale.test',
            (${FIRST})[1 + i % 20] || ' ' || (${LAST})[1 + (i / 20) % 50],
            (case when i % 2 = 0 then 'UEFA B licensed coach' else 'FA qualified coach' end) || ' with ' || (1 + i % 25) || ' years of experience, formerly at '
              || (array['ash','brook','cole','dun','elm','fern','glen','hart','ivy','kings'])[1 + (i / 7) % 10]
              || (array['bury','field','ford','ham','ley','mouth','stead','ton','wick','worth'])[1 + (i / 70) % 10]
              || ' academy. ' || (array['Finishing and first touch','Shot stopping','Pressing and shape','Speed and agility','Set pieces','Passing range','Defending one on one','Ball mastery','Match analysis','Strength and conditioning'])[1 + (i * 3) % 10]
              || ' sessions. Member fa' || lpad((i % (${n} / 20))::text, 6, '0') || ', ref ' || substr(md5('ref' || i), 1, 10) || '.',
            (1 + i % 300) || ' High Street, ' || (${CITY})[1 + i % 12], 'coach'
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

const COVERED_COPY = [
  `alter table coach_profiles add column if not exists sd text`,
  `update coach_profiles cp set sd = u.search_document from users u where u.id = cp.user_id and cp.sd is null`,
  `vacuum full coach_profiles`,
  `create index if not exists cp_listing_search on coach_profiles (rating desc, total_sessions desc, user_id) include (sd, services_offered, hourly_rate_pence) where is_listed`,
  `create index if not exists cp_sd_trgm on coach_profiles using gin (sd gin_trgm_ops) where is_listed`,
  `vacuum analyze coach_profiles`,
];

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
    { label: 'goalkeeping + £100+ (no text)', filters: { ...NO_FILTERS, specialisation: 'goalkeeping', priceBand: '100+' }, after: 0 },
  ];
}

async function main(): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const cluster = await startEmbeddedPostgres({ dir: opts.dir!, port: Number(opts.port) });
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
      if (opts['covered-copy']) for (const sql of COVERED_COPY) await db.query(sql);
      const token = (await db.query<{ t: string }>(`select substr(md5('ref' || 4242), 1, 10) as t`)).rows[0]!.t;

      const explain = async (sql: string): Promise<{ ms: number; indexes: string }> => {
        let best = Number.POSITIVE_INFINITY;
        let plan = '';
        for (let k = 0; k < RUNS; k++) {
          const rows = (await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`)).rows;
          plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          best = Math.min(best, Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? 'NaN'));
        }
        const used = [...plan.matchAll(/(Seq Scan on|Index Only Scan (?:Backward )?using|Index Scan (?:Backward )?using|Bitmap Index Scan on) (\w+)/g)].map((m) =>
          m[1]!.startsWith('Seq') ? `seq scan ${m[2]}` : m[1]!.startsWith('Index Only') ? `${m[2]} (index only)` : m[2],
        );
        return { ms: best, indexes: [...new Set(used)].join(', ') };
      };

      console.log(`| search | matches | today | plan |${opts['covered-copy'] ? ' covered copy | plan |' : ''}`);
      console.log(`|---|---:|---:|---|${opts['covered-copy'] ? '---:|---|' : ''}`);
      for (const c of cases(COACHES, token)) {
        const search = createCoachSearch(orm.em.fork() as EntityManager);
        let cursor: string | null = null;
        for (let seen = 0; seen < c.after; ) {
          const page = await search.search(c.filters, { cursor: parseCursor(cursor), limit: 20 });
          seen += page.coaches.length;
          cursor = page.nextCursor;
          if (!cursor) break;
        }
        const { result, queries } = await countQueries(() => search.search(c.filters, { cursor: parseCursor(cursor), limit: 20 }));
        const today = await explain(queries[0]!);
        let row = `| ${c.label} | ${result.total} | ${today.ms.toFixed(2)} ms | ${today.indexes} |`;
        if (opts['covered-copy']) {
          const copy = await explain(queries[0]!.replaceAll('u.search_document like', 'cp.sd like'));
          row += ` ${copy.ms.toFixed(2)} ms | ${copy.indexes} |`;
        }
        console.log(row);
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
