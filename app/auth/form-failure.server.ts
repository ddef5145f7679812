import { json } from '@remix-run/node';
import type { DomainError, ErrorKind } from '../../domain/shared/errors';

const STATUS: Record<ErrorKind, number> = {
  invalid: 422,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** What an accounts form shows after a refusal: one message (alert) and the field errors. */
export interface FormFailure {
  readonly ok: false;
  readonly intent: string;
  readonly code: string;
  readonly message: string;
  readonly fieldErrors: Record<string, readonly string[]>;
}

export function formFailure(error: DomainError, intent: string, message: string = error.message) {
  const body: FormFailure = { ok: false, intent, code: error.code, message, fieldErrors: { ...(error.fieldErrors ?? {}) } };
  return json(body, { status: STATUS[error.kind] });
}

/** SPEC §8: errors containing 'rate limit' are shown prefixed with a warning sign. */
export function withRateLimitSign(message: string): string {
  return /rate limit|too many/i.test(message) ? `⚠️ ${message}` : message;
}
