import type { Logger } from '../logging/logger';
import type { Application } from '../composition-root';

/** What every Remix loader and action receives as `context`. */
export interface RequestContext {
  app: Application;
  requestId: string;
  log: Logger;
  /** The client's address (express `req.ip`, proxies trusted on loopback only): rate limits of signed-out visitors. */
  clientIp: string;
  /** This response's Content-Security-Policy nonce (app/entry.server.tsx puts it on inline scripts). */
  cspNonce?: string;
  /** Tells the database-outage gate about an error no route handled (app/entry.server.tsx handleError). */
  reportError?: (error: unknown) => void;
  /**
   * The HTTP request is a GET or HEAD: nothing in it changes who is signed in, so every loader of
   * the page shares one session lookup (Remix hands each loader its own Request object).
   */
  readOnlyRequest?: boolean;
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

/** The context of one request to FACT's server (adapters/http/server.ts). */
export class HttpRequestContext implements RequestContext {
  // Remix's AppLoadContext takes any further key (app/ declares its own: requestDeps, …).
  [key: string]: unknown;
  #log: Logger | undefined;

  constructor(
    readonly app: Application,
    readonly requestId: string,
    readonly clientIp: string,
    readonly cspNonce: string | undefined,
    readonly reportError: ((error: unknown) => void) | undefined,
    readonly readOnlyRequest: boolean,
  ) {}

  /** The request's child logger, made when something logs, not for every request. */
  get log(): Logger {
    return (this.#log ??= this.app.logger.child({ requestId: this.requestId }));
  }
}
