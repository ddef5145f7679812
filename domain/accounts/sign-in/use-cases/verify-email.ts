import type { Clock } from '../../../shared/clock';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { accountErrors } from '../../users/account-errors';
import type { EmailVerificationTokens } from '../email-verification-tokens';
import { isErased, verifyEmail as markVerified, type User } from '../../users/user';

/** Follows a verification link: the token must be valid and name the user's current email. */
export async function verifyEmail(deps: { uow: UnitOfWork; clock: Clock; tokens: EmailVerificationTokens }, input: { token: string }): Promise<Result<User>> {
  const now = deps.clock.now();
  const claim = await deps.tokens.read(input.token, now);
  if (!claim) return err(accountErrors.verificationLinkInvalid());
  return deps.uow.transaction(async (tx) => {
    const user = await tx.users.findById(claim.userId);
    if (!user || isErased(user) || user.email !== claim.email.toLowerCase()) return err(accountErrors.verificationLinkInvalid());
    const verified = markVerified(user, now);
    if (verified === user) return ok(user);
    const saved = await tx.users.save(verified);
    return saved.ok ? ok(verified) : saved;
  });
}
