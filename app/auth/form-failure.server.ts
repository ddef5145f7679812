import { json } from '@remix-run/node';
import type { DomainError, ErrorKind } from '../../domain/shared/errors';
import type { FormFailure } from './form-failure';

const STATUS: Record<ErrorKind, number> = {
  invalid: 422,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export type { FormFailure };

export function formFailure(error: DomainError, intent: string, message: string = error.message, values?: Readonly<Record<string, unknown>>) {
  const body: FormFailure = { ok: false, intent, code: error.code, message, fieldErrors: { ...(error.fieldErrors ?? {}) }, ...(values ? { values } : {}) };
  return json(body, { status: STATUS[error.kind] });
}

/** SPEC §8: errors containing 'rate limit' are shown prefixed with a warning sign. */
export function withRateLimitSign(message: string): string {
  return /rate limit|too many/i.test(message) ? `⚠️ ${message}` : message;
}
