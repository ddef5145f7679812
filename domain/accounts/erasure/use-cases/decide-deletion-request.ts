import type { Clock } from '../../../shared/clock';
import type { FileStorage } from '../../../shared/file-storage';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { canDecideDeletion } from '../../../policy/permissions';
import { parseForm } from '../../../validation/parse-form';
import { accountErrors } from '../../users/account-errors';
import { deletionDecisionSchema } from '../../users/account.schemas';
import type { Actor } from '../../../policy/actor';
import { mentionsOf, redactMentions } from '../account-erasure';
import { NOTHING_SETTLED, type AccountSettlement } from '../account-settlement';
import { decideDeletionRequest as decide, type AccountDeletionRequest } from '../deletion-request';
import type { User } from '../../users/user';
import { photoFileRemovalJob } from '../../media/photo-file';
import { eraseAccountData } from './erase-account-data';

export interface DeletionDecided {
  readonly request: AccountDeletionRequest;
  readonly user: User;
  readonly settlement: AccountSettlement;
  /** 'pending' when an erased person's stored photo file waits for the storage's worker to remove it. */
  readonly photoFileRemoval: 'pending' | null;
}

/**
 * SPEC §2 'Decide deletion request': an admin approves or rejects a pending request with an
 * optional reason. Approval, in one transaction (PRODUCT.md, decision 016): settles the person's
 * bookings (settleEndedAccount: requests declined, future sessions cancelled by their side, the
 * rest listed for an administrator), then erases their data everywhere (eraseAccountData) and
 * deactivates the account; the decision email is queued last, with the address it had. A stored
 * photo stops being served with the commit (its owner's profile no longer shows it) and its file is
 * removed by an outbox job queued in the same transaction, run by the worker of the process that
 * owns the storage (decision 038): the approval may come from a CLI that cannot reach that storage.
 */
export async function decideDeletionRequest(deps: { uow: UnitOfWork; clock: Clock; storage: FileStorage }, input: { actor: Actor; form: unknown }): Promise<Result<DeletionDecided>> {
  const allowed = canDecideDeletion(input.actor);
  if (!allowed.ok) return allowed;
  const parsed = parseForm(deletionDecisionSchema, input.form);
  if (!parsed.ok) return parsed;
  const { requestId, decision, reason } = parsed.value;
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const request = await tx.deletionRequests.findById(requestId);
    if (!request) return err(accountErrors.deletionRequestNotFound());
    const user = await tx.users.findById(request.userId);
    if (!user) return err(accountErrors.userNotFound());
    const decided = decide(request, user, input.actor, { decision, reason }, now);
    if (!decided.ok) return decided;
    const savedRequest = await tx.deletionRequests.save(decided.value.request);
    if (!savedRequest.ok) return savedRequest;
    if (decision !== 'approved') {
      await tx.deletionEmails.queueDecided(tx.outbox, { request: decided.value.request, user }, now);
      return ok({ ...decided.value, settlement: NOTHING_SETTLED, photoFileRemoval: null });
    }
    const settlement = await tx.accountEnd.settle(tx, { userId: user.id, actorId: input.actor.userId, now });
    if (!settlement.ok) return settlement;
    const erased = await eraseAccountData(tx, { user, adminId: input.actor.userId, now });
    if (!erased.ok) return erased;
    // After the erasure (which drops the emails still waiting for them): this one must go out, and
    // its reason is redacted as the stored one is (the job outlives the sending).
    const stored = { ...decided.value.request, decisionReason: redactMentions(decided.value.request.decisionReason, mentionsOf(user)) };
    await tx.deletionEmails.queueDecided(tx.outbox, { request: stored, user }, now);
    const photoKey = user.avatarUrl ? deps.storage.keyFromUrl(user.avatarUrl) : null;
    if (photoKey) await tx.outbox.enqueue(photoFileRemovalJob(photoKey));
    return ok({ request: stored, user: erased.value.user, settlement: settlement.value, photoFileRemoval: photoKey ? ('pending' as const) : null });
  });
}
