import type { Actor } from '../../policy/actor';
import { idSchema, type Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { availabilityErrors, ensureCanDeleteAvailability } from '../availability-period';

/** The coach deletes one of their periods (the page asks 'Are you sure …?' first). */
export async function deleteAvailability(deps: { uow: UnitOfWork }, input: { actor: Actor; periodId: Id }): Promise<Result<void>> {
  const id = parseForm(idSchema, input.periodId);
  if (!id.ok) return id;
  return deps.uow.transaction(async (tx) => {
    const period = await tx.availability.findById(id.value);
    if (!period) return err(availabilityErrors.notFound());
    const allowed = ensureCanDeleteAvailability(period, input.actor);
    if (!allowed.ok) return allowed;
    await tx.availability.delete(period.id);
    return ok(undefined);
  });
}
