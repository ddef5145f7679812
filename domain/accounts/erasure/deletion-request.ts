import * as z from 'zod';
import { isId, type Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import { sanitiseText } from '../../shared/sanitise';
import { canDecideDeletion, canRequestDeletion } from '../../policy/permissions';
import { accountErrors } from '../users/account-errors';
import type { Actor } from '../../policy/actor';
import { eraseUser, type User } from '../users/user';

/** SPEC §3/§4: a user's request to have their account deleted, decided by an admin. */
export type DeletionRequestStatus = 'pending' | 'approved' | 'rejected';
export type DeletionDecision = 'approved' | 'rejected';

export interface AccountDeletionRequest {
  readonly id: Id;
  readonly userId: Id;
  readonly reason: string | null;
  readonly status: DeletionRequestStatus;
  readonly requestedAt: Date;
  readonly decidedAt: Date | null;
  readonly decisionReason: string | null;
  readonly adminId: Id | null;
}

const clean = (text: string | null | undefined, max: number): string | null => {
  if (text === null || text === undefined) return null;
  const t = sanitiseText(text).trim().slice(0, max);
  return t === '' ? null : t;
};

/**
 * A client or coach asks for deletion of their own account, with an optional reason.
 * One pending request per user (the database enforces it too); admins cannot ask.
 */
export function requestDeletion(input: { id: Id; actor: Actor; reason: string | null | undefined; hasPendingRequest: boolean }, now: Date): Result<AccountDeletionRequest> {
  const allowed = canRequestDeletion(input.actor);
  if (!allowed.ok) return allowed;
  if (input.hasPendingRequest) return err(accountErrors.deletionAlreadyPending());
  return ok({
    id: input.id,
    userId: input.actor.userId,
    reason: clean(input.reason, 1000),
    status: 'pending',
    requestedAt: now,
    decidedAt: null,
    decisionReason: null,
    adminId: null,
  });
}

/**
 * An admin approves or rejects a pending request with an optional reason. Approval erases the
 * user's personal data and deactivates the account (PRODUCT.md); rejection leaves the user as is.
 */
export function decideDeletionRequest(
  request: AccountDeletionRequest,
  user: User,
  actor: Actor,
  decision: { decision: DeletionDecision; reason: string | null | undefined },
  now: Date,
): Result<{ request: AccountDeletionRequest; user: User }> {
  const allowed = canDecideDeletion(actor);
  if (!allowed.ok) return allowed;
  if (request.status !== 'pending') return err(accountErrors.deletionRequestNotPending());
  if (user.id !== request.userId) return err(accountErrors.userNotFound());
  const decided: AccountDeletionRequest = {
    ...request,
    status: decision.decision,
    decidedAt: now,
    decisionReason: clean(decision.reason, 1000),
    adminId: actor.userId,
  };
  return ok({ request: decided, user: decision.decision === 'approved' ? eraseUser(user, actor.userId, now) : user });
}

export const isPending = (request: AccountDeletionRequest): boolean => request.status === 'pending';

const nullableDate = z.preprocess((v) => (v === undefined ? null : v), z.union([z.null(), z.coerce.date()]));
const nullableString = z.preprocess((v) => (v === undefined || v === '' ? null : v), z.string().nullable());

const deletionRequestRowSchema = z
  .object({
    id: z.string().refine(isId, 'id'),
    userId: z.string().refine(isId, 'userId'),
    reason: nullableString,
    status: z.enum(['pending', 'approved', 'rejected']),
    requestedAt: z.coerce.date(),
    decidedAt: nullableDate,
    decisionReason: nullableString,
    adminId: nullableString,
  })
  .refine((r) => (r.status === 'pending') === (r.decidedAt === null), 'decidedAt must be set exactly when decided');

export function parseDeletionRequest(row: unknown): Result<AccountDeletionRequest> {
  const parsed = deletionRequestRowSchema.safeParse(row);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return err(accountErrors.invalidRecord('deletion request', `${first?.path.join('.') ?? ''} ${first?.message ?? ''}`.trim()));
  }
  return ok(parsed.data);
}
