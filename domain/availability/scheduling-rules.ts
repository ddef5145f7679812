import * as z from 'zod';
import { invalid } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { BUFFER_MAX_MINUTES, MAX_SESSIONS_PER_DAY_LIMIT, NOTICE_MAX_MINUTES, SLOT_STEPS, type SchedulingRules, type SlotStepMinutes } from './schedule';

export const SCHEDULING_RULES_MESSAGES = {
  slotStep: 'Start times must be every 15, 30 or 60 minutes',
  bufferBefore: `Buffer before must be between 0 and ${BUFFER_MAX_MINUTES} minutes`,
  bufferAfter: `Buffer after must be between 0 and ${BUFFER_MAX_MINUTES} minutes`,
  notice: `Minimum notice must be between 0 and ${NOTICE_MAX_MINUTES / 60} hours`,
  maxPerDay: `Sessions per day must be between 1 and ${MAX_SESSIONS_PER_DAY_LIMIT}, or left empty for no limit`,
} as const;

/** A whole number from a form ('15' or 15); blank is undefined. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v), z.number({ error: message }).int(message).min(min, message).max(max, message));

/** The start-time step alone (the week view sends it with the hours). */
export const slotStepSchema = z.preprocess(
  (v) => (typeof v === 'string' ? Number(v.trim()) : v),
  z.union(SLOT_STEPS.map((s) => z.literal(s)) as [z.ZodLiteral<SlotStepMinutes>, ...z.ZodLiteral<SlotStepMinutes>[]], { error: SCHEDULING_RULES_MESSAGES.slotStep }),
);

/** The rules form: buffers and notice in minutes, an optional daily cap (blank: none). */
export const schedulingRulesSchema = z.object({
  bufferBeforeMinutes: wholeNumber(SCHEDULING_RULES_MESSAGES.bufferBefore, 0, BUFFER_MAX_MINUTES),
  bufferAfterMinutes: wholeNumber(SCHEDULING_RULES_MESSAGES.bufferAfter, 0, BUFFER_MAX_MINUTES),
  minimumNoticeMinutes: wholeNumber(SCHEDULING_RULES_MESSAGES.notice, 0, NOTICE_MAX_MINUTES),
  maxSessionsPerDay: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    wholeNumber(SCHEDULING_RULES_MESSAGES.maxPerDay, 1, MAX_SESSIONS_PER_DAY_LIMIT).nullable(),
  ),
});
export type SchedulingRulesForm = z.output<typeof schedulingRulesSchema>;

const storedRulesSchema = schedulingRulesSchema.extend({ slotStepMinutes: slotStepSchema });

/** A stored set of rules, re-checked against the same bounds (a row is never trusted). */
export function parseSchedulingRules(row: unknown): Result<SchedulingRules> {
  const parsed = storedRulesSchema.safeParse(row);
  if (!parsed.success) return err(invalid('INVALID_RECORD', `Stored scheduling rules are invalid: ${parsed.error.issues[0]?.message ?? ''}`));
  return ok(parsed.data);
}
