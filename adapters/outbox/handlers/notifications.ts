import { BOOKING_NOTIFICATION_JOB } from '../../../domain/booking/lifecycle/booking-notifications';
import { EMAIL_JOB_TYPES } from '../../../domain/notifications/email-job';
import { deliverEmail, type DeliverEmailDeps } from '../../../domain/notifications/use-cases/deliver-email';
import { queueMessageDigests } from '../../../domain/notifications/use-cases/queue-message-digests';
import { queuePackageExpiryReminders } from '../../../domain/notifications/use-cases/queue-package-expiry-reminders';
import { queueSessionReminders } from '../../../domain/notifications/use-cases/queue-session-reminders';
import type { Mailer } from '../../../domain/shared/mailer';
import { publicOrigin } from '../../accounts/account-ports';
import type { Application } from '../../composition-root';
import { createCalendarRenderer } from '../../mail/calendar-invite';
import { createMessageDigestStore } from '../../persistence/notifications/message-digest-store';
import { createNotificationStore } from '../../persistence/notifications/notification-store';
import { createSessionReminderStore } from '../../persistence/notifications/session-reminder-store';
import { PermanentJobFailure, type OutboxWorker } from '../worker';

const MINUTE = 60_000;
/** How often the unread-message digest looks for messages waiting over 15 minutes. */
export const DIGEST_EVERY_MS = 5 * MINUTE;
/** How often the session-reminder sweep queues the reminders due in the next 30 minutes (decision 013). */
export const REMINDER_SWEEP_EVERY_MS = 5 * MINUTE;

/** What the email jobs need: the app's mailer (SMTP or the local outbox) unless a test gives one. */
export function notificationDeps(app: Application, options: { mailer?: Mailer } = {}): DeliverEmailDeps {
  return {
    notifications: createNotificationStore(app.orm),
    mailer: options.mailer ?? app.deps().mailer,
    calendar: createCalendarRenderer({ from: app.env.MAIL_FROM }),
    appUrl: publicOrigin(app.env),
    clock: app.clock,
  };
}

/**
 * Email on the outbox worker: one handler per `email.<event>` job type (render, send through
 * the Mailer, record; session reminders are `reminder.session`, decision 013), and the
 * unread-message digest and the session-reminder sweep as scheduled tasks. The worker claims each
 * job once (SKIP LOCKED), retries failures with back-off and marks the last failure; a malformed
 * job fails at once. `booking.notification` jobs (the booking context's event record) have
 * nothing left to do here: the booking use cases queue their emails as `email.*` jobs.
 */
export function registerNotifications(worker: OutboxWorker, app: Application, options: { mailer?: Mailer } = {}): void {
  const deps = notificationDeps(app, options);
  for (const type of EMAIL_JOB_TYPES) {
    worker.registerHandler(type, async (job) => {
      const result = await deliverEmail(deps, job);
      if (!result.ok && result.error.kind === 'invalid') throw new PermanentJobFailure(result.error.message);
      if (result.ok && result.value.outcome === 'sent') app.logger.info({ jobId: job.id, type }, 'email sent');
      return result;
    });
  }
  worker.registerHandler(BOOKING_NOTIFICATION_JOB, async () => undefined);
  const digests = createMessageDigestStore(app.orm);
  worker.schedule({
    name: 'email.message-digest',
    everyMs: DIGEST_EVERY_MS,
    run: async () => {
      const result = await queueMessageDigests({ digests, clock: app.clock });
      if (result.ok && result.value.people > 0) app.logger.info({ task: 'email.message-digest', ...result.value }, 'scheduled task ran');
      return result;
    },
  });
  worker.schedule({
    name: 'email.package-expiry',
    everyMs: REMINDER_SWEEP_EVERY_MS,
    run: async () => {
      const result = await queuePackageExpiryReminders(app.deps());
      if (result.ok && result.value.jobs > 0) app.logger.info({ task: 'email.package-expiry', ...result.value }, 'scheduled task ran');
      return result;
    },
  });
  const reminders = createSessionReminderStore(app.orm);
  worker.schedule({
    name: 'email.session-reminders',
    everyMs: REMINDER_SWEEP_EVERY_MS,
    run: async () => {
      const result = await queueSessionReminders({ reminders, clock: app.clock });
      if (result.ok && result.value.jobs > 0) app.logger.info({ task: 'email.session-reminders', ...result.value }, 'scheduled task ran');
      return result;
    },
  });
}
