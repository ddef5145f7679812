import { json, type AppLoadContext } from '@remix-run/node';
import { toActor, type User } from '../../domain/accounts/users/user';
import { AVAILABILITY_MESSAGES } from '../../domain/availability/availability.schemas';
import { createAvailability } from '../../domain/availability/use-cases/create-availability';
import { deleteAvailability } from '../../domain/availability/use-cases/delete-availability';
import { updateAvailability } from '../../domain/availability/use-cases/update-availability';
import { formFailure } from '~/auth/form-failure.server';
import { requestDeps } from '~/request-deps.server';

/**
 * The calendar's add/edit and delete. Validation keeps the SPEC's words ('Please select a date
 * range', 'End date must be after start date'); anything else reads 'Failed to save
 * availability' / 'Failed to delete availability'.
 */
export async function saveAvailability(context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const actor = toActor(user);
  const periodId = typeof form.periodId === 'string' && form.periodId !== '' ? form.periodId : null;
  const result = periodId ? await updateAvailability(requestDeps(context), { actor, periodId, form }) : await createAvailability(requestDeps(context), { actor, form });
  if (!result.ok) {
    const message = result.error.code === 'VALIDATION_FAILED' ? result.error.message : AVAILABILITY_MESSAGES.saveFailed;
    return formFailure(result.error, 'availability-save', message);
  }
  return json({ ok: true as const, intent: 'availability-save', message: periodId ? 'Availability updated.' : 'Availability added.' });
}

export async function removeAvailability(context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const periodId = typeof form.periodId === 'string' ? form.periodId : '';
  const result = await deleteAvailability(requestDeps(context), { actor: toActor(user), periodId });
  if (!result.ok) return formFailure(result.error, 'availability-delete', AVAILABILITY_MESSAGES.deleteFailed);
  return json({ ok: true as const, intent: 'availability-delete', message: 'Availability deleted.' });
}
