import * as z from 'zod';
import type { Actor } from '../policy/actor';
import { DAY_MS } from '../shared/clock';
import { conflict, forbidden, invalid, notFound, rateLimited } from '../shared/errors';
import { isId, type Id } from '../shared/ids';
import { formatLondonDate, formatLondonTime } from '../shared/london-time';
import { err, ok, type Result } from '../shared/result';
import { sanitiseText } from '../shared/sanitise';
import { messageContentSchema, MAX_MESSAGE_LENGTH } from './message.schemas';

/**
 * An enquiry: the conversation a client opens with a coach before booking them (decision 052).
 * One is open per client–coach pair; when a request of that client reaches that coach, the
 * enquiry joins the booking and its messages become the top of the booking's conversation.
 */
export interface Enquiry {
  readonly id: Id;
  readonly clientId: Id;
  readonly coachId: Id;
  /** The booking it joined, or null while it is its own conversation. */
  readonly bookingId: Id | null;
  readonly createdAt: Date;
  readonly lastMessageAt: Date;
  readonly joinedAt: Date | null;
}

/** A message written in an enquiry (stored in `messages` with the enquiry's id). */
export interface EnquiryMessage {
  readonly id: Id;
  readonly enquiryId: Id;
  readonly senderId: Id;
  readonly receiverId: Id;
  readonly content: string;
  readonly isRead: boolean;
  readonly readAt: Date | null;
  readonly createdAt: Date;
}

export interface EnquiryReport {
  readonly id: Id;
  readonly enquiryId: Id;
  readonly reporterId: Id;
  readonly reason: string;
  readonly createdAt: Date;
}

/** On top of SPEC's message limit: how many coaches a client may start enquiries with in a day. */
export const NEW_COACHES_PER_DAY = 5;
export const MAX_REPORT_REASON_LENGTH = 1000;

export const enquiryErrors = {
  /** The same words as a booking's conversation: nothing says whether it exists. */
  notFound: () => notFound('CONVERSATION_NOT_FOUND', 'Conversation not found.'),
  coachNotFound: () => notFound('COACH_NOT_FOUND', 'Coach not found.'),
  clientsOnly: () => forbidden('ENQUIRY_CLIENTS_ONLY', 'Only clients can send a coach an enquiry.'),
  ownProfile: () => invalid('ENQUIRY_TO_SELF', 'You cannot send yourself an enquiry.'),
  tooManyCoaches: (until: Date) =>
    rateLimited('ENQUIRY_COACH_LIMIT', `You can start conversations with up to ${NEW_COACHES_PER_DAY} new coaches a day. Please wait until ${formatLondonDate(until)}, ${formatLondonTime(until)}.`),
  adminsOversee: () => forbidden('ENQUIRY_ADMIN_READ_ONLY', 'Administrators can read enquiries but not write in them.'),
  joined: () => conflict('ENQUIRY_JOINED', 'This enquiry is now part of a booking’s conversation.'),
  onlyCoachReports: () => forbidden('ENQUIRY_REPORT_COACH_ONLY', 'Only the coach of an enquiry can report it.'),
  alreadyReported: () => conflict('ENQUIRY_ALREADY_REPORTED', 'You have already reported this enquiry to FACT.'),
  invalidRecord: (detail: string) => invalid('INVALID_RECORD', `Stored enquiry is invalid: ${detail}`),
} as const;

/** The person a new enquiry is addressed to, as the rule needs them. */
export interface EnquiryCoach {
  readonly id: Id;
  readonly userType: 'client' | 'coach';
  readonly role: 'admin' | 'user';
  readonly isActive: boolean;
  readonly erased: boolean;
}

/** The part of the rule that needs only the actor: clients start enquiries, and not with themselves. */
export function checkEnquirer(actor: Actor, coachId: Id | null): Result<void> {
  if (actor.role === 'admin' || actor.userType !== 'client') return err(enquiryErrors.clientsOnly());
  if (coachId === actor.userId) return err(enquiryErrors.ownProfile());
  return ok(undefined);
}

/**
 * Who may start an enquiry with whom: a client (never an admin, never a coach) with an active
 * coach who is not themself. Anyone else is not a coach to enquire of: 'Coach not found.'
 */
export function checkCanEnquire(actor: Actor, coach: EnquiryCoach | null): Result<void> {
  const enquirer = checkEnquirer(actor, coach?.id ?? null);
  if (!enquirer.ok) return enquirer;
  if (!coach || coach.userType !== 'coach' || coach.role === 'admin' || !coach.isActive || coach.erased) return err(enquiryErrors.coachNotFound());
  return ok(undefined);
}

/** When the client opened an enquiry, and with whom. */
export interface EnquiryOpening {
  readonly coachId: Id;
  readonly at: Date;
}

/**
 * The five-new-coaches-a-day rule, over the enquiries the client opened. A day is the 24 hours
 * before `now`; a coach they opened one with in it is not new (an enquiry that joined a booking
 * and a new one after it are the same coach). When five other coaches fall in it, the next
 * opens when the oldest of their first openings is 24 hours old.
 */
export function checkNewCoachAllowance(opened: readonly EnquiryOpening[], coachId: Id, now: Date): Result<void> {
  const since = now.getTime() - DAY_MS;
  const firstByCoach = new Map<Id, number>();
  for (const o of opened) {
    const t = o.at.getTime();
    if (t <= since || t > now.getTime()) continue;
    firstByCoach.set(o.coachId, Math.min(firstByCoach.get(o.coachId) ?? t, t));
  }
  if (firstByCoach.has(coachId) || firstByCoach.size < NEW_COACHES_PER_DAY) return ok(undefined);
  const firsts = [...firstByCoach.values()].sort((a, b) => a - b);
  return err(enquiryErrors.tooManyCoaches(new Date(firsts[firsts.length - NEW_COACHES_PER_DAY]! + DAY_MS)));
}

