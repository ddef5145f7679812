import { escapeHtml, type Mail } from '../../shared/mailer';

/** What the pages say after account actions (SPEC §8). */
export const ACCOUNT_NOTICES = {
  registered: 'Account created successfully! Please check your email to verify your account, then you can log in.',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  deletionRequested: 'Deletion request submitted. An admin will review it shortly.',
  deletionRequestFailed: 'Failed to submit deletion request',
  emailVerified: 'Your email is verified. You can now log in.',
  verificationResent: 'If an unverified account exists for that email, a new verification link is on its way.',
} as const;

/** The e-mail with the verification link sent after email sign-up. */
export function verificationEmail(input: { to: string; fullName: string; url: string }): Mail {
  const name = input.fullName.trim() || 'there';
  return {
    to: input.to,
    subject: 'Verify your email for FACT',
    text: [
      `Hi ${name},`,
      '',
      'Welcome to FACT — Football Academy Coaching & Training.',
      'Please confirm your email address by opening this link:',
      input.url,
      '',
      "If you didn't create an account, you can ignore this email.",
    ].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(name)},</p>`,
      '<p>Welcome to FACT — Football Academy Coaching &amp; Training.</p>',
      `<p>Please confirm your email address: <a href="${escapeHtml(input.url)}">verify my email</a>.</p>`,
      "<p>If you didn't create an account, you can ignore this email.</p>",
    ].join('\n'),
  };
}
