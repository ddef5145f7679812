import type { Actor } from '../../policy/actor';
import type { Clock } from '../../shared/clock';
import type { IdSource } from '../../shared/ids';
import type { Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { createAvailability as create, type AvailabilityPeriod } from '../availability-period';
import { availabilityPeriodSchema } from '../availability.schemas';
import { savePeriodAlone } from './save-period';

/** SPEC §2 CoachProfile calendar: the coach adds a period to their own calendar. */
export async function createAvailability(deps: { uow: UnitOfWork; clock: Clock; ids: IdSource }, input: { actor: Actor; form: unknown }): Promise<Result<AvailabilityPeriod>> {
  const now = deps.clock.now();
  const parsed = parseForm(availabilityPeriodSchema(now), input.form);
  if (!parsed.ok) return parsed;
  const form = parsed.value;
  return deps.uow.transaction(async (tx) => {
    const period = create(
      {
        id: deps.ids.newId(),
        actor: input.actor,
        coachId: input.actor.userId,
        details: {
          startsAt: form.startsAt,
          endsAt: form.endsAt,
          dailyStart: form.dailyStart,
          dailyEnd: form.dailyEnd,
          locationOverride: form.locationOverride ?? null,
          notes: form.notes ?? null,
          isAvailable: form.isAvailable,
        },
      },
      now,
    );
    if (!period.ok) return period;
    return savePeriodAlone(tx, period.value);
  });
}
