import { escapeHtml, type Mail } from '../../shared/mailer';

/** What the pages say around a password change or reset. */
export const PASSWORD_NOTICES = {
  changed: 'Your password has been changed.',
  resetRequested: 'If an account exists for that email, we have sent a link to reset your password. The link works for one hour.',
  reset: 'Your password has been reset. You can now log in.',
} as const;

/** The e-mail with the password-reset link (plain text and escaped HTML). */
export function passwordResetEmail(input: { to: string; fullName: string; url: string }): Mail {
  const name = input.fullName.trim() || 'there';
  return {
    to: input.to,
    subject: 'Reset your FACT password',
    text: [
      `Hi ${name},`,
      '',
      'Someone (we hope you) asked to reset the password of your FACT account.',
      'To choose a new password, open this link within one hour:',
      input.url,
      '',
      'The link works once. Setting a new password signs you out everywhere else.',
      '',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(name)},</p>`,
      '<p>Someone (we hope you) asked to reset the password of your FACT account.</p>',
      `<p>To choose a new password, open this link within one hour: <a href="${escapeHtml(input.url)}">reset my password</a>.</p>`,
      '<p>The link works once. Setting a new password signs you out everywhere else.</p>',
      '<p>If you did not ask for this, you can ignore this email: your password stays as it is.</p>',
    ].join('\n'),
  };
}
