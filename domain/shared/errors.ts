/**
 * A failure the business expects. `kind` decides how the edge answers
 * (HTTP status or CLI exit code); `code` is stable and machine-readable;
 * `message` is the text a person sees (the SPEC's words where it gives them).
 */
export type ErrorKind =
  | 'invalid' // 422: bad input; fieldErrors say where
  | 'forbidden' // 403: the actor may not do this
  | 'not_found' // 404: missing, or not visible to the actor
  | 'conflict' // 409: not allowed from the current state, or a concurrent change won
  | 'rate_limited' // 429
  | 'unavailable'; // 503: a dependency (payment gateway, mail) failed

export interface DomainError {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly message: string;
  readonly fieldErrors?: Readonly<Record<string, readonly string[]>>;
}

const make =
  (kind: ErrorKind) =>
  (code: string, message: string, fieldErrors?: Record<string, string[]>): DomainError =>
    fieldErrors ? { kind, code, message, fieldErrors } : { kind, code, message };

export const invalid = make('invalid');
export const forbidden = make('forbidden');
export const notFound = make('not_found');
export const conflict = make('conflict');
export const rateLimited = make('rate_limited');
export const unavailable = make('unavailable');

export function isDomainError(value: unknown): value is DomainError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as DomainError).code === 'string' &&
    typeof (value as DomainError).kind === 'string' &&
    typeof (value as DomainError).message === 'string'
  );
}

/** Lets a use case abort a transaction with a domain failure; the unit of work turns it back into a value. */
export class DomainFailure extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
    this.name = 'DomainFailure';
  }
}
