import type { Clock } from '../../shared/clock';
import type { FileStorage } from '../../shared/file-storage';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { canDecideDeletion } from '../../policy/permissions';
import { parseForm } from '../../validation/parse-form';
import { accountErrors } from '../account-errors';
import { deletionDecisionSchema } from '../account.schemas';
import type { Actor } from '../actor';
import { eraseCoachProfile } from '../coach-profile';
import { decideDeletionRequest as decide, type AccountDeletionRequest } from '../deletion-request';
import type { User } from '../user';
import { notifyDeletionDecided } from '../../notifications/account-emails';

/**
 * SPEC §2 'Decide deletion request': an admin approves or rejects a pending request with an
 * optional reason. Approval erases the person's data and deactivates the account in the same
 * transaction (PRODUCT.md); the stored photo is removed afterwards.
 */
export async function decideDeletionRequest(
  deps: { uow: UnitOfWork; clock: Clock; storage?: FileStorage },
  input: { actor: Actor; form: unknown },
): Promise<Result<{ request: AccountDeletionRequest; user: User }>> {
  const allowed = canDecideDeletion(input.actor);
  if (!allowed.ok) return allowed;
  const parsed = parseForm(deletionDecisionSchema, input.form);
  if (!parsed.ok) return parsed;
  const { requestId, decision, reason } = parsed.value;
  const now = deps.clock.now();
  let photoUrl: string | null = null;
  const result = await deps.uow.transaction(async (tx) => {
    const request = await tx.deletionRequests.findById(requestId);
    if (!request) return err(accountErrors.deletionRequestNotFound());
    const user = await tx.users.findById(request.userId);
    if (!user) return err(accountErrors.userNotFound());
    photoUrl = user.avatarUrl;
    const decided = decide(request, user, input.actor, { decision, reason }, now);
    if (!decided.ok) return decided;
    const savedRequest = await tx.deletionRequests.save(decided.value.request);
    if (!savedRequest.ok) return savedRequest;
    await notifyDeletionDecided(tx.outbox, { request: decided.value.request, user }, now);
    if (decision === 'approved') {
      const savedUser = await tx.users.save(decided.value.user);
      if (!savedUser.ok) return savedUser;
      const profile = await tx.coachProfiles.findByUserId(user.id);
      if (profile) {
        const savedProfile = await tx.coachProfiles.save(eraseCoachProfile(profile, now));
        if (!savedProfile.ok) return savedProfile;
      }
    }
    return ok(decided.value);
  });
  if (result.ok && decision === 'approved' && photoUrl && deps.storage) {
    const key = deps.storage.keyFromUrl(photoUrl);
    if (key) await deps.storage.delete(key);
  }
  return result;
}
