import { isId, type Id } from '../../shared/ids';
import type { OutboxPort } from '../../shared/outbox';
import type { CalendarLink } from '../calendar-link';
import { CALENDAR_MANUAL_SYNC_GAP_MS, CALENDAR_SYNC_JOB } from '../external-calendar';

/**
 * When a sync the coach asks for may run: now, or a minute after the previous fetch, so that
 * pressing 'Sync now' (or re-linking) again and again never turns FACT into a flood of requests
 * to the calendar's server.
 */
export function syncDueAfter(link: Pick<CalendarLink, 'lastAttemptAt'> | null, now: Date): Date {
  const earliest = link?.lastAttemptAt ? link.lastAttemptAt.getTime() + CALENDAR_MANUAL_SYNC_GAP_MS : 0;
  return new Date(Math.max(now.getTime(), earliest));
}

/** The job that syncs the coach's calendar at `dueAt` (one per request: the key names the instant). */
export async function queueCalendarSync(outbox: OutboxPort, coachId: Id, dueAt: Date): Promise<void> {
  await outbox.enqueue({ type: CALENDAR_SYNC_JOB, payload: { coachId }, runAfter: dueAt, dedupeKey: `${CALENDAR_SYNC_JOB}:${coachId}:${dueAt.getTime()}` });
}

/** The job's payload, re-read by the worker. */
export function parseCalendarSyncJob(payload: unknown): { readonly coachId: Id } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { coachId } = payload as { coachId?: unknown };
  return isId(coachId) ? { coachId } : null;
}
