import type { AppLoadContext } from '@remix-run/node';
import type { UseCaseDeps } from '../adapters/composition-root';

const depsByRequest = new WeakMap<AppLoadContext, UseCaseDeps>();

/**
 * This HTTP request's ports, made once (Remix hands the action and every loader of a request the
 * same context). One unit of work, so the session lookup and every loader read through one
 * EntityManager fork: a list page made three forks and two sets of ports, ~4 % of its CPU (issue
 * 20 §2). Sharing is safe because no read goes through the identity map: the repositories read
 * in SQL or with `disableIdentityMap`, and every write still runs in its own transaction's fork.
 */
export function requestDeps(context: AppLoadContext): UseCaseDeps {
  let deps = depsByRequest.get(context);
  if (!deps) {
    deps = context.app.deps();
    depsByRequest.set(context, deps);
  }
  return deps;
}
