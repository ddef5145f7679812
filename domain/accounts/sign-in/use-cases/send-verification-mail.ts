import type { Mailer } from '../../../shared/mailer';
import type { Result } from '../../../shared/result';
import { verificationEmail } from '../account-emails';
import type { AccountLinks, EmailVerificationTokens } from '../email-verification-tokens';
import type { User } from '../../users/user';

/** Issues a verification token for the user's current email and mails the link. */
export async function sendVerificationMail(deps: { readonly mailer: Mailer; readonly tokens: EmailVerificationTokens; readonly links: AccountLinks }, user: User, now: Date): Promise<Result<void>> {
  const token = await deps.tokens.issue({ userId: user.id, email: user.email }, now);
  return deps.mailer.send(verificationEmail({ to: user.email, fullName: user.fullName, url: deps.links.verifyEmailUrl(token) }));
}
