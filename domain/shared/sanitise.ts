/**
 * SPEC §5 input sanitising, applied on the server to every free-text input before it is stored
 * (the zod schemas call it). React escapes on output; this removes what has no business in
 * plain text: angle brackets, script-protocol text and inline event-handler patterns.
 */
export const MAX_TEXT_LENGTH = 10_000;

const ANGLE_BRACKETS = /[<>]/g;
const SCRIPT_PROTOCOLS = /(?:java|vb)script\s*:|data\s*:\s*text\/html/gi;
const EVENT_HANDLERS = /\bon\w+\s*=/gi;
/** NUL cannot be stored in PostgreSQL text (and has no place in text anyway). */
// eslint-disable-next-line no-control-regex -- NUL is matched on purpose
const NUL = /\u0000/g;

function stripOnce(text: string): string {
  return text.replace(NUL, '').replace(ANGLE_BRACKETS, '').replace(SCRIPT_PROTOCOLS, '').replace(EVENT_HANDLERS, '');
}

/**
 * Strips angle brackets, `javascript:` / `vbscript:` / `data:text/html` and `onxxx=` patterns,
 * repeating until nothing changes (so removing one pattern cannot assemble another), then
 * truncates to 10 000 characters. Idempotent.
 */
export function sanitiseText(input: string): string {
  let current = input;
  for (;;) {
    const next = stripOnce(current);
    if (next === current) break;
    current = next;
  }
  return current.length > MAX_TEXT_LENGTH ? current.slice(0, MAX_TEXT_LENGTH) : current;
}

/** Sanitises every string found in a plain value (objects and arrays walked recursively). */
export function sanitiseDeep<T>(value: T): T {
  if (typeof value === 'string') return sanitiseText(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => sanitiseDeep(v)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sanitiseDeep(v)])) as T;
  }
  return value;
}
