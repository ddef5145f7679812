/**
 * The benchmark's own PostgreSQL: an embedded cluster under /tmp (its own data folder and port,
 * never the app's .data), one database migrated with the app's migrations and loaded with the
 * dataset. A kept cluster whose dataset has the same size and version is reused (what earlier
 * runs wrote is undone first); `fresh` drops it and loads again.
 */
import { rmSync } from 'node:fs';
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
      if (!same) {
        log(`kept database holds another dataset (${JSON.stringify(meta)}): loading again`);
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
