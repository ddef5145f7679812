import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger';

/** SQLSTATE classes and codes that mean "the database is not there", not "the query was wrong". */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006', '08007', '58030']);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
const UNAVAILABLE_TEXT =
  /connection terminated|connection refused|timeout exceeded when trying to connect|terminating connection|the database system is (starting up|shutting down|in recovery mode)|server closed the connection|client has encountered a connection error|connection ended unexpectedly|not queryable|Connection is closed|connect ECONNREFUSED/i;

/** Does this error (however wrapped by the ORM) say the database cannot be reached? */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; sqlState?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const state = typeof e.sqlState === 'string' ? e.sqlState : typeof e.code === 'string' ? e.code : undefined;
    if (state && (UNAVAILABLE_STATES.has(state) || UNAVAILABLE_CODES.has(state))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}

export interface DatabaseOutageOptions {
  /** A cheap round trip through the application's own pool (`select 1`). */
  probe: () => Promise<void>;
  logger: Logger;
  /** How often the probe runs while the database is away. */
  probeEveryMs?: number;
  /** A probe that takes longer than this counts as a failure. */
  probeTimeoutMs?: number;
  /** Paths that keep working while the database is away (health, static files). */
  passThrough?: (path: string) => boolean;
}

export interface DatabaseOutage {
  /** Before the routes: while the database is known to be away, 503 at once, touching nothing. */
  readonly gate: RequestHandler;
  /** Called with an error a route did not handle: opens the gate if it says the database is away. */
  report(error: unknown): void;
  /** A 5xx nobody explained: probe the database now, and open the gate if it is away. */
  suspect(): void;
  /** True while requests are being turned away. */
  readonly open: boolean;
  stop(): void;
}

const RETRY_AFTER_SECONDS = '2';

/**
 * Keeps the app answering while PostgreSQL is away (a restart, a failover): the first request
 * that fails for want of the database opens the gate (error-status.ts turns its own 500 into a
 * 503), every later request gets a 503 with Retry-After at once instead of waiting on the pool,
 * and a probe every 250 ms closes the gate as soon as a query goes through again. A 5xx that was
 * not explained triggers a probe, so errors that routes caught themselves count too.
 */
export function createDatabaseOutage(options: DatabaseOutageOptions): DatabaseOutage {
  const probeEveryMs = options.probeEveryMs ?? 250;
  const probeTimeoutMs = options.probeTimeoutMs ?? 1_000;
  const passThrough = options.passThrough ?? (() => false);
  let isOpen = false;
  let since = 0;
  let timer: NodeJS.Timeout | null = null;
  let probing: Promise<boolean> | null = null;
  let stopped = false;

  const probeOnce = (): Promise<boolean> => {
    probing ??= (async () => {
      let timeout: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          options.probe(),
          new Promise<never>((_, reject) => {
            timeout = setTimeout(() => reject(new Error('probe timed out')), probeTimeoutMs);
          }),
        ]);
        return true;
      } catch {
        return false;
      } finally {
        clearTimeout(timeout);
      }
    })().finally(() => {
      probing = null;
    });
    return probing;
  };

  const probeAndReopen = async () => {
    timer = null;
    if (await probeOnce()) {
      isOpen = false;
      options.logger.warn({ downForMs: Date.now() - since }, 'database is back: serving again');
    } else schedule();
  };

  const schedule = () => {
    if (timer || stopped) return;
    // Nothing to handle: probeOnce answers false for any failure, it never rejects.
    timer = setTimeout(() => void probeAndReopen(), probeEveryMs);
    timer.unref();
  };

  const openGate = () => {
    if (isOpen) return;
    isOpen = true;
    since = Date.now();
    options.logger.error('database unreachable: answering 503 until it is back');
    schedule();
  };

  const suspect = () => {
    if (isOpen || stopped) return;
    void probeOnce().then((up) => {
      if (!up) openGate();
    });
  };

  const gate: RequestHandler = (req, res, next) => {
    if (passThrough(req.path)) {
      next();
      return;
    }
    if (isOpen) {
      res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
      res.setHeader('Cache-Control', 'no-store');
      res.status(503).type('text/plain').send('Service temporarily unavailable. Please try again in a moment.');
      return;
    }
    next();
  };

  return {
    gate,
    report(error) {
      if (isDatabaseUnavailable(error)) openGate();
    },
    suspect,
    get open() {
      return isOpen;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
