import type { Application } from '../composition-root';
import { registerCalendarSync } from './handlers/calendar-sync';
import { registerNotifications } from './handlers/notifications';
import { registerPhotoFileRemoval } from './handlers/photo-files';
import { registerJobHandlers } from './job-handlers';
import { registerScheduledTasks } from './scheduled-tasks';
import { OutboxWorker, type OutboxWorkerOptions } from './worker';

/** The application's outbox worker with every job handler and scheduled task registered (not started). */
export function createAppWorker(app: Application, options: Partial<Omit<OutboxWorkerOptions, 'orm' | 'clock' | 'logger'>> = {}): OutboxWorker {
  const worker = new OutboxWorker({ orm: app.orm, clock: app.clock, logger: app.logger, ...options });
  registerJobHandlers(worker, app);
  registerScheduledTasks(worker, app);
  registerNotifications(worker, app);
  registerCalendarSync(worker, app);
  return worker;
}

/**
 * The worker of the web process (scripts/start.ts). That process serves /uploads from its own
 * DATA_DIR, so it alone removes stored photo files (decision 038): with OUTBOX_WORKER=on it runs
 * every job and those; with OUTBOX_WORKER=off (a `fact worker` runs the rest elsewhere) it still
 * runs those, so a removal queued by the CLI is never claimed by a process that cannot reach the file.
 */
export function createServerWorker(app: Application, options: Partial<Omit<OutboxWorkerOptions, 'orm' | 'clock' | 'logger'>> = {}): OutboxWorker {
  // Alone, it polls gently: a removal is not urgent, the photo is already answered 404.
  const worker = app.env.OUTBOX_WORKER === 'on' ? createAppWorker(app, options) : new OutboxWorker({ orm: app.orm, clock: app.clock, logger: app.logger, pollIntervalMs: 5_000, ...options });
  registerPhotoFileRemoval(worker, app);
  return worker;
}
