import * as z from 'zod';
import { invalid } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { parseSchedulingRules } from './scheduling-rules';
import type { ScheduleSettings } from './schedule-settings.repository';
import { validateWeeklyHours } from './weekly-hours';

const rowSchema = z.object({ weeklyHours: z.array(z.object({ weekday: z.unknown(), start: z.unknown(), end: z.unknown(), location: z.unknown() })), rules: z.unknown() });

/** A coach's stored hours and rules, re-checked with the same rules that saved them. */
export function parseScheduleSettings(row: unknown): Result<ScheduleSettings> {
  const shape = rowSchema.safeParse(row);
  if (!shape.success) return err(invalid('INVALID_RECORD', 'Stored schedule settings are malformed'));
  const weeklyHours = validateWeeklyHours(shape.data.weeklyHours);
  if (!weeklyHours.ok) return err(invalid('INVALID_RECORD', `Stored weekly hours are invalid: ${weeklyHours.error.message}`));
  const rules = parseSchedulingRules(shape.data.rules);
  if (!rules.ok) return rules;
  return ok({ weeklyHours: weeklyHours.value, rules: rules.value });
}
