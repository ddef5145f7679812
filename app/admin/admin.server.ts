import type { AppLoadContext } from '@remix-run/node';
import type { UseCaseDeps } from '../../adapters/composition-root';
import { adminReadModels, auditedDeps, type AuditEntry } from '../../adapters/persistence/admin/index';
import type { Actor } from '../../domain/policy/actor';
import type { User } from '../../domain/accounts/users/user';
import { actorOf, apiAdmin, requireAdmin } from '~/auth/guards.server';
import { requestDeps } from '~/request-deps.server';

/**
 * What every admin loader and action starts with: an administrator (everyone else gets a 404,
 * logged, from requireAdmin), their actor, and the admin read models.
 */
export async function requireAdminContext(request: Request, context: AppLoadContext) {
  return adminContextOf(await requireAdmin(request, context), context);
}

/** The same for an admin JSON resource: a 401 Response when the session has ended, for the page to open its login dialog. */
export async function apiAdminContext(request: Request, context: AppLoadContext) {
  const user = await apiAdmin(request, context);
  return user instanceof Response ? user : adminContextOf(user, context);
}

function adminContextOf(user: User, context: AppLoadContext) {
  return { user, actor: actorOf(user), reads: adminReadModels(context.app.orm) };
}

/** The deps of one audited use-case call from the web: the action and its audit line commit together. */
export function auditedWeb(context: AppLoadContext, actor: Actor, entry: Omit<AuditEntry, 'actorId' | 'via'>): UseCaseDeps {
  return auditedDeps(requestDeps(context), context.app.orm, { ...entry, actorId: actor.userId, via: 'web' });
}

/** Private, never cached: admin pages show personal data. */
export const NO_STORE = { 'Cache-Control': 'private, no-store' } as const;

export { isAdminUserType, normaliseUserSearch, isAdminBookingFilter } from '../../adapters/persistence/admin/index';
export type { AdminUserType, AdminBookingFilter } from '../../adapters/persistence/admin/index';
