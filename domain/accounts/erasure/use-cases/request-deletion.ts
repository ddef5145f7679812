import type { Clock } from '../../../shared/clock';
import type { IdSource } from '../../../shared/ids';
import { ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import { deletionRequestSchema } from '../../users/account.schemas';
import type { Actor } from '../../../policy/actor';
import { requestDeletion as makeRequest, type AccountDeletionRequest } from '../deletion-request';

/**
 * SPEC §2 account-deletion card: the signed-in client or coach asks for deletion, with an
 * optional reason. A second request while one is pending is refused ('DELETION_ALREADY_PENDING').
 */
export async function requestDeletion(deps: { uow: UnitOfWork; clock: Clock; ids: IdSource }, input: { actor: Actor; form: unknown }): Promise<Result<AccountDeletionRequest>> {
  const parsed = parseForm(deletionRequestSchema, input.form ?? {});
  if (!parsed.ok) return parsed;
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const pending = await tx.deletionRequests.findPendingByUserId(input.actor.userId);
    const request = makeRequest({ id: deps.ids.newId(), actor: input.actor, reason: parsed.value.reason, hasPendingRequest: pending !== null }, now);
    if (!request.ok) return request;
    const saved = await tx.deletionRequests.save(request.value);
    return saved.ok ? ok(request.value) : saved;
  });
}
