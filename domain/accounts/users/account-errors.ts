import { conflict, forbidden, invalid, notFound } from '../../shared/errors';
import { policyErrors } from '../../policy/policy-errors';

/** Stable codes and the words people read for account failures (SPEC §8 where it gives them). */
export const accountErrors = {
  emailTaken: () => conflict('EMAIL_TAKEN', 'An account with this email already exists. Please try logging in instead.'),
  invalidCredentials: () => invalid('INVALID_CREDENTIALS', 'Invalid email or password. Please check your credentials and try again.'),
  emailNotVerified: () => forbidden('EMAIL_NOT_VERIFIED', 'Please check your email and click the verification link before logging in.'),
  accountDeactivated: () => forbidden('ACCOUNT_DEACTIVATED', 'This account has been deactivated. Please contact support if you think this is a mistake.'),
  verificationLinkInvalid: () => invalid('VERIFICATION_LINK_INVALID', 'This verification link is invalid or has expired. Please request a new one.'),
  userNotFound: () => notFound('USER_NOT_FOUND', 'User not found'),
  coachProfileNotFound: () => notFound('COACH_PROFILE_NOT_FOUND', 'Coach profile not found'),
  notACoach: () => forbidden('NOT_A_COACH', 'Only coaches have a coach profile.'),
  notProfileOwner: () => forbidden('NOT_PROFILE_OWNER', 'You can only change your own profile.'),
  adminOnly: policyErrors.adminOnly,
  cannotRemoveAdmin: policyErrors.cannotRemoveAdmin,
  cannotRemoveSelf: policyErrors.cannotRemoveSelf,
  alreadyDeactivated: () => conflict('USER_ALREADY_DEACTIVATED', 'This user is already deactivated.'),
  notDeactivated: () => conflict('USER_NOT_DEACTIVATED', 'This user is active.'),
  userErased: () => conflict('USER_ERASED', 'This account has been deleted and cannot be changed or restored.'),
  deletionAlreadyPending: () => conflict('DELETION_ALREADY_PENDING', 'You already have a pending deletion request. An admin will review it shortly.'),
  adminsCannotRequestDeletion: policyErrors.adminsCannotRequestDeletion,
  deletionRequestNotFound: () => notFound('DELETION_REQUEST_NOT_FOUND', 'Deletion request not found'),
  deletionRequestNotPending: () => conflict('DELETION_REQUEST_NOT_PENDING', 'This deletion request has already been decided.'),
  googleEmailUnverified: () => forbidden('GOOGLE_EMAIL_UNVERIFIED', 'Your Google account email is not verified. Please verify it with Google and try again.'),
  invalidRecord: (what: string, detail: string) => invalid('INVALID_RECORD', `Stored ${what} is invalid: ${detail}`),
} as const;
