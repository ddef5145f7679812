import { DATE_RANGE_MESSAGES, londonDateRange } from './london-date-range';

/**
 * The audit page's filters from the address (decision 056): the acting administrator, the
 * action, the target (a booking reference, a user's email, or a record's id) and the London dates
 * the entries were written between. Plain code, no zod: the page's component reads the values.
 */
export interface AuditSearchValues {
  readonly actor: string;
  readonly action: string;
  readonly target: string;
  readonly from: string;
  readonly to: string;
}

export type AuditTarget = { readonly reference: string } | { readonly email: string } | { readonly id: string };

export interface AuditSearchFilter {
  readonly actorId: string | null;
  readonly action: string | null;
  readonly target: AuditTarget | null;
  readonly loggedFrom: Date | null;
  readonly loggedBefore: Date | null;
}

export type AuditSearchField = keyof AuditSearchValues;

export type AuditSearch =
  | { readonly ok: true; readonly values: AuditSearchValues; readonly filter: AuditSearchFilter }
  | { readonly ok: false; readonly values: AuditSearchValues; readonly errors: Partial<Record<AuditSearchField, string>> };

export const AUDIT_SEARCH_MESSAGES = {
  actor: 'Choose an administrator from the list.',
  action: 'Choose an action from the list.',
  target: 'Give a booking reference (FACT-20261201-AB12), an email or a record id.',
  ...DATE_RANGE_MESSAGES,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFERENCE = /^FACT-\d{8}-[A-Z0-9]{4,10}$/;
const ACTION = /^[a-z_]{1,40}(\.[a-z_]{1,40}){0,3}$/;
const EMAIL = /^[^\s@]{1,200}@[^\s@]{1,200}$/;

function targetOf(text: string): AuditTarget | null {
  if (REFERENCE.test(text.toUpperCase())) return { reference: text.toUpperCase() };
  if (EMAIL.test(text)) return { email: text.toLowerCase() };
  if (UUID.test(text)) return { id: text.toLowerCase() };
  // Other records (a deletion request) are named by their id; anything else is a typo.
  return null;
}

export function parseAuditSearch(params: URLSearchParams): AuditSearch {
  const raw = (key: string) => (params.get(key) ?? '').trim().slice(0, 200);
  const values = { actor: raw('actor'), action: raw('action'), target: raw('target'), from: raw('from'), to: raw('to') };
  const errors: Partial<Record<AuditSearchField, string>> = {};
  if (values.actor && !UUID.test(values.actor)) errors.actor = AUDIT_SEARCH_MESSAGES.actor;
  if (values.action && !ACTION.test(values.action)) errors.action = AUDIT_SEARCH_MESSAGES.action;
  const target = values.target ? targetOf(values.target) : null;
  if (values.target && !target) errors.target = AUDIT_SEARCH_MESSAGES.target;
  const range = londonDateRange(values.from, values.to);
  Object.assign(errors, range.errors);
  if (Object.keys(errors).length) return { ok: false, values, errors };
  return {
    ok: true,
    values,
    filter: { actorId: values.actor ? values.actor.toLowerCase() : null, action: values.action || null, target, loggedFrom: range.start, loggedBefore: range.end },
  };
}

/** The audit page's address with these filters; empty ones left out. */
export function auditSearchQuery(values: Partial<AuditSearchValues>): string {
  const params = new URLSearchParams();
  for (const key of ['actor', 'action', 'target', 'from', 'to'] as const) if (values[key]) params.set(key, values[key]);
  return params.toString();
}
