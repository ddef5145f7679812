import type { AppLoadContext } from '@remix-run/node';

/** The absolute address of `path` at the site's public origin (APP_URL behind a proxy, else the request's own). */
export function canonicalUrl(context: AppLoadContext, request: Request, path: `/${string}`): string {
  return `${(context.app.env.APP_URL ?? new URL(request.url).origin).replace(/\/+$/, '')}${path}`;
}
