import { MINUTE_MS, type Clock } from '../../shared/clock';
import { ok, type Result } from '../../shared/result';
import type { SessionReminderStore } from '../notification-ports';
import { REMINDER_KINDS, REMINDER_LEAD_MS, sessionReminderJobs } from '../session-reminders';

/**
 * How far ahead the sweep queues reminders. Every 5 minutes it looks 30 minutes ahead, so each
 * reminder has six chances to be queued before its moment.
 */
export const REMINDER_SWEEP_LOOKAHEAD_MS = 30 * MINUTE_MS;
const DEFAULT_LIMIT = 2_000;

export interface ReminderSweepOutcome {
  readonly sessions: number;
  readonly jobs: number;
}

/**
 * Scheduled task (decision 013), the safety net behind the reminders queued when a session is
 * confirmed: queues the reminders of confirmed sessions whose moment falls within the next
 * 30 minutes (sessions confirmed before reminders existed, or by a path that queued none). The
 * dedupe key is the same as the one queued at confirmation, so nothing is queued twice, whatever
 * the number of workers or runs; a moment already past is never queued.
 */
export async function queueSessionReminders(deps: { reminders: SessionReminderStore; clock: Clock }, input: { limit?: number } = {}): Promise<Result<ReminderSweepOutcome>> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + REMINDER_SWEEP_LOOKAHEAD_MS);
  const windows = REMINDER_KINDS.map((kind) => ({
    from: new Date(now.getTime() + REMINDER_LEAD_MS[kind]),
    to: new Date(until.getTime() + REMINDER_LEAD_MS[kind]),
  }));
  const sessions = await deps.reminders.confirmedStartingWithin(windows, input.limit ?? DEFAULT_LIMIT);
  const jobs = sessions.flatMap((b) => sessionReminderJobs(b, now, until));
  await deps.reminders.enqueueAll(jobs);
  return ok({ sessions: sessions.length, jobs: jobs.length });
}
