import * as z from 'zod';
import { CANCELLED_BY, DISPUTE_OUTCOMES } from '../booking/lifecycle/booking';
import { BOOKING_STATUSES, COACHING_TYPES, LOCATION_TYPES } from '../shared/catalogue';
import { invalid } from '../shared/errors';
import { idSchema } from '../shared/ids';
import type { OutboxJob } from '../shared/outbox';
import { err, ok, type Result } from '../shared/result';
import type { EmailKind } from '../accounts/users/email-preferences';

/**
 * The emails FACT sends (decision 007), each an outbox job `email.<event>` written in the same
 * transaction as the change that causes it, one job per recipient. The payload is a snapshot of
 * what happened (the booking as it was then), so a later change cannot alter an email already
 * queued; the recipient's address, name and preferences are read when the email is sent.
 */
export const NOTIFICATION_EVENTS = [
  'booking_requested',
  'booking_accepted',
  'booking_declined',
  'booking_cancelled',
  'reschedule_proposed',
  'reschedule_accepted',
  'reschedule_declined',
  'reschedule_withdrawn',
  'session_completed',
  'dispute_opened',
  'dispute_resolved',
  'deletion_decided',
  'message_digest',
  'session_reminder',
  'payment_receipt',
  /** A package bought (decision 059): the client's receipt and the coach's news. */
  'package_purchased',
  /** A package's unused sessions refunded, on request or at expiry: the client's receipt. */
  'package_refunded',
  /** A package with unused sessions expires within 7 days: the client's reminder. */
  'package_expiring',
  /** A package has one session left to book: the client's nudge, once per purchase. */
  'package_low_credit',
  /** A weekly series answered in one decision (decision 062): the client's summary of every session. */
  'series_accepted',
  'series_declined',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const EMAIL_JOB_PREFIX = 'email.';
/**
 * Session reminders are queued when a session is confirmed and wait in the outbox until their
 * moment (decision 013), so they get their own type: `email.*` jobs stay what a change just caused.
 */
export const SESSION_REMINDER_JOB = 'reminder.session';
export const emailJobType = (event: NotificationEvent): string => (event === 'session_reminder' ? SESSION_REMINDER_JOB : `${EMAIL_JOB_PREFIX}${event}`);
export const EMAIL_JOB_TYPES: readonly string[] = NOTIFICATION_EVENTS.map(emailJobType);

export const RECIPIENT_ROLES = ['client', 'coach', 'admin'] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];

const isoInstant = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'Invalid instant');
const pence = z.number().int().nonnegative();

const recipientSchema = z.discriminatedUnion('kind', [
  /** A user, found by id when the email is sent. */
  z.object({ kind: z.literal('user'), userId: idSchema, role: z.enum(RECIPIENT_ROLES) }),
  /** Every active administrator: the worker turns this job into one job per administrator. */
  z.object({ kind: z.literal('admins') }),
  /** A fixed address, for an account whose data is erased in the same transaction. */
  z.object({ kind: z.literal('address'), userId: idSchema, email: z.string().min(3), name: z.string() }),
]);
export type EmailRecipient = z.infer<typeof recipientSchema>;

export const bookingFactsSchema = z.object({
  id: idSchema,
  referenceCode: z.string(),
  serviceType: z.enum(COACHING_TYPES),
  startsAt: isoInstant,
  durationMinutes: z.number().int().positive(),
  locationType: z.enum(LOCATION_TYPES),
  locationAddress: z.string().nullable(),
  clientId: idSchema,
  coachId: idSchema,
  status: z.enum(BOOKING_STATUSES),
  /** The booking's version after the change: the iCalendar SEQUENCE. */
  version: z.number().int().nonnegative(),
});
export type BookingFacts = z.infer<typeof bookingFactsSchema>;

const conversationSchema = z.object({
  bookingId: idSchema,
  /** The conversation is an enquiry before a booking (decision 052); bookingId is then the enquiry's id. */
  enquiry: z.boolean().optional(),
  referenceCode: z.string().nullable(),
  senderId: idSchema,
  count: z.number().int().positive(),
  lastAt: isoInstant,
});
export type DigestConversation = z.infer<typeof conversationSchema>;

