import type { Id } from '../shared/ids';
import { bookingEmailContent } from './booking-email-content';
import { calendarInviteFor, type CalendarInvite } from './calendar-invite';
import { bookingUrl, clientName, coachName, footerFor, greetingName, nameOf, type ComposeContext } from './email-context';
import { formatLondonDateTime, renderEmail, type EmailContent, type RenderedEmail } from './email-format';
import { emailKindOf, type EmailJobPayload } from './email-job';
import { packageEmailContent } from './package-email-content';
import type { EmailKind } from '../accounts/users/email-preferences';

/**
 * Pure composition of one email from its job and what the sender looked up: a subject
 * with the booking reference, plain text and HTML saying the same, en-GB, times in Europe/London
 * with the zone named, a link to the page, and for calendar events an invite as data.
 */
export interface ComposedEmail extends RenderedEmail {
  readonly kind: EmailKind;
  readonly calendar: CalendarInvite | null;
}

function digestContent(p: EmailJobPayload, ctx: ComposeContext): EmailContent {
  const conversations = p.details.conversations ?? [];
  const total = conversations.reduce((n, c) => n + c.count, 0);
  const plural = total === 1 ? 'message' : 'messages';
  const only = conversations.length === 1 ? conversations[0] : undefined;
  return {
    subject: `You have ${total} unread ${plural} on FACT${only?.referenceCode ? ` — ${only.referenceCode}` : ''}`,
    greetingName: greetingName(ctx),
    paragraphs: [`${total === 1 ? 'A message has' : `${total} messages have`} been waiting for you for over 15 minutes.`],
    list: conversations.map((c) => ({
      text: `${c.count} from ${nameOf(ctx, c.senderId, 'the other party')}${c.enquiry ? ' in your enquiry' : c.referenceCode ? ` about ${c.referenceCode}` : ''} (latest ${formatLondonDateTime(new Date(c.lastAt))})`,
      url: `${ctx.appUrl}/Conversation?${c.enquiry ? 'enquiry_id' : 'booking_id'}=${c.bookingId}`,
    })),
    action: { label: 'Open your messages', url: `${ctx.appUrl}/Messages` },
    ...footerFor(ctx, p),
  };
}

function deletionContent(p: EmailJobPayload, ctx: ComposeContext): EmailContent {
  const note = p.details.reason ? [`Note from FACT: ${p.details.reason}`] : [];
  const approved = p.details.decision === 'approved';
  return {
    subject: approved ? 'Your FACT account has been deleted' : 'Your FACT account deletion request was not approved',
    greetingName: greetingName(ctx),
    paragraphs: approved
      ? [
          'As you asked, your FACT account is closed and your personal details (name, email, phone, bio, photo and videos) have been erased.',
          'Bookings, payments and messages keep an anonymous record for the other party.',
          ...note,
        ]
      : ['An administrator reviewed your request to delete your FACT account and did not approve it. Your account stays open.', ...note],
    action: approved ? null : { label: 'Go to your profile', url: `${ctx.appUrl}/UserProfile` },
    ...footerFor(ctx, p),
  };
}

export function composeEmail(payload: EmailJobPayload, ctx: ComposeContext): ComposedEmail {
  const kind = emailKindOf(payload.event, ctx.recipient.role);
  const b = payload.booking;
  if (payload.event === 'message_digest') return { kind, calendar: null, ...renderEmail(digestContent(payload, ctx)) };
  if (payload.event === 'package_purchased' || payload.event === 'package_refunded' || payload.event === 'package_expiring' || payload.event === 'package_low_credit')
    return { kind, calendar: null, ...renderEmail(packageEmailContent(payload, ctx)) };
  if (payload.event === 'deletion_decided' || !b) return { kind, calendar: null, ...renderEmail(deletionContent(payload, ctx)) };
  const other = ctx.recipient.role === 'coach' ? clientName(ctx, b) : coachName(ctx, b);
  const calendar = calendarInviteFor({
    booking: b,
    details: payload.details,
    occurredAt: new Date(payload.occurredAt),
    otherPartyName: other,
    attendee: { name: ctx.recipient.name, email: ctx.recipient.email },
    url: bookingUrl(ctx, b, new Date(payload.occurredAt)),
  });
  return { kind, calendar, ...renderEmail(bookingEmailContent(payload, b, ctx)) };
}

/** The ids whose names an email mentions (looked up before composing). */
export function mentionedUserIds(payload: EmailJobPayload): Id[] {
  const ids = new Set<Id>();
  if (payload.booking) ids.add(payload.booking.clientId).add(payload.booking.coachId);
  for (const c of payload.details.conversations ?? []) ids.add(c.senderId);
  if (payload.details.package) ids.add(payload.details.package.clientId).add(payload.details.package.coachId);
  return [...ids];
}

/** Message-ID from the job id: a retried send carries the same id, so mail systems keep one copy. */
export function messageIdFor(jobId: string, appUrl: string): string {
  let host = 'fact.local';
  try {
    host = new URL(appUrl).hostname || host;
  } catch {
    // keep the default
  }
  return `<email-${jobId}@${host}>`;
}
