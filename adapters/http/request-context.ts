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
  /**
   * A page rendered whole to bytes (app/entry.server.tsx), with the response that carries them:
   * the server writes those bytes at once instead of reading them back out of the response's web
   * stream (adapters/http/remix-request-handler.ts).
   */
  renderedPage?: { response: Response; bytes: Uint8Array };
  /**
   * Set by a server that writes `renderedPage`'s bytes itself (adapters/http/server.ts): the page's
   * response then carries no body of its own. A web stream, even one never read, stays in the old
   * generation until a mark-compact, with undici's 46 KB copy of the page (docs/benchmarks.md,
   * fifteenth pass). Without it (Remix's handler called directly) the response carries the page.
   */
  writesRenderedPage?: boolean;
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

/**
 * The context of one request to FACT's server (adapters/http/server.ts). A class, so that its
 * `log` getter is one function on the prototype: a getter written in an object literal is a new
 * closure for every request, and V8 keeps an accessor in the object's hidden class, so each
 * request made hidden classes of its own in the old generation, which held the request's objects
 * past the young-generation collections (docs/benchmarks.md, sixteenth pass).
 */
export class HttpRequestContext implements RequestContext {
  // Remix's AppLoadContext takes any further key (app/ declares its own: requestDeps, …).
  [key: string]: unknown;
  #log: Logger | undefined;
  readonly writesRenderedPage = true;

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
