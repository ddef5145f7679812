import type { DomainError } from '../../domain/shared/errors';

/**
 * SPEC §8 login messages: bad credentials, unverified email and the rate limit keep their own
 * words; a form left blank says what is missing; anything else is 'Login failed: {message}'.
 */
const OWN_WORDS = new Set(['INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'RATE_LIMITED', 'VALIDATION_FAILED']);

export function loginFailureMessage(error: Pick<DomainError, 'code' | 'message'>): string {
  return OWN_WORDS.has(error.code) ? error.message : `Login failed: ${error.message}`;
}
