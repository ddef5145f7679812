import { forbidden, invalid } from '../../shared/errors';
import { PASSWORD_MESSAGES } from './password.schemas';

/** Stable codes and the words people read when a password change or reset is refused. */
export const passwordErrors = {
  currentPasswordIncorrect: () => invalid('CURRENT_PASSWORD_INCORRECT', PASSWORD_MESSAGES.currentIncorrect, { currentPassword: [PASSWORD_MESSAGES.currentIncorrect] }),
  /** A Google-only account has no password to change (it can set one through 'Forgot your password?'). */
  noPassword: () => forbidden('NO_PASSWORD', 'Your account signs in with Google and has no password yet. To set one, use “Forgot your password?” on the login page.'),
  resetLinkInvalid: () => invalid('PASSWORD_RESET_LINK_INVALID', PASSWORD_MESSAGES.linkInvalid),
} as const;
