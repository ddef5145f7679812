import { err, ok, type Result } from '../../shared/result';
import { accountErrors } from '../users/account-errors';
import type { PasswordResetClaim } from './password-reset-tokens';
import { canSignIn, isErased, type User } from '../users/user';

/**
 * A new password for the person (its hash): every session they have ends at once, because the
 * session version goes up (the device that asked gets a fresh cookie from the caller).
 */
export function setNewPassword(user: User, passwordHash: string, now: Date): Result<User> {
  if (isErased(user)) return err(accountErrors.userErased());
  return ok({ ...user, passwordHash, sessionVersion: user.sessionVersion + 1, updatedAt: now });
}

/**
 * Whether a password-reset link still speaks for this account: it may sign in (active, not
 * erased), the link was sent to its current email, and nothing ended its sessions since (a
 * reset, a password change, a logout all bump the session version).
 */
export function resetLinkMatches(user: User | null, claim: PasswordResetClaim): user is User {
  return user !== null && canSignIn(user) && user.id === claim.userId && user.email === claim.email.toLowerCase() && user.sessionVersion === claim.sessionVersion;
}

/**
 * A password set through a reset link: as a change, and the email counts as verified from then
 * on (the link reached the mailbox, which proves it is theirs).
 */
export function resetPasswordWithLink(user: User, claim: PasswordResetClaim, passwordHash: string, now: Date): Result<User> {
  if (!resetLinkMatches(user, claim)) return err(accountErrors.userNotFound());
  const changed = setNewPassword(user, passwordHash, now);
  if (!changed.ok) return changed;
  return ok({ ...changed.value, emailVerifiedAt: user.emailVerifiedAt ?? now });
}
