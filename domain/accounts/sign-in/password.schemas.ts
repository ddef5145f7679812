import * as z from 'zod';
import { ACCOUNT_MESSAGES, emailSchema, passwordSchema } from '../users/account.schemas';

/** The words of the password forms (SPEC §5 for the length; the rest ours). */
export const PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password',
  newRequired: 'Please enter a new password',
  confirmRequired: 'Please confirm your new password',
  mismatch: 'Passwords do not match',
  tooShort: ACCOUNT_MESSAGES.passwordTooShort,
  emailRequired: 'Please enter your email address',
  currentIncorrect: 'Your current password is incorrect.',
  linkInvalid: 'This password reset link is invalid or has expired.',
} as const;

/** Longer than any token we sign; anything longer is not ours. */
const MAX_TOKEN_LENGTH = 4096;

const required = (message: string) => z.string({ error: message }).min(1, { error: message, abort: true });

/** The new password twice: at least 6 characters (SPEC §5), at most 128, both the same. */
const newPasswordShape = {
  newPassword: required(PASSWORD_MESSAGES.newRequired).pipe(passwordSchema),
  confirmPassword: required(PASSWORD_MESSAGES.confirmRequired).max(128, ACCOUNT_MESSAGES.passwordTooLong),
};

function confirmationMatches(form: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (form.newPassword !== form.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MESSAGES.mismatch });
}

/**
 * Change password (signed in): the current password (any length: old passwords stay valid),
 * the new one and its confirmation. Passwords are never trimmed: they are only hashed.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: required(PASSWORD_MESSAGES.currentRequired).max(1024, PASSWORD_MESSAGES.currentRequired),
    ...newPasswordShape,
  })
  .superRefine(confirmationMatches);
export type ChangePasswordForm = z.output<typeof changePasswordSchema>;

/** 'Forgot your password?': the email, normalised (trimmed, lower-cased) like sign-in's. */
export const forgotPasswordSchema = z.object({
  email: z.string({ error: PASSWORD_MESSAGES.emailRequired }).trim().min(1, { error: PASSWORD_MESSAGES.emailRequired, abort: true }).pipe(emailSchema),
});

/** The reset form: the link's token (hidden field) and the new password twice. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: PASSWORD_MESSAGES.linkInvalid }).min(1, PASSWORD_MESSAGES.linkInvalid).max(MAX_TOKEN_LENGTH, PASSWORD_MESSAGES.linkInvalid),
    ...newPasswordShape,
  })
  .superRefine(confirmationMatches);
export type ResetPasswordForm = z.output<typeof resetPasswordSchema>;
