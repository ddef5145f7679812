/**
 * `npm start` / `npm run dev`: boots FACT (embedded PostgreSQL unless DATABASE_URL is set),
 * applies migrations, seeds the demo world into an empty embedded database, serves on PORT.
 */
import { broadcastDevReady, installGlobals, type ServerBuild } from '@remix-run/node';
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { boot } from '../adapters/boot';
import { ConfigError } from '../adapters/config/env';
import { createHttpServer } from '../adapters/http/server';
import { mountServerRoutes } from '../adapters/http/server-routes';
import { seedDemoIfEmpty, signInLines } from '../adapters/seed/seed-demo';
import { createAppWorker } from '../adapters/outbox/app-worker';

installGlobals({ nativeFetch: true });

const root = path.resolve(import.meta.dirname, '..');
const buildPath = path.join(root, 'build', 'index.js');

async function importBuild(): Promise<ServerBuild> {
  const stamp = statSync(buildPath).mtimeMs;
  return (await import(`${pathToFileURL(buildPath).href}?t=${stamp}`)) as ServerBuild;
}

async function main(): Promise<void> {
  const booted = await boot({ migrate: true });
  const { app, env, logger, database } = booted;
  if (database.embedded && env.DEMO_SEED === 'auto') {
    const seeded = await seedDemoIfEmpty(app);
    if (seeded) {
      logger.info(seeded.summary, 'demo world loaded');
      process.stdout.write(`\n${signInLines(seeded.summary, env.APP_URL ?? `http://localhost:${env.PORT}`).join('\n')}\n\n`);
    }
  }
  const worker = env.OUTBOX_WORKER === 'on' ? createAppWorker(app).start() : undefined;
  if (env.FACT_TEST_MODE === '1' && env.FACT_MOCK_GOOGLE === '1') {
    (await import('../adapters/testing/google-mock')).startGoogleMock(logger);
  }
  const dev = env.NODE_ENV === 'development';
  let build = await importBuild();
  const server = createHttpServer({
    app,
    publicDir: path.join(root, 'public'),
    getBuild: async () => (dev ? (build = await importBuild()) : build),
    mount: (express) => mountServerRoutes(express, app),
  });
  const listener = server.listen(env.PORT, () => {
    const address = listener.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    logger.info({ url: `http://localhost:${port}` }, 'FACT is listening');
    if (dev) void broadcastDevReady(build);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await worker?.stop();
    await booted.shutdown();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
