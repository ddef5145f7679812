import { parsePasswordResetJob, PASSWORD_RESET_JOB } from '../../../domain/accounts/sign-in/password-reset-job';
import { sendPasswordResetMail } from '../../../domain/accounts/sign-in/use-cases/send-password-reset-mail';
import type { Mailer } from '../../../domain/shared/mailer';
import type { Application } from '../../composition-root';
import { PermanentJobFailure, type OutboxWorker } from '../worker';

/**
 * 'Forgot your password?' mail: the web request queued only the email; here the account is
 * looked up and, if it is active and not erased, the one-hour link is mailed. A mail failure is
 * retried with the worker's back-off; a malformed payload fails at once. The log says whether a
 * mail went out, never to whom nor the link.
 */
export function registerPasswordReset(worker: OutboxWorker, app: Application, options: { mailer?: Mailer } = {}): void {
  worker.registerHandler(PASSWORD_RESET_JOB, async (job) => {
    const request = parsePasswordResetJob(job.payload);
    if (!request) throw new PermanentJobFailure(`Malformed ${PASSWORD_RESET_JOB} payload`);
    const deps = app.deps();
    const result = await sendPasswordResetMail(options.mailer ? { ...deps, mailer: options.mailer } : deps, request);
    app.logger.info(
      { event: 'password_reset_mail', jobId: job.id, outcome: result.ok ? result.value : result.error.code },
      result.ok ? 'password reset request handled' : 'password reset mail failed',
    );
    return result;
  });
}
