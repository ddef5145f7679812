import { CALENDAR_SYNC_JOB } from '../../../domain/availability/external-calendar';
import { parseCalendarSyncJob } from '../../../domain/availability/use-cases/queue-calendar-sync';
import { syncDueCalendars, syncRequestedCalendar, type CalendarSyncResult } from '../../../domain/availability/use-cases/sync-linked-calendars';
import type { Application } from '../../composition-root';
import { PermanentJobFailure, type OutboxWorker } from '../worker';

/** How often the worker looks for calendars due; each is fetched every CALENDAR_SYNC_EVERY_MS. */
const LOOK_EVERY_MS = 5 * 60_000;

/** One log line per sync: the coach, the outcome and the number of spans, never the address. */
function logResult(app: Application, result: CalendarSyncResult, jobId?: string): void {
  const line = { event: 'calendar_sync', coachId: result.coachId, outcome: result.outcome, spans: result.spans, truncated: result.truncated, jobId };
  if (result.outcome === 'failed') app.logger.warn(line, 'linked calendar could not be synced');
  else app.logger.info(line, 'linked calendar synced');
}

/**
 * Coaches' own calendars (PRODUCT.md 'Availability'): the job queued by linking or 'Sync now'
 * fetches that coach's calendar at once; the periodic task fetches every linked calendar whose
 * last attempt is 15 minutes old, up to 50 a run, 4 at a time. A failed fetch is not a failed
 * job: it is recorded on the link (the last good copy stays) and tried again on the next period.
 */
export function registerCalendarSync(worker: OutboxWorker, app: Application): void {
  worker.registerHandler(CALENDAR_SYNC_JOB, async (job) => {
    const request = parseCalendarSyncJob(job.payload);
    if (!request) throw new PermanentJobFailure(`Malformed ${CALENDAR_SYNC_JOB} payload`);
    const result = await syncRequestedCalendar(app.deps(), request);
    if (!result.ok) return result;
    // Another sync of this coach holds the calendar: try again after it (the back-off).
    if (result.value === 'busy') throw new Error('Another sync of this calendar is running');
    if (result.value !== 'nothing_due') logResult(app, result.value, job.id);
    return result;
  });
  worker.schedule({
    name: 'availability.calendar-sync',
    everyMs: LOOK_EVERY_MS,
    run: async () => {
      const result = await syncDueCalendars(app.deps());
      if (result.ok) for (const one of result.value) logResult(app, one);
      return result;
    },
  });
}
