import { forbidden, invalid, notFound } from '../shared/errors';

/** Failures of the administration context (the ops CLI's `--as`, creating administrators, verifying coaches). */
export const adminErrors = {
  actingAdminRequired: () => invalid('ACTING_ADMIN_REQUIRED', 'Say which administrator is acting: --as <admin email>.'),
  actingUserNotFound: (email: string) => notFound('ACTING_ADMIN_NOT_FOUND', `No account with the email ${email}.`),
  actingUserNotAdmin: (email: string) => forbidden('ACTING_USER_NOT_ADMIN', `${email} is not an administrator.`),
  actingAdminInactive: (email: string) => forbidden('ACTING_ADMIN_INACTIVE', `The administrator ${email} is deactivated.`),
  /** Not a coach that can be verified: unknown, erased, an administrator or a client (no badge to give). */
  coachNotFound: () => notFound('COACH_NOT_FOUND', 'Coach not found'),
  adminPasswordTooShort: () =>
    invalid('ADMIN_PASSWORD_TOO_SHORT', `An administrator's password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters long.`, {
      password: [`An administrator's password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters long.`],
    }),
} as const;

/** Administrators guard every account: their passwords are longer than SPEC's 6-character minimum. */
export const MIN_ADMIN_PASSWORD_LENGTH = 10;
