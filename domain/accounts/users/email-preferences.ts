import * as z from 'zod';
import { invalid } from '../../shared/errors';
import { err, ok, type Result } from '../../shared/result';

/**
 * PRODUCT.md: each user can turn off each kind of email except those about money and
 * account security. Stored in `users.email_preferences` (jsonb) as `{ kind: false }` for the kinds
 * turned off; a missing key means on, so new kinds start on for everyone.
 */
export const OPTIONAL_EMAIL_KINDS = ['booking_requests', 'booking_updates', 'session_reminders', 'session_completed', 'message_digest'] as const;
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];

/** Always sent: payments, cancellations, refunds and disputes; account and security. */
export const ESSENTIAL_EMAIL_KINDS = ['payments', 'account'] as const;
export type EssentialEmailKind = (typeof ESSENTIAL_EMAIL_KINDS)[number];

export type EmailKind = OptionalEmailKind | EssentialEmailKind;

export type EmailPreferences = Readonly<Record<OptionalEmailKind, boolean>>;

export interface EmailKindDescription {
  readonly kind: EmailKind;
  readonly label: string;
  readonly description: string;
  readonly optional: boolean;
}

/** What the profile page lists, in this order. */
export const EMAIL_KIND_DESCRIPTIONS: readonly EmailKindDescription[] = [
  { kind: 'booking_requests', label: 'New booking requests', description: 'When a client asks to book a session with you.', optional: true },
  {
    kind: 'booking_updates',
    label: 'Reschedules and confirmations',
    description: 'New times proposed, accepted or declined, and your copy of sessions you confirm.',
    optional: true,
  },
  {
    kind: 'session_reminders',
    label: 'Session reminders',
    // The same switch decides the alarms of the calendar feed's sessions (decision 036).
    description: 'A reminder 24 hours and 2 hours before each confirmed session, and alarms on the sessions in your calendar feed.',
    optional: true,
  },
  { kind: 'session_completed', label: 'Completed sessions', description: 'When a session is complete, with a link to leave a review.', optional: true },
  { kind: 'message_digest', label: 'Unread messages', description: 'One reminder when messages have waited unread for over 15 minutes.', optional: true },
  {
    kind: 'payments',
    label: 'Payments, cancellations and disputes',
    description: 'Booking confirmations with payment, declines, cancellations with refunds, and disputes. Always sent.',
    optional: false,
  },
  { kind: 'account', label: 'Account and security', description: 'Decisions about your account. Always sent.', optional: false },
];

export const ALL_EMAILS_ON: EmailPreferences = { booking_requests: true, booking_updates: true, session_reminders: true, session_completed: true, message_digest: true };

export function isOptionalEmailKind(value: unknown): value is OptionalEmailKind {
  return typeof value === 'string' && (OPTIONAL_EMAIL_KINDS as readonly string[]).includes(value);
}

/** Reads the stored jsonb: anything that is not an explicit `false` for a known kind counts as on. */
export function parseEmailPreferences(stored: unknown): EmailPreferences {
  const source = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const prefs = { ...ALL_EMAILS_ON };
  for (const kind of OPTIONAL_EMAIL_KINDS) if (source[kind] === false) prefs[kind] = false;
  return prefs;
}

/** Whether an email of `kind` may go to someone with these preferences (essentials always may). */
export function wantsEmail(prefs: EmailPreferences, kind: EmailKind): boolean {
  return isOptionalEmailKind(kind) ? prefs[kind] : true;
}

/** What is stored: only the kinds turned off. */
export function storedEmailPreferences(prefs: EmailPreferences): Record<string, boolean> {
  return Object.fromEntries(OPTIONAL_EMAIL_KINDS.filter((k) => !prefs[k]).map((k) => [k, false]));
}

const FORM_ON = z.union([z.literal('on'), z.literal('true'), z.literal(true)]);
const changeSchema = z.object({
  kind: z.string(),
  enabled: z.union([FORM_ON.transform(() => true), z.union([z.literal('off'), z.literal('false'), z.literal(false)]).transform(() => false)]),
});

export interface EmailPreferenceChange {
  readonly kind: OptionalEmailKind;
  readonly enabled: boolean;
}

/** One toggle from the profile page: `{ kind, enabled }`. Essential kinds cannot be turned off. */
export function parseEmailPreferenceChange(input: unknown): Result<EmailPreferenceChange> {
  const parsed = changeSchema.safeParse(input);
  if (!parsed.success) return err(invalid('EMAIL_PREFERENCE_INVALID', 'Choose an email kind and whether to receive it.'));
  const { kind, enabled } = parsed.data;
  if ((ESSENTIAL_EMAIL_KINDS as readonly string[]).includes(kind))
    return err(invalid('EMAIL_PREFERENCE_ESSENTIAL', 'Emails about payments and account security are always sent.', { kind: ['This email is always sent.'] }));
  if (!isOptionalEmailKind(kind)) return err(invalid('EMAIL_PREFERENCE_INVALID', 'Unknown email kind.', { kind: ['Unknown email kind.'] }));
  return ok({ kind, enabled });
}

export function applyEmailPreferenceChange(prefs: EmailPreferences, change: EmailPreferenceChange): EmailPreferences {
  return { ...prefs, [change.kind]: change.enabled };
}
