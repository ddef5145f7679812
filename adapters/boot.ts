import { createApplication, type Application } from './composition-root';
import { loadEnv, type Env } from './config/env';
import { resolveDatabase, type DatabaseHandle } from './database';
import { createLogger, type Logger } from './logging/logger';
import { migrate } from './persistence/orm';
import { resolveSessionSecret } from './session-secret';

export interface Booted {
  env: Env;
  logger: Logger;
  app: Application;
  database: DatabaseHandle;
  shutdown: () => Promise<void>;
}

/**
 * Shared start-up for the web server and the CLI: config, database, migrations, application.
 * `useRunningDatabase`: see resolveDatabase (the CLI's, beside a running server).
 */
export async function boot(options: { migrate: boolean; env?: Env; logger?: Logger; useRunningDatabase?: boolean }): Promise<Booted> {
  const env = options.env ?? loadEnv();
  const logger = options.logger ?? createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' });
  const database = await resolveDatabase(env, logger, { useRunning: options.useRunningDatabase });
  let app: Application | undefined;
  try {
    app = await createApplication({ env, logger, databaseUrl: database.url, sessionSecret: resolveSessionSecret(env) });
    if (options.migrate) {
      const applied = await migrate(app.orm);
      if (applied.length) logger.info({ applied }, 'migrations applied');
    }
  } catch (error) {
    await app?.close().catch(() => {});
    await database.stop().catch(() => {});
    throw error;
  }
  const ready = app;
  return {
    env,
    logger,
    app: ready,
    database,
    shutdown: async () => {
      await ready.close();
      await database.stop();
    },
  };
}
