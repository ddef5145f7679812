import { escapeHtml, type Mail } from '../../shared/mailer';

export const ALREADY_REGISTERED_SUBJECT = 'You already have a FACT account';

/**
 * Sent to the owner of an address when someone signs up with it again (decision 008): the sign-up
 * page answers as for a new account, so only the owner learns that the address is registered.
 */
export function alreadyRegisteredEmail(input: { to: string; fullName: string; loginUrl: string; signsInWithGoogle: boolean }): Mail {
  const name = input.fullName.trim() || 'there';
  const howTo = input.signsInWithGoogle
    ? 'You signed up with Google: choose "Continue with Google" on the login dialog.'
    : 'If you forgot your password, choose "Forgot your password?" on the login dialog.';
  return {
    to: input.to,
    subject: ALREADY_REGISTERED_SUBJECT,
    text: [
      `Hi ${name},`,
      '',
      'Someone (maybe you) just tried to create a FACT account with this email address.',
      'You already have an account, so no new account was created and nothing was changed.',
      '',
      'To log in, open:',
      input.loginUrl,
      '',
      howTo,
      '',
      "If it wasn't you, you can ignore this email: your account is unchanged.",
    ].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(name)},</p>`,
      '<p>Someone (maybe you) just tried to create a FACT account with this email address.',
      'You already have an account, so no new account was created and nothing was changed.</p>',
      `<p>To log in, open <a href="${escapeHtml(input.loginUrl)}">${escapeHtml(input.loginUrl)}</a>.</p>`,
      `<p>${escapeHtml(howTo)}</p>`,
      "<p>If it wasn't you, you can ignore this email: your account is unchanged.</p>",
    ].join('\n'),
  };
}
