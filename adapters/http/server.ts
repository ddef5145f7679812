import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Application } from '../composition-root';
import { bodyLimits } from './body-limits';
import { contentSecurityPolicy } from './content-security-policy';
import { createDatabaseOutage, isDatabaseUnavailable } from './database-outage';
import { errorStatus, isUnreadableBody } from './error-status';
import { handleAsync } from './async-handler';
import { loggedPath } from './logged-path';
import { originCheck } from './origin-check';
import { HttpRequestContext } from './request-context';
import { cachePolicy } from './cache-policy';
import { securityHeaders } from './security-headers';

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Express asks whether the peer is a trusted proxy for `req.ip`, `req.protocol` and
 * `req.hostname` (Remix's adapter reads all three per request), and the compiled 'loopback' rule
 * parses the address each time, for every request. Its answer depends on the
 * address alone, so it is remembered (a bounded map: emptied when full).
 */
function rememberTrust(trust: TrustFunction): TrustFunction {
  const answers = new Map<string, boolean>();
  return (address, hop) => {
    let trusted = answers.get(address);
    if (trusted === undefined) {
      if (answers.size >= 1_000) answers.clear();
      trusted = trust(address, hop);
      answers.set(address, trusted);
    }
    return trusted;
  };
}

export interface HttpServerOptions {
  app: Application;
  /**
   * The Remix build. Pass the build itself in production: given a function, Remix rebuilds its
   * route tables and static handler on every request (it must, to see a rebuilt app), which cost
   * FACT a large share of its CPU per page. A function is for development only.
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  publicDir: string;
  /** Extra routes mounted before Remix (webhooks, server-sent events). */
  mount?: (server: Express) => void;
  /** True once a shutdown began: /readyz answers 503 so a load balancer stops sending requests. */
  isDraining?: () => boolean;
}

/** The express server: health checks, static files, request logs, then Remix. */
export function createHttpServer(options: HttpServerOptions): Express {
  const { app } = options;
  const server = express();
  server.disable('x-powered-by');
  // `req.query` by Node's own querystring, not qs's 'extended' parser with its nesting and array
  // rules: only the cache policy reads it (`_data`), and qs's parsing is work nothing uses.
  server.set('query parser', 'simple');
  server.set('trust proxy', 'loopback');
  server.set('trust proxy fn', rememberTrust(server.get('trust proxy fn') as TrustFunction));
  server.use(compression());
  const https = (app.env.APP_URL ?? '').startsWith('https://');
  server.use(securityHeaders({ https }));
  const stripeApiOrigin = app.env.STRIPE_API_BASE ? new URL(app.env.STRIPE_API_BASE).origin : undefined;
  server.use(contentSecurityPolicy({ stripe: app.payments.provider === 'stripe', https, stripeApiOrigin }));

  server.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  server.get(
    '/readyz',
    handleAsync(async (_req, res) => {
      if (options.isDraining?.()) {
        res.status(503).json({ status: 'shutting down' });
        return;
      }
      try {
        await app.orm.em.fork().getConnection().execute('select 1');
        res.json({ status: 'ready' });
      } catch {
        res.status(503).json({ status: 'database unavailable' });
      }
    }),
  );

  server.use('/build', express.static(path.join(options.publicDir, 'build'), { immutable: true, maxAge: '1y' }));
  // Public files all have an extension (favicon.svg, robots.txt, …); pages never do: asking the
  // disk about every page request would cost a stat each.
  const publicFiles = express.static(options.publicDir, { maxAge: '1h' });
  server.use((req, res, next) => {
    if (path.extname(req.path)) publicFiles(req, res, next);
    else next();
  });

  // Everything below depends on who asks: Cache-Control by one policy (decision 015).
  server.use(cachePolicy());

  // One log line per request: method, path, status, duration, request id.
  server.use((req, res, next) => {
    const requestId = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      app.logger.info({ requestId, method: req.method, path: loggedPath(req.path), status: res.statusCode, durationMs: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  });

  // Web attacks and outages (docs/reliability.md): same-origin writes, bounded form bodies, database away.
  server.use(originCheck({ appUrl: app.env.APP_URL, exempt: ['/webhooks/stripe'], logger: app.logger }));
  server.use(bodyLimits({ logger: app.logger, anyContentType: ['/webhooks/stripe'] }));
  const outage = createDatabaseOutage({
    logger: app.logger,
    probe: async () => void (await app.orm.em.fork().getConnection().execute('select 1')),
  });
  server.use(outage.gate);
  server.use(errorStatus(outage));

  options.mount?.(server);

  // Remix's handler passes its own errors to next(); handleAsync keeps it so if that ever changes.
  server.all(
    '*',
    handleAsync(
      createRequestHandler({
        build: options.build,
        mode: app.env.NODE_ENV === 'development' ? 'development' : 'production',
        getLoadContext: (req, res): AppLoadContext =>
          new HttpRequestContext(
            app,
            res.locals.requestId as string,
            req.ip ?? 'unknown',
            res.locals.cspNonce as string | undefined,
            res.locals.reportError as ((error: unknown) => void) | undefined,
            req.method === 'GET' || req.method === 'HEAD',
          ),
      }),
    ),
  );
  // Last resort: a plain answer without a stack trace (503 when the database is away).
  const lastResort: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    outage.report(error);
    const unavailable = isDatabaseUnavailable(error);
    const unreadable = isUnreadableBody(error);
    app.logger.error({ err: error, requestId: res.locals.requestId, path: loggedPath(req.path) }, 'request failed');
    if (unreadable) {
      res.status(400).type('text/plain').send('The request body could not be read.');
      return;
    }
    res.statusCode = unavailable ? 503 : 500;
    if (unavailable) res.setHeader('Retry-After', '2');
    res.type('text/plain').send(unavailable ? 'Service temporarily unavailable. Please try again in a moment.' : 'Something went wrong.');
  };
  server.use(lastResort);
  return server;
}
