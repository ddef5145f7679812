/**
 * The benchmark's own PostgreSQL: an embedded cluster under /tmp (its own data folder and port,
 * never the app's .data), one database migrated with the app's migrations and loaded with the
 * dataset. A kept cluster whose dataset has the same size and version is reused (what earlier
 * runs wrote is undone first) unless a migration it applied has changed since (file hashes kept in
 * bench_meta); `fresh` drops it and loads again.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../adapters/persistence/embedded-postgres';
import { migrate, openOrm } from '../../adapters/persistence/orm';
import { DATASET_VERSION, datasetFacts, loadDataset, loadedDataset, resetWrites, type DatasetFacts, type DatasetSize } from './dataset';

export interface BenchDatabase {
  url: string;
  facts: DatasetFacts;
  /** A connection for the harness's own queries (reset between write scenarios, EXPLAIN). */
  admin: pg.Client;
  loadSeconds: number | null;
  stop: () => Promise<void>;
}

const DB = 'fact_bench';
const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');

/** Each migration file's content hash, by migration name. */
function migrationHashes(): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => /^Migration.*\.ts$/.test(f)))
    hashes[file.replace(/\.ts$/, '')] = createHash('sha256')
      .update(readFileSync(path.join(MIGRATIONS_DIR, file)))
      .digest('hex')
      .slice(0, 16);
  return hashes;
}

/**
 * The migrations whose file changed (or went) since they were applied to the kept database: the
 * migrator goes by name, so a migration applied from someone's unfinished version (a run from a
 * work tree in the middle of an edit) would never be applied again as committed.
 */
async function changedMigrations(db: pg.Client): Promise<string[]> {
  const row = await db.query<{ value: Record<string, string> }>(`select value from bench_meta where key = 'migrations'`).catch(() => ({ rows: [] }));
  const stored = row.rows[0]?.value ?? {};
  const now = migrationHashes();
  return Object.keys(stored).filter((name) => stored[name] !== now[name]);
}

/** Records the hash of every applied migration's file (see changedMigrations). */
async function recordMigrations(db: pg.Client): Promise<void> {
  const applied = new Set((await db.query<{ name: string }>(`select name from mikro_orm_migrations`)).rows.map((r) => r.name));
  const hashes = Object.fromEntries(Object.entries(migrationHashes()).filter(([name]) => applied.has(name)));
  await db.query(`insert into bench_meta values ('migrations', $1) on conflict (key) do update set value = excluded.value`, [JSON.stringify(hashes)]);
}

export async function openBenchDatabase(options: { dir: string; port: number; size: DatasetSize; fresh: boolean; log: (line: string) => void }): Promise<BenchDatabase> {
  const { log } = options;
  if (options.fresh) rmSync(options.dir, { recursive: true, force: true });
  const cluster: EmbeddedDatabase = await startEmbeddedPostgres({ dir: options.dir, port: options.port });
  const stopCluster = async () => {
    await cluster.stop().catch(() => {});
  };
  try {
    const root = new pg.Client({ connectionString: cluster.url('postgres') });
    await root.connect();
    const exists = (await root.query(`select 1 from pg_database where datname = $1`, [DB])).rowCount! > 0;
    let admin: pg.Client | null = null;
    let loadSeconds: number | null = null;
    let meta: { version: number; size: DatasetSize; loadedAt: string } | null = null;
    if (exists) {
      admin = new pg.Client({ connectionString: cluster.url(DB) });
      await admin.connect();
      meta = await loadedDataset(admin);
      const same = meta && meta.version === DATASET_VERSION && (Object.keys(options.size) as (keyof DatasetSize)[]).every((k) => meta?.size[k] === options.size[k]);
      const changed = same ? await changedMigrations(admin) : [];
      if (!same || changed.length > 0) {
        log(
          changed.length
            ? `migrations changed since the kept database applied them (${changed.join(', ')}): loading again`
            : `kept database holds another dataset (${JSON.stringify(meta)}): loading again`,
        );
        await admin.end();
        admin = null;
        meta = null;
        await root.query(`drop database ${DB} with (force)`);
      }
    }
    if (!admin) await root.query(`create database ${DB}`);
    await root.end();

    // Migrations first, with the app's own migrator (on a kept database this applies any new one).
    const orm = await openOrm(cluster.url(DB), { poolMax: 2 });
    try {
      const applied = await migrate(orm);
      if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
    } finally {
      await orm.close();
    }

    if (!admin) {
      admin = new pg.Client({ connectionString: cluster.url(DB) });
      await admin.connect();
    }
    if (!meta) {
      log(`loading the dataset: ${JSON.stringify(options.size)}`);
      const started = performance.now();
      await loadDataset(admin, options.size, log);
      loadSeconds = (performance.now() - started) / 1000;
      log(`dataset loaded in ${loadSeconds.toFixed(1)} s`);
      meta = await loadedDataset(admin);
      if (!meta) throw new Error('dataset marker missing after the load');
    } else {
      const undone = await resetWrites(admin, meta.loadedAt);
      log(`reusing the kept dataset (loaded ${meta.loadedAt}); undid ${undone.bookings} bookings and ${undone.messages} messages of earlier runs`);
    }
    await recordMigrations(admin);
    const facts = await datasetFacts(admin, options.size, meta.loadedAt);
    const client = admin;
    return {
      url: cluster.url(DB),
      facts,
      admin: client,
      loadSeconds,
      stop: async () => {
        await client.end().catch(() => {});
        await stopCluster();
      },
    };
  } catch (error) {
    await stopCluster();
    throw error;
  }
}