/** The other person of an enquiry for one of its people; null for anyone else. */
export function enquiryOtherParty(enquiry: Pick<Enquiry, 'clientId' | 'coachId'>, userId: Id): Id | null {
  if (userId === enquiry.clientId) return enquiry.coachId;
  if (userId === enquiry.coachId) return enquiry.clientId;
  return null;
}

/** Its two people and administrators see an enquiry; for anyone else it does not exist. */
export function canSeeEnquiry(actor: Actor, enquiry: Pick<Enquiry, 'clientId' | 'coachId'>): boolean {
  return actor.role === 'admin' || enquiryOtherParty(enquiry, actor.userId) !== null;
}

function parseContent(content: unknown): Result<string> {
  const parsed = messageContentSchema.safeParse(content);
  if (parsed.success) return ok(parsed.data);
  const message = parsed.error.issues[0]?.message ?? 'Invalid message content';
  return err(invalid('VALIDATION_FAILED', message, { content: [message] }));
}

/**
 * A message in an open enquiry, from one of its two people to the other (an administrator
 * oversees enquiries but does not write in them). Content as any message: validated (1–5000
 * after trimming) and sanitised.
 */
export function writeInEnquiry(input: { id: Id; enquiry: Enquiry; actor: Actor; content: unknown }, now: Date): Result<EnquiryMessage> {
  const receiverId = enquiryOtherParty(input.enquiry, input.actor.userId);
  if (receiverId === null) return err(input.actor.role === 'admin' ? enquiryErrors.adminsOversee() : enquiryErrors.notFound());
  if (input.enquiry.joinedAt !== null) return err(enquiryErrors.joined());
  const content = parseContent(input.content);
  if (!content.ok) return content;
  return ok({ id: input.id, enquiryId: input.enquiry.id, senderId: input.actor.userId, receiverId, content: content.value, isRead: false, readAt: null, createdAt: now });
}

/** A new open enquiry of the actor (a client) with a coach. */
export function openEnquiry(input: { id: Id; actor: Actor; coachId: Id }, now: Date): Enquiry {
  return { id: input.id, clientId: input.actor.userId, coachId: input.coachId, bookingId: null, createdAt: now, lastMessageAt: now, joinedAt: null };
}

export const reportReasonSchema = z
  .string({ error: 'Please say why you are reporting this enquiry.' })
  .overwrite(sanitiseText)
  .trim()
  .min(1, { error: 'Please say why you are reporting this enquiry.', abort: true })
  .max(MAX_REPORT_REASON_LENGTH, `Please keep the reason under ${MAX_REPORT_REASON_LENGTH} characters.`);

/** The coach of an enquiry reports it to the administrators, once, with a reason. */
export function reportEnquiry(input: { id: Id; enquiry: Enquiry; actor: Actor; reason: unknown; alreadyReported: boolean }, now: Date): Result<EnquiryReport> {
  if (!canSeeEnquiry(input.actor, input.enquiry)) return err(enquiryErrors.notFound());
  if (input.actor.userId !== input.enquiry.coachId) return err(enquiryErrors.onlyCoachReports());
  const reason = reportReasonSchema.safeParse(input.reason);
  if (!reason.success) {
    const message = reason.error.issues[0]?.message ?? 'Please say why you are reporting this enquiry.';
    return err(invalid('VALIDATION_FAILED', message, { reason: [message] }));
  }
  if (input.alreadyReported) return err(enquiryErrors.alreadyReported());
  return ok({ id: input.id, enquiryId: input.enquiry.id, reporterId: input.actor.userId, reason: reason.data, createdAt: now });
}

const instant = z.coerce.date();
const instantOrNull = z.preprocess((v) => (v === undefined ? null : v), z.union([z.null(), z.coerce.date()]));
const id = z.string().refine(isId, 'id');

const enquiryRowSchema = z.object({
  id,
  clientId: id,
  coachId: id,
  bookingId: z.preprocess((v) => (v === undefined ? null : v), z.union([z.null(), id])),
  createdAt: instant,
  lastMessageAt: instant,
  joinedAt: instantOrNull,
});

const enquiryMessageRowSchema = z.object({
  id,
  enquiryId: id,
  senderId: id,
  receiverId: id,
  content: z.string().max(MAX_MESSAGE_LENGTH).transform(sanitiseText),
  isRead: z.boolean(),
  readAt: instantOrNull,
  createdAt: instant,
});

function parseWith<T>(schema: z.ZodType<T>, row: unknown): Result<T> {
  const parsed = schema.safeParse(row);
  if (parsed.success) return ok(parsed.data);
  const first = parsed.error.issues[0];
  return err(enquiryErrors.invalidRecord(`${first?.path.join('.') ?? ''} ${first?.message ?? ''}`.trim()));
}

/** Re-validates a stored enquiry. */
export const parseEnquiry = (row: unknown): Result<Enquiry> => parseWith(enquiryRowSchema, row);
/** Re-validates a stored enquiry message. */
export const parseEnquiryMessage = (row: unknown): Result<EnquiryMessage> => parseWith(enquiryMessageRowSchema, row);
