import type { z } from 'zod';
import { invalid } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';

/** SPEC §2/§5: shown when a form fails without a more specific first message. */
export const GENERIC_FORM_ERROR = 'Please check your input and try again.';

/** The key of form-level errors (issues without a field path). */
export const FORM_ERROR_KEY = '_form';

/**
 * Parses form data (or any input) with a shared schema. Failure is a DomainError of kind
 * 'invalid', code 'VALIDATION_FAILED', `fieldErrors` keyed by dotted path
 * ('location.address') and `message` = the first error, which the form shows in its alert.
 */
export function parseForm<S extends z.ZodType>(schema: S, data: unknown): Result<z.output<S>> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return ok(parsed.data);
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : FORM_ERROR_KEY;
    const list = (fieldErrors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  const message = parsed.error.issues[0]?.message ?? GENERIC_FORM_ERROR;
  return err(invalid('VALIDATION_FAILED', message, fieldErrors));
}

/**
 * Turns form entries (a FormData or URLSearchParams is such an iterable) into a plain object:
 * a key seen once gives its value, a key seen several times (checkbox groups) gives an array,
 * and a key ending in `[]` always gives an array under the name without the brackets.
 */
export function collectFormEntries(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of entries) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const existing = out[key];
    if (existing === undefined) out[key] = isList ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else out[key] = [existing, value];
  }
  return out;
}