/** Event-specific facts; each event uses the ones it needs. */
const detailsSchema = z
  .object({
    reason: z.string().nullable(),
    /** Who did it, as the recipient should read it. */
    actorRole: z.enum(CANCELLED_BY).nullable(),
    /** What the client had paid (captured, less refunds) or had held on the card. */
    paidPence: pence,
    /** Whether the money was only held on the card (never taken). */
    heldOnly: z.boolean(),
    refundPence: pence,
    /** What the coach is paid despite the cancellation (late cancellation by the client). */
    keptPence: pence,
    calendar: z.enum(['request', 'cancel']).nullable(),
    proposedStartsAt: isoInstant.nullable(),
    /** When the coach's time to answer a paid request ends (decision 050). */
    respondBy: isoInstant,
    disputeOutcome: z.enum(DISPUTE_OUTCOMES).nullable(),
    note: z.string().nullable(),
    decision: z.enum(['approved', 'rejected']),
    conversations: z.array(conversationSchema),
    messageIds: z.array(idSchema),
    /** A receipt's price lines: the session price and the admin fee (paidPence is their total). */
    servicePricePence: pence,
    adminFeePence: pence,
    /** Which session reminder (decision 013): 24 hours or 2 hours before the start. */
    reminder: z.enum(['24h', '2h']),
    /** A package's facts, for the package emails (they have no booking). */
    package: z.object({
      id: idSchema,
      name: z.string(),
      sessions: z.number().int().positive(),
      sessionsLeft: z.number().int().nonnegative(),
      clientId: idSchema,
      coachId: idSchema,
      validUntil: isoInstant,
      pricePence: pence,
      adminFeePence: pence,
    }),
    /** What the refund returned: how many sessions, and whether the admin fee too. */
    refundedSessions: z.number().int().nonnegative(),
    adminFeeRefunded: z.boolean(),
    /** The sessions of a weekly series, soonest first (its summary email). */
    series: z.array(z.object({ referenceCode: z.string(), startsAt: isoInstant })).max(12),
    /** The series is paid by card in one payment (decision 064), not from a package. */
    paidByCard: z.boolean(),
    /** Why a package's sessions were refunded. */
    refundReason: z.enum(['request', 'expiry']),
  })
  .partial();
export type EmailDetails = z.infer<typeof detailsSchema>;

export const emailJobPayloadSchema = z.object({
  event: z.enum(NOTIFICATION_EVENTS),
  recipient: recipientSchema,
  booking: bookingFactsSchema.nullable(),
  details: detailsSchema,
  occurredAt: isoInstant,
});
export type EmailJobPayload = z.infer<typeof emailJobPayloadSchema>;

/** Re-reads a job payload (it went through JSON and storage); a bad one is a permanent failure. */
export function parseEmailJobPayload(payload: unknown): Result<EmailJobPayload> {
  const parsed = emailJobPayloadSchema.safeParse(payload);
  if (parsed.success) return ok(parsed.data);
  const first = parsed.error.issues[0];
  return err(invalid('EMAIL_JOB_INVALID', `Malformed email job (${first ? `${first.path.join('.')}: ${first.message}` : 'unknown'})`));
}

/** Which preference decides whether this email goes out (PRODUCT: money and account emails always do). */
export function emailKindOf(event: NotificationEvent, role: RecipientRole | 'user'): EmailKind {
  switch (event) {
    case 'booking_requested':
      return 'booking_requests';
    case 'booking_accepted':
      // The client's copy confirms the payment taken; the coach's is their own calendar copy.
      return role === 'client' ? 'payments' : 'booking_updates';
    case 'reschedule_proposed':
    case 'reschedule_accepted':
    case 'reschedule_declined':
    case 'reschedule_withdrawn':
      return 'booking_updates';
    case 'session_completed':
      return 'session_completed';
    case 'message_digest':
      return 'message_digest';
    case 'session_reminder':
      return 'session_reminders';
    case 'deletion_decided':
      return 'account';
    case 'package_purchased':
      return role === 'coach' ? 'booking_requests' : 'payments';
    case 'package_expiring':
    case 'package_low_credit':
    case 'series_accepted':
    case 'series_declined':
      return 'booking_updates';
    case 'package_refunded':
    case 'payment_receipt':
    case 'booking_declined':
    case 'booking_cancelled':
    case 'dispute_opened':
    case 'dispute_resolved':
      return 'payments';
  }
}

/** One outbox job for one recipient; the dedupe key makes enqueueing the same email twice a no-op. */
export function emailJob(payload: EmailJobPayload, dedupeKey: string): OutboxJob {
  return { type: emailJobType(payload.event), payload: { ...payload }, dedupeKey: `email:${dedupeKey}` };
}
