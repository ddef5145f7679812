import * as z from 'zod';
import { sanitiseText } from '../shared/sanitise';

/**
 * Building blocks of the SPEC §5 schemas. Every free-text field is sanitised (SPEC §5) and
 * trimmed before its length is checked, so what is validated is what is stored. Parsing a
 * parsed value again gives the same value (forms and server can both parse).
 */

/** SPEC §5 registration: the message for any missing required field. */
export const REQUIRED_FIELDS = 'Please fill in all required fields';

/** A sanitised, trimmed string ('Please ...' when missing). */
export function cleanString(requiredMessage: string) {
  return z.string({ error: requiredMessage }).overwrite(sanitiseText).trim();
}

/** A required free-text field: missing or blank gives `requiredMessage`, then the length bound. */
export function requiredText(requiredMessage: string, max: number, tooLongMessage: string) {
  return cleanString(requiredMessage).min(1, { error: requiredMessage, abort: true }).max(max, tooLongMessage);
}

/**
 * An optional free-text field. Absent (undefined) stays absent, meaning "unchanged" in an
 * update; null or blank becomes null ("cleared"); otherwise sanitised, trimmed and bounded.
 */
export function optionalText(max: number, tooLongMessage: string) {
  return z
    .preprocess(
      (v) => (v === null ? '' : v),
      z
        .string()
        .overwrite(sanitiseText)
        .trim()
        .max(max, tooLongMessage)
        .transform((s): string | null => (s === '' ? null : s)),
    )
    .optional();
}

/** A form value that may be one string, several, or none, as a list without blanks. */
export function toList(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v) => !(typeof v === 'string' && v.trim() === ''));
}

/** A list of catalogue values (checkbox group), de-duplicated. Absent stays absent. */
export function enumList<const T extends readonly [string, ...string[]]>(values: T, invalidMessage: string) {
  return z
    .preprocess(
      toList,
      z.array(z.enum(values, { error: invalidMessage })).overwrite((list) => Array.from(new Set(list))),
    )
    .optional();
}

/** A number typed into a form ('50' or 50). Blank counts as missing; text that is no number gets `notNumberMessage`. */
export function formNumber(requiredMessage: string, notNumberMessage: string = requiredMessage) {
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const t = v.trim();
      return t === '' ? undefined : Number(t);
    },
    z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : notNumberMessage) }),
  );
}

/** A checkbox or boolean field: true for true, 'true', 'on', '1', 'yes'. */
export function formBoolean() {
  return z.preprocess((v) => v === true || (typeof v === 'string' && ['true', 'on', '1', 'yes'].includes(v.toLowerCase())), z.boolean());
}

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
