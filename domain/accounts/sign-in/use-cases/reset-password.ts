import type { Clock } from '../../../shared/clock';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import type { RateLimitClearer } from '../../../rate-limit/rate-limit-clearer';
import { parseForm } from '../../../validation/parse-form';
import { resetLinkMatches, resetPasswordWithLink } from '../password';
import { passwordErrors } from '../password-errors';
import { refuseCommonPassword, type CommonPasswords } from '../common-passwords';
import type { PasswordHasher } from '../password-hasher';
import type { PasswordResetClaim, PasswordResetTokens } from '../password-reset-tokens';
import { resetPasswordSchema } from '../password.schemas';
import { loginAccountKey } from '../rate-limit-keys';
import type { User } from '../../users/user';

interface LinkDeps {
  uow: UnitOfWork;
  clock: Clock;
  resetTokens: PasswordResetTokens;
}

/**
 * Whether a password-reset link may still be used: signed by us, under an hour old, for an
 * account that exists, may sign in, still has that email and the session version the link was
 * issued with. One answer for every refusal ('This password reset link is invalid or has expired.').
 */
export async function checkPasswordResetLink(deps: LinkDeps, input: { token: unknown }): Promise<Result<PasswordResetClaim>> {
  if (typeof input.token !== 'string' || input.token === '') return err(passwordErrors.resetLinkInvalid());
  const claim = await deps.resetTokens.read(input.token, deps.clock.now());
  if (!claim) return err(passwordErrors.resetLinkInvalid());
  const user = await deps.uow.read.users.findById(claim.userId);
  return resetLinkMatches(user, claim) ? ok(claim) : err(passwordErrors.resetLinkInvalid());
}

/**
 * The reset form (token, new password twice): everything about the link is checked again, then
 * the new hash, a bumped session version (every session ends, and this link with them) and a
 * verified email are saved in one transaction. Two submissions of one link: the second finds
 * the session version moved on and is refused. The account's failed sign-ins are then forgotten
 * (the link proved the mailbox): the owner can sign in at once. The address's count stays.
 */
export async function resetPassword(
  deps: LinkDeps & { hasher: PasswordHasher; commonPasswords: CommonPasswords; rateLimits: RateLimitClearer },
  form: { token?: unknown; [field: string]: unknown },
): Promise<Result<User>> {
  const link = await checkPasswordResetLink(deps, { token: form.token });
  if (!link.ok) return link;
  const parsed = parseForm(resetPasswordSchema, form);
  if (!parsed.ok) return parsed;
  const common = refuseCommonPassword(deps.commonPasswords, parsed.value.newPassword, 'newPassword');
  if (!common.ok) return common;
  const passwordHash = await deps.hasher.hash(parsed.value.newPassword);
  const claim = link.value;
  const now = deps.clock.now();
  const result = await deps.uow.transaction(async (tx) => {
    const user = await tx.users.findById(claim.userId);
    if (!resetLinkMatches(user, claim)) return err(passwordErrors.resetLinkInvalid());
    const reset = resetPasswordWithLink(user, claim, passwordHash, now);
    if (!reset.ok) return err(passwordErrors.resetLinkInvalid());
    const saved = await tx.users.save(reset.value);
    return saved.ok ? ok(reset.value) : saved;
  });
  if (result.ok) {
    // After the commit, and not allowed to undo it: at worst the lockout runs out by itself.
    const accountKey = loginAccountKey(result.value.email);
    if (accountKey) await deps.rateLimits.clear(accountKey).catch(() => undefined);
  }
  return result;
}
