import type { Id } from '../../shared/ids';
import { loginAccountKey, passwordResetLimitKeys } from '../sign-in/rate-limit-keys';
import type { User } from '../users/user';

/**
 * Decision 016: erasing an account leaves no name behind. The user's own row and
 * coach profile are erased by the domain (eraseUser, eraseCoachProfile); everything else that may
 * carry their name, email or phone is scrubbed by this port, in the same transaction.
 */

/** What replaces a mention of an erased person in text kept for the other party's records. */
export const REDACTED = '[removed]';

/** A mention shorter than this is not searched for (it would blank ordinary words). */
export const MIN_MENTION_LENGTH = 3;

/** The texts that identify the person: full name, email, phone (as they were before erasure). */
export function mentionsOf(user: Pick<User, 'fullName' | 'email' | 'phone'>): string[] {
  const all = [user.fullName, user.email, user.phone].map((t) => (t ?? '').trim()).filter((t) => t.length >= MIN_MENTION_LENGTH);
  return [...new Set(all.map((t) => t.toLowerCase()))];
}

/** The full names of the guardian's players, lower-cased, to redact like the guardian's own. */
export function playerMentionsOf(players: readonly { firstName: string; lastName: string }[]): string[] {
  return players.map((p) => `${p.firstName} ${p.lastName}`.trim().toLowerCase()).filter((t) => t.length >= MIN_MENTION_LENGTH);
}

/** Rate-limit counters keyed by the person's address (failed logins, password resets). */
export function rateLimitKeysOf(user: Pick<User, 'email'>): string[] {
  if (!user.email) return [];
  const login = loginAccountKey(user.email);
  return [...(login ? [login] : []), passwordResetLimitKeys('', user.email.toLowerCase()).email];
}

export interface ErasureInput {
  readonly userId: Id;
  /** Lower-cased texts to redact wherever they are kept (see mentionsOf). */
  readonly mentions: readonly string[];
  readonly rateLimitKeys: readonly string[];
  /** An email job queued for the person in this transaction that must still go out (the deletion decision). */
  readonly keepJobDedupeKey: string | null;
}

/**
 * The places scrubbed, in order (the adapter runs one bounded statement per step). Players of a
 * guardian's account (PRODUCT.md 'Accounts', decision 017) are deleted: names, dates of birth,
 * notes and consent go; bookings keep the session with no player (player_id set null). Their
 * names are among the mentions redacted elsewhere (playerMentionsOf).
 */
export const ERASURE_STEPS = [
  /** Their players (decision 017). */
  'players',
  /** Emails still waiting for them are dropped; other jobs' payloads and errors are redacted, and their bookings' addresses in them replaced. */
  'outbox_jobs',
  /** Their deliveries lose subject and error; others' subjects mentioning them are redacted. */
  'notification_deliveries',
  /** Audit lines about them, their deletion requests or their bookings are redacted. */
  'audit_log',
  /** Their deletion requests' reasons. */
  'account_deletion_requests',
  /** Messages, notes and reasons of their bookings and enquiries; what they typed as a client (CLIENT_TYPED_BOOKING_TEXT, booking/account-end/erased-booking-text.ts). */
  'messages',
  /** The reasons of reports of their enquiries (decision 052). */
  'enquiry_reports',
  'bookings',
  'reviews',
  /** A coach's availability notes and places (COACH_TYPED_AVAILABILITY_TEXT, availability/erased-availability-text.ts). */
  'availability_periods',
  /** The places a coach typed on their weekly hours. */
  'coach_weekly_hours',
  /** Counters keyed by their email. */
  'rate_limit_counters',
  /** Their calendar feed. */
  'calendar_feeds',
  /** A coach's linked calendar: its sealed address and the busy times read from it. */
  'coach_calendar_links',
] as const;
export type ErasureStep = (typeof ERASURE_STEPS)[number];

/** How many rows each step changed or removed. */
export type ErasureReport = Readonly<Record<ErasureStep, number>>;

/** Port: scrubs every trace of the person outside their own row, in the caller's transaction. */
export interface AccountErasureStore {
  eraseTraces(input: ErasureInput): Promise<ErasureReport>;
}

/** The same redaction in TypeScript, for text that leaves in this transaction (the decision email). */
export function redactMentions(text: string | null, mentions: readonly string[]): string | null {
  const pattern = mentionPattern(mentions);
  return text === null || pattern === null ? text : text.replace(new RegExp(pattern, 'gi'), REDACTED);
}

/**
 * Escapes text for a PostgreSQL regular expression (ARE): the adapter matches mentions case-
 * insensitively with `~*` and replaces them with `regexp_replace(…, 'gi')`.
 */
export function mentionPattern(mentions: readonly string[]): string | null {
  if (mentions.length === 0) return null;
  return mentions.map((m) => m.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`)).join('|');
}
