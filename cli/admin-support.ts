import type { Application, UseCaseDeps } from '../adapters/composition-root';
import { adminReadModels, auditedDeps, type AdminBookingRow, type AdminUserDetail, type AuditEntry } from '../adapters/persistence/admin/index';
import type { Actor } from '../domain/policy/actor';
import { actAsAdministrator } from '../domain/admin/use-cases/act-as-administrator';
import { bookingErrors } from '../domain/booking/lifecycle/booking-errors';
import { accountErrors } from '../domain/accounts/users/account-errors';
import { UUID_PATTERN } from '../domain/shared/ids';
import type { DomainError } from '../domain/shared/errors';
import type { Result } from '../domain/shared/result';
import { RefusedError, UsageError } from './program';

/**
 * Shared by the admin command groups: who is acting (`--as`), finding a user or a booking by
 * what an operator types, auditing a call, and turning a refused Result into the exit code.
 */

/** Unwraps a use case's Result; a refusal leaves with the domain's message (exit 1, or 2 when the input was invalid). */
export function orRefuse<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw refusal(result.error);
}

export function refusal(error: DomainError): Error {
  return error.kind === 'invalid' ? new UsageError(error.message) : new RefusedError(error);
}

/** The administrator named by `--as`, checked by the domain (exists, admin, active). */
export async function actingAdmin(app: Application, email: string | undefined): Promise<Actor> {
  return orRefuse(await actAsAdministrator(app.deps(), { email }));
}

/** The deps of one audited call: the action and its audit line commit together. */
export function audited(app: Application, actor: Actor, entry: Omit<AuditEntry, 'actorId' | 'via'>): UseCaseDeps {
  return auditedDeps(app.deps(), app.orm, { ...entry, actorId: actor.userId, via: 'cli' });
}

/** A user by id or by email. */
export async function findUser(app: Application, key: string): Promise<AdminUserDetail> {
  const reads = adminReadModels(app.orm);
  const user = UUID_PATTERN.test(key) ? await reads.user({ id: key }) : key.includes('@') ? await reads.user({ email: key }) : null;
  if (!user) throw refusal(accountErrors.userNotFound());
  return user;
}

/** A booking by id or by its whole reference code (any case). */
export async function findBooking(app: Application, key: string): Promise<AdminBookingRow> {
  const reads = adminReadModels(app.orm);
  const booking = UUID_PATTERN.test(key) ? await reads.booking(key) : await reads.bookingByReference(key.trim().toUpperCase());
  if (!booking) throw refusal(bookingErrors.notFound());
  return booking;
}
