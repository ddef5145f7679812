import type { Actor } from '../../policy/actor';
import type { Clock } from '../../shared/clock';
import { idSchema, type Id } from '../../shared/ids';
import { err, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { availabilityErrors, updateAvailability as update, type AvailabilityPeriod } from '../availability-period';
import { availabilityPeriodSchema } from '../availability.schemas';
import { savePeriodAlone } from './save-period';

/** The coach changes one of their periods (the same rules as creating one). */
export async function updateAvailability(deps: { uow: UnitOfWork; clock: Clock }, input: { actor: Actor; periodId: Id; form: unknown }): Promise<Result<AvailabilityPeriod>> {
  const id = parseForm(idSchema, input.periodId);
  if (!id.ok) return id;
  const now = deps.clock.now();
  const parsed = parseForm(availabilityPeriodSchema(now), input.form);
  if (!parsed.ok) return parsed;
  const form = parsed.value;
  return deps.uow.transaction(async (tx) => {
    const period = await tx.availability.findById(id.value);
    if (!period) return err(availabilityErrors.notFound());
    const updated = update(
      period,
      input.actor,
      {
        startsAt: form.startsAt,
        endsAt: form.endsAt,
        dailyStart: form.dailyStart,
        dailyEnd: form.dailyEnd,
        locationOverride: form.locationOverride ?? null,
        notes: form.notes ?? null,
        isAvailable: form.isAvailable,
      },
      now,
    );
    if (!updated.ok) return updated;
    return savePeriodAlone(tx, updated.value);
  });
}
