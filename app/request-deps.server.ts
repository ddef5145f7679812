import type { AppLoadContext } from '@remix-run/node';
import type { UseCaseDeps } from '../adapters/composition-root';

declare module '@remix-run/server-runtime' {
  interface AppLoadContext {
    /** This request's ports, made by the first `requestDeps` (below). */
    requestDeps?: UseCaseDeps;
  }
}

/**
 * This HTTP request's ports, made once (Remix hands the action and every loader of a request the
 * same context). One unit of work, so the session lookup and every loader read through one
 * EntityManager fork, not three forks and two sets of ports for one page. Sharing is safe because no read goes through the identity map: the repositories read
 * in SQL or with `disableIdentityMap`, and every write still runs in its own transaction's fork.
 *
 * Kept on the context itself, which dies with the request, so nothing outlives it.
 */
export function requestDeps(context: AppLoadContext): UseCaseDeps {
  return (context.requestDeps ??= context.app.deps());
}
