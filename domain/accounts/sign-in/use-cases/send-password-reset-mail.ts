import type { Clock } from '../../../shared/clock';
import type { Mailer } from '../../../shared/mailer';
import { ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import type { AccountLinks } from '../email-verification-tokens';
import { passwordResetEmail } from '../password-emails';
import type { PasswordResetJob } from '../password-reset-job';
import type { PasswordResetTokens } from '../password-reset-tokens';
import { canSignIn } from '../../users/user';

export type PasswordResetMailOutcome = 'sent' | 'no_account';

/**
 * The worker's half of 'Forgot your password?': when an active, not erased account has the
 * email, a one-hour link bound to its current session version is mailed to it (a Google-only
 * account may set its first password this way; an unverified one is verified by using it).
 * Nobody is told anything otherwise. A mail failure is a failed Result: the worker retries.
 */
export async function sendPasswordResetMail(
  deps: { uow: UnitOfWork; clock: Clock; mailer: Mailer; resetTokens: PasswordResetTokens; links: AccountLinks },
  job: PasswordResetJob,
): Promise<Result<PasswordResetMailOutcome>> {
  const user = await deps.uow.read.users.findByEmail(job.email);
  if (!user || !canSignIn(user)) return ok('no_account');
  const token = await deps.resetTokens.issue({ userId: user.id, email: user.email, sessionVersion: user.sessionVersion }, deps.clock.now());
  const sent = await deps.mailer.send(passwordResetEmail({ to: user.email, fullName: user.fullName, url: deps.links.resetPasswordUrl(token) }));
  return sent.ok ? ok('sent') : sent;
}
