import type { Clock } from '../../../shared/clock';
import type { Mailer } from '../../../shared/mailer';
import { ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import * as z from 'zod';
import { emailSchema } from '../../users/account.schemas';
import type { AccountLinks, EmailVerificationTokens } from '../email-verification-tokens';
import { canSignIn } from '../../users/user';
import { sendVerificationMail } from './send-verification-mail';

const resendSchema = z.object({ email: emailSchema });

/**
 * Sends a fresh verification link to an unverified, active account. Answers the same whether or
 * not such an account exists, so it cannot be used to find out who is registered.
 */
export async function resendVerificationEmail(deps: { uow: UnitOfWork; clock: Clock; mailer: Mailer; tokens: EmailVerificationTokens; links: AccountLinks }, form: unknown): Promise<Result<void>> {
  const parsed = parseForm(resendSchema, form);
  if (!parsed.ok) return parsed;
  const user = await deps.uow.read.users.findByEmail(parsed.value.email);
  if (user && !user.emailVerifiedAt && canSignIn(user) && user.passwordHash) {
    await sendVerificationMail(deps, user, deps.clock.now());
  }
  return ok(undefined);
}
