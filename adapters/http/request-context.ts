import type { Logger } from '../logging/logger';
import type { Application } from '../composition-root';

/** What every Remix loader and action receives as `context`. */
export interface RequestContext {
  app: Application;
  requestId: string;
  log: Logger;
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
