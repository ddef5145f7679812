import { json } from '@remix-run/node';
import type { DomainError, ErrorKind } from '../../domain/shared/errors';

/** ENGINEERING: a DomainError's kind is its HTTP status at the edge. */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 422,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** What a form shows after a refused action: the first message (in an alert) and the field errors. */
export interface ActionFailure {
  readonly ok: false;
  readonly intent: string;
  readonly bookingId: string | null;
  readonly code: string;
  readonly message: string;
  readonly fieldErrors: Record<string, readonly string[]>;
}

export function failure(error: DomainError, intent: string, bookingId: string | null = null) {
  const body: ActionFailure = {
    ok: false,
    intent,
    bookingId,
    code: error.code,
    message: error.message,
    fieldErrors: { ...(error.fieldErrors ?? {}) },
  };
  return json(body, { status: STATUS_OF[error.kind] });
}

/** The intent of a form, limited to the ones a route knows. */
export function intentOf<const T extends readonly string[]>(form: FormData, known: T): T[number] | null {
  const value = form.get('intent');
  return typeof value === 'string' && (known as readonly string[]).includes(value) ? value : null;
}
