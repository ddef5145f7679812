import type { DomainError } from '../../domain/shared/errors';

/**
 * SPEC §8 registration messages: a taken email and validation keep their own words (the first
 * validation message in the alert); anything else is 'Registration failed: {message}'.
 */
export function registrationFailureMessage(error: Pick<DomainError, 'code' | 'message'>): string {
  if (error.code === 'EMAIL_TAKEN' || error.code === 'VALIDATION_FAILED' || error.code === 'RATE_LIMITED') return error.message;
  return `Registration failed: ${error.message}`;
}

/** SPEC §8: a failed Google registration. */
export const GOOGLE_REGISTRATION_FAILED = 'Registration failed. Please try again.';
