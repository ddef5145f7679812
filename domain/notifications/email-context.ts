import { coachDashboardGroupOf, myBookingsTabOf } from '../booking/lists/booking-lists';
import { COACHING_TYPE_LABELS, LOCATION_TYPE_LABELS } from '../shared/catalogue';
import type { Id } from '../shared/ids';
import { formatPence, type Pence } from '../shared/money';
import { emailKindOf, type BookingFacts, type EmailJobPayload, type RecipientRole } from './email-job';
import { formatLondonDateTime, formatMinutes, type EmailAction } from './email-format';
import { isOptionalEmailKind } from '../accounts/users/email-preferences';

/** What composing an email needs besides the job: who reads it, the names it mentions, the site. */
export interface ComposeContext {
  /** The public origin (APP_URL), without a trailing slash. */
  readonly appUrl: string;
  readonly recipient: { readonly name: string; readonly email: string; readonly role: RecipientRole | 'user' };
  /** Names of the people the email mentions, by id (an erased account reads 'Deleted user'). */
  readonly names: Readonly<Record<Id, string>>;
  /** Who the session is for when it is one of the client's players (decision 017): 'Ella Hughes, 11'. */
  readonly playerLine?: string | null;
}

export const pounds = (p: Pence | undefined): string => formatPence(p ?? 0);

export function greetingName(ctx: ComposeContext): string {
  return ctx.recipient.name.trim().split(/\s+/)[0] || 'there';
}

export function nameOf(ctx: ComposeContext, id: Id, fallback: string): string {
  const name = ctx.names[id]?.trim();
  return name ? name : fallback;
}

export const clientName = (ctx: ComposeContext, b: BookingFacts): string => nameOf(ctx, b.clientId, 'your client');
export const coachName = (ctx: ComposeContext, b: BookingFacts): string => nameOf(ctx, b.coachId, 'your coach');

export const serviceOf = (b: BookingFacts): string => COACHING_TYPE_LABELS[b.serviceType];
export const whenOf = (b: BookingFacts): string => formatLondonDateTime(new Date(b.startsAt));

/** 'Outdoor pitch — Hackney Marshes': the kind of place and the address when there is one. */
export const placeOf = (b: BookingFacts): string => [LOCATION_TYPE_LABELS[b.locationType], b.locationAddress].filter(Boolean).join(' — ');

/** The rows every booking email shows. */
export function bookingFactRows(ctx: ComposeContext, b: BookingFacts): [string, string][] {
  const rows: [string, string][] = [
    ['Reference', b.referenceCode],
    ['Session', serviceOf(b)],
  ];
  if (ctx.recipient.role !== 'coach') rows.push(['Coach', coachName(ctx, b)]);
  if (ctx.recipient.role !== 'client') rows.push(['Client', clientName(ctx, b)]);
  rows.push(['When', whenOf(b)], ['Duration', formatMinutes(b.durationMinutes)]);
  rows.push(['Where', placeOf(b)]);
  return rows;
}

/** The page where the recipient sees this booking (their list, on the right tab). */
export function bookingUrl(ctx: ComposeContext, b: BookingFacts, at: Date): string {
  const status = b.status;
  switch (ctx.recipient.role) {
    case 'coach':
      return `${ctx.appUrl}/CoachDashboard?tab=${coachDashboardGroupOf({ status, startsAt: new Date(b.startsAt) })}`;
    case 'admin':
      return `${ctx.appUrl}/AdminBookings?search=${encodeURIComponent(b.referenceCode)}`;
    default:
      return `${ctx.appUrl}/MyBookings?tab=${myBookingsTabOf({ status, startsAt: new Date(b.startsAt) }, at)}`;
  }
}

export function bookingAction(ctx: ComposeContext, b: BookingFacts, at: Date, label = 'View the booking'): EmailAction {
  return { label, url: bookingUrl(ctx, b, at) };
}

export function preferencesUrl(ctx: ComposeContext): string {
  return `${ctx.appUrl}/${ctx.recipient.role === 'coach' ? 'CoachProfile' : 'UserProfile'}#email-preferences`;
}

/** Why this email came and, for the optional kinds, where to turn it off. */
export function footerFor(ctx: ComposeContext, payload: EmailJobPayload): { footer: string; footerLink: EmailAction | null } {
  const kind = emailKindOf(payload.event, ctx.recipient.role);
  if (isOptionalEmailKind(kind)) return { footer: 'You can choose which emails FACT sends you.', footerLink: { label: 'Email preferences', url: preferencesUrl(ctx) } };
  return {
    footer: kind === 'account' ? 'This email is about your account and is always sent.' : 'This email is about a booking payment or a dispute and is always sent.',
    footerLink: null,
  };
}
