import type { Clock } from '../../../shared/clock';
import { ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import { checkRateLimit } from '../../../rate-limit/check-rate-limit';
import { RATE_LIMITS } from '../../../rate-limit/rate-limit-policy';
import type { RateLimitStore } from '../../../rate-limit/rate-limit-store';
import { PASSWORD_RESET_JOB } from '../password-reset-job';
import { forgotPasswordSchema } from '../password.schemas';
import { passwordResetLimitKeys } from '../rate-limit-keys';

/**
 * 'Forgot your password?': queues the reset mail for the worker and answers the same whatever
 * the email is (PASSWORD_NOTICES.resetRequested). It never looks the account up here, so the
 * answer and the time it takes say nothing about who is registered; the worker's
 * sendPasswordResetMail does that. Limited per address (every attempt counts) and per email
 * (5 an hour each), so nobody can flood a mailbox.
 */
export async function requestPasswordReset(deps: { uow: UnitOfWork; clock: Clock; rateLimits: RateLimitStore }, input: { form: unknown; ip: string }): Promise<Result<void>> {
  const now = deps.clock.now();
  const policy = RATE_LIMITS.passwordReset;
  const byAddress = checkRateLimit(policy, await deps.rateLimits.hit(passwordResetLimitKeys(input.ip, '').ip, policy.windowMs, now));
  if (!byAddress.ok) return byAddress;
  const parsed = parseForm(forgotPasswordSchema, input.form);
  if (!parsed.ok) return parsed;
  const { email } = parsed.value;
  const byEmail = checkRateLimit(policy, await deps.rateLimits.hit(passwordResetLimitKeys(input.ip, email).email, policy.windowMs, now));
  if (!byEmail.ok) return byEmail;
  return deps.uow.transaction(async (tx) => {
    await tx.outbox.enqueue({ type: PASSWORD_RESET_JOB, payload: { email } });
    return ok(undefined);
  });
}
