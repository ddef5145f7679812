import type { Application } from '../composition-root';
import { registerNotifications } from './handlers/notifications';
import { registerJobHandlers } from './job-handlers';
import { registerScheduledTasks } from './scheduled-tasks';
import { OutboxWorker, type OutboxWorkerOptions } from './worker';

/** The application's outbox worker with every job handler and scheduled task registered (not started). */
export function createAppWorker(app: Application, options: Partial<Omit<OutboxWorkerOptions, 'orm' | 'clock' | 'logger'>> = {}): OutboxWorker {
  const worker = new OutboxWorker({ orm: app.orm, clock: app.clock, logger: app.logger, ...options });
  registerJobHandlers(worker, app);
  registerScheduledTasks(worker, app);
  registerNotifications(worker, app);
  return worker;
}
