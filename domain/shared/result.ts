import type { DomainError } from './errors';

/** Expected failures are values, not exceptions (ARCHITECTURE rule 2). */
export type Result<T, E = DomainError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/** Unwraps a result in places (tests, seeds) where failure is a programming error. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (!result.ok) throw new Error(`Unexpected failure: ${JSON.stringify(result.error)}`);
  return result.value;
}
