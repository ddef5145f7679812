import { json, type AppLoadContext } from '@remix-run/node';
import { toActor, type User } from '../../domain/accounts/users/user';
import { AVAILABILITY_MESSAGES } from '../../domain/availability/availability.schemas';
import { createAvailability } from '../../domain/availability/use-cases/create-availability';
import { deleteAvailability } from '../../domain/availability/use-cases/delete-availability';
import { saveSchedulingRules } from '../../domain/availability/use-cases/save-scheduling-rules';
import { saveWeeklyHours } from '../../domain/availability/use-cases/save-weekly-hours';
import { updateAvailability } from '../../domain/availability/use-cases/update-availability';
import { weeklyRangesFromForm } from '../../domain/availability/weekly-hours';
import { formFailure } from '~/auth/form-failure.server';
import { requestDeps } from '~/request-deps.server';

/** Refusals whose own words help the coach; anything else reads 'Failed to save availability'. */
const SAY_AS_IS = new Set(['VALIDATION_FAILED', 'AVAILABILITY_OVERLAP', 'NOT_AVAILABILITY_OWNER']);

/**
 * An exception's add/edit and delete. Validation keeps the SPEC's words ('Please select a date
 * range', 'End date must be after start date'), an overlap names the other exception; anything
 * else reads 'Failed to save availability' / 'Failed to delete availability'.
 */
export async function saveAvailability(context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const actor = toActor(user);
  const periodId = typeof form.periodId === 'string' && form.periodId !== '' ? form.periodId : null;
  const result = periodId ? await updateAvailability(requestDeps(context), { actor, periodId, form }) : await createAvailability(requestDeps(context), { actor, form });
  if (!result.ok) return formFailure(result.error, 'availability-save', SAY_AS_IS.has(result.error.code) ? result.error.message : AVAILABILITY_MESSAGES.saveFailed);
  return json({ ok: true as const, intent: 'availability-save', message: periodId ? 'Exception updated.' : 'Exception added.' });
}

export async function removeAvailability(context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const periodId = typeof form.periodId === 'string' ? form.periodId : '';
  const result = await deleteAvailability(requestDeps(context), { actor: toActor(user), periodId });
  if (!result.ok) return formFailure(result.error, 'availability-delete', AVAILABILITY_MESSAGES.deleteFailed);
  return json({ ok: true as const, intent: 'availability-delete', message: 'Exception deleted.' });
}

/** The week view: every range of every weekday and the start-time step, saved at once. */
export async function saveWeek(context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const ranges = weeklyRangesFromForm(form);
  const result = ranges.ok ? await saveWeeklyHours(requestDeps(context), { actor: toActor(user), coachId: user.id, ranges: ranges.value, slotStepMinutes: form.slotStepMinutes }) : ranges;
  if (!result.ok) return formFailure(result.error, 'weekly-hours');
  return json({ ok: true as const, intent: 'weekly-hours', message: 'Weekly hours saved.' });
}

/** Buffers, minimum notice and the daily cap. */
export async function saveRules(context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const result = await saveSchedulingRules(requestDeps(context), { actor: toActor(user), coachId: user.id, rules: form });
  if (!result.ok) return formFailure(result.error, 'scheduling-rules');
  return json({ ok: true as const, intent: 'scheduling-rules', message: 'Booking rules saved.' });
}
