import type { BookingFacts, EmailDetails, EmailJobPayload } from './email-job';
import { PAYMENT_NOT_COMPLETED_REASON, UNPAID_REQUEST_TTL_MINUTES } from '../booking/requests/paid-requests';
import { REQUEST_EXPIRED_REASON } from '../booking/requests/response-deadline';
import { formatLondonDateTime, formatLondonDay, type EmailContent } from './email-format';
import { bookingTerms, bookingTermsSentences, lateCancellationSplit } from '../booking/money/booking-terms';
import { bookingAction, bookingFactRows, clientName, coachName, footerFor, greetingName, pounds, serviceOf, whenOf, type ComposeContext } from './email-context';

/** The words of each booking email, for the recipient's side of the booking. */

type Body = Pick<EmailContent, 'paragraphs'> & Partial<Pick<EmailContent, 'facts' | 'action' | 'list'>> & { title: string };

const withReason = (label: string, reason: string | null | undefined): string[] => (reason ? [`${label}: ${reason}`] : []);
const instant = (iso: string | null | undefined): string => (iso ? formatLondonDateTime(new Date(iso)) : 'a new time');

function clientMoney(d: EmailDetails): string[] {
  const paid = d.paidPence ?? 0;
  const refund = d.refundPence ?? 0;
  const kept = d.keptPence ?? 0;
  if (paid === 0) return ['No payment had been taken, so there is nothing to refund.'];
  if (d.heldOnly)
    return kept === 0
      ? [`You have not been charged: the ${pounds(paid)} held on your card is released.`]
      : [`Under the cancellation policy (less than 24 hours' notice) ${pounds(kept)} is charged for the session; the other ${pounds(refund)} held on your card is released.`];
  if (kept === 0) return [`A full refund of ${pounds(refund)} is on its way to your card. It can take 5 to 10 working days to appear.`];
  return [`You are refunded ${pounds(refund)}. Under the cancellation policy (less than 24 hours' notice) the session price of ${pounds(kept)} is paid to the coach.`];
}

function respondByLine(d: EmailDetails): string {
  return d.respondBy
    ? `Please accept or decline it by ${instant(d.respondBy)}. After that the request expires and the hold on the client's card is released.`
    : 'Please accept or decline the request before the session time.';
}

/** A paid request the coach did not answer by its deadline (decision 050): both sides are told. */
function expiredRequest(ctx: ComposeContext, b: BookingFacts, d: EmailDetails, role: string, action: Body['action']): Body {
  if (role === 'coach')
    return {
      title: 'Booking request expired',
      paragraphs: [
        `You did not respond in time to ${clientName(ctx, b)}'s request for a ${serviceOf(b)} session on ${whenOf(b)}, so it has expired.`,
        "The hold on the client's card is released and they have not been charged.",
      ],
      facts: bookingFactRows(ctx, b),
      action,
    };
  return {
    title: 'Booking request expired',
    paragraphs: [`${coachName(ctx, b)} did not respond in time to your request for ${whenOf(b)}, so it has expired.`, ...clientMoney(d), 'You can book again with the same coach.'],
    facts: bookingFactRows(ctx, b),
    action: { label: 'Book again', url: `${ctx.appUrl}/CoachProfile?userId=${encodeURIComponent(b.coachId)}` },
  };
}

/** Who did it, as the reader should read it ('You' when it was the reader). */
function who(ctx: ComposeContext, b: BookingFacts, role: string | null | undefined): string {
  if (role === ctx.recipient.role) return 'You';
  if (role === 'client') return clientName(ctx, b);
  if (role === 'coach') return coachName(ctx, b);
  if (role === 'admin') return "FACT's support team";
  return 'FACT';
}

function body(p: EmailJobPayload, b: BookingFacts, ctx: ComposeContext, at: Date): Body {
  const d = p.details;
  const role = ctx.recipient.role;
  const facts = bookingFactRows(ctx, b);
  // Decision 017: who the session is for, when it is one of the client's players.
  const player: [string, string][] = ctx.playerLine ? [['Player', ctx.playerLine]] : [];
  const forPlayer = ctx.playerLine ? ` for ${ctx.playerLine.split(',')[0]}` : '';
  const action = bookingAction(ctx, b, at);
  const invite = d.calendar === 'request' ? ['The attached invite puts the session in your calendar.'] : [];
  switch (p.event) {
    case 'booking_requested':
      return {
        title: `New booking request from ${clientName(ctx, b)}`,
        paragraphs: [
          d.series
            ? `${clientName(ctx, b)} would like to book a weekly series of ${d.series.length} ${serviceOf(b)} sessions${forPlayer} with you, the first on ${whenOf(b)}. You accept or decline the whole series in one decision.`
            : `${clientName(ctx, b)} would like to book a ${serviceOf(b)} session${forPlayer} with you on ${whenOf(b)}.`,
          respondByLine(d),
        ],
        facts: [...facts, ...player, ...(d.respondBy ? ([['Respond by', instant(d.respondBy)]] as [string, string][]) : [])],
        ...(d.series ? { list: d.series.map((s) => ({ text: `${instant(s.startsAt)} — ${s.referenceCode}`, url: `${ctx.appUrl}/CoachDashboard` })) } : {}),
        action: bookingAction(ctx, b, at, 'Review the request'),
      };
    case 'booking_accepted':
      return role === 'client'
        ? {
            title: 'Booking confirmed',
            paragraphs: [
              `${coachName(ctx, b)} accepted your booking: your session on ${whenOf(b)} is confirmed.`,
              ...((d.paidPence ?? 0) > 0 ? [`Your payment of ${pounds(d.paidPence)} is taken now and held by FACT until after the session.`] : []),
              ...invite,
            ],
            facts: [...facts, ...player],
            action,
          }
        : {
            title: `Session confirmed with ${clientName(ctx, b)}`,
            paragraphs: [`You accepted ${clientName(ctx, b)}'s booking${forPlayer} for ${whenOf(b)}.`, ...invite],
            facts: [...facts, ...player],
            action,
          };
    case 'booking_declined':
      if (d.actorRole === 'system' && d.reason === REQUEST_EXPIRED_REASON) return expiredRequest(ctx, b, d, role, action);
      return {
        title: 'Booking request declined',
        paragraphs: [
          d.actorRole === 'system' ? `Your booking request with ${coachName(ctx, b)} for ${whenOf(b)} was declined.` : `${coachName(ctx, b)} declined your booking request for ${whenOf(b)}.`,
          ...withReason('Reason', d.reason),
          ...clientMoney(d),
        ],
        facts,
        action: { label: 'Find another coach', url: `${ctx.appUrl}/FindCoaches` },
      };
    case 'booking_cancelled': {
      const money = role === 'client' ? clientMoney(d) : (d.keptPence ?? 0) > 0 ? [`Under the cancellation policy you are paid ${pounds(d.keptPence)} for this session.`] : [];
      const refundRow: [string, string][] = role === 'client' && (d.paidPence ?? 0) > 0 ? [['Refund', pounds(d.refundPence)]] : [];
      if (d.actorRole === 'system' && d.reason === PAYMENT_NOT_COMPLETED_REASON)
        return {
          title: 'Booking request cancelled',
          paragraphs: [
            `Your request for a ${serviceOf(b)} session with ${coachName(ctx, b)} on ${whenOf(b)} was cancelled because the payment was not completed within ${UNPAID_REQUEST_TTL_MINUTES} minutes.`,
            'No payment was taken. You are welcome to book again.',
          ],
          facts,
          action: { label: 'Find a coach', url: `${ctx.appUrl}/FindCoaches` },
        };
      return {
        title: 'Booking cancelled',
        paragraphs: [
          `${who(ctx, b, d.actorRole)} cancelled the ${serviceOf(b)} session on ${whenOf(b)}.`,
          ...withReason('Reason', d.reason),
          ...money,
          ...(d.calendar === 'cancel' ? ['The attached calendar update removes the session from your calendar.'] : []),
        ],
        facts: [...facts, ...refundRow],
        action,
      };
    }
    case 'reschedule_proposed':
      return {
        title: 'New time proposed',
        paragraphs: [
          `${who(ctx, b, d.actorRole)} would like to move your ${serviceOf(b)} session from ${whenOf(b)} to ${instant(d.proposedStartsAt)}.`,
          ...withReason('Reason', d.reason),
          'Please accept or decline the new time.',
        ],
        facts: [...facts, ['Proposed time', instant(d.proposedStartsAt)]],
        action: bookingAction(ctx, b, at, 'Review the new time'),
      };
    case 'reschedule_accepted':
      return {
        title: 'New time confirmed',
        paragraphs: [
          d.actorRole === role ? `You accepted the new time: your session is now on ${whenOf(b)}.` : `${who(ctx, b, d.actorRole)} accepted the new time: your session is now on ${whenOf(b)}.`,
          ...(d.calendar === 'request' ? ['The attached calendar update moves the session in your calendar.'] : []),
        ],
        facts,
        action,
      };
    case 'reschedule_declined':
      return {
        title: 'Proposed time declined',
        paragraphs: [`${who(ctx, b, d.actorRole)} declined moving the session to ${instant(d.proposedStartsAt)}. It stays on ${whenOf(b)}.`],
        facts,
        action,
      };
    case 'reschedule_withdrawn':
      return {
        title: 'Proposed time withdrawn',
        paragraphs: [`${who(ctx, b, d.actorRole)} withdrew the proposal to move the session to ${instant(d.proposedStartsAt)}. It stays on ${whenOf(b)}.`],
        facts,
        action,
      };
    case 'session_completed':
      return {
        title: 'Session completed',
        paragraphs:
          role === 'client'
            ? [`Your ${serviceOf(b)} session with ${coachName(ctx, b)} on ${whenOf(b)} is complete.`, 'How did it go? Your review helps other players choose a coach.']
            : [`Your session with ${clientName(ctx, b)} on ${whenOf(b)} is complete.`, 'You can now leave a review of the session.'],
        facts,
        action: bookingAction(ctx, b, at, 'Leave a review'),
      };
    case 'dispute_opened':
      return {
        title: role === 'admin' ? 'Dispute opened' : 'Issue reported',
        paragraphs: [
          `${who(ctx, b, d.actorRole)} reported an issue with the session on ${whenOf(b)}.`,
          ...withReason('Description', d.reason),
          role === 'admin' ? 'The payment is held until an administrator resolves the dispute.' : "The payment is held while FACT's support team looks into it. We will email you with the decision.",
        ],
        facts,
        action,
      };
    case 'dispute_resolved':
      return {
        title: 'Dispute resolved',
        paragraphs: [
          `The issue reported on the session of ${whenOf(b)} has been resolved.`,
          d.disputeOutcome === 'release'
            ? 'The payment is released to the coach.'
            : d.disputeOutcome === 'refund_full'
              ? `The client is refunded in full (${pounds(d.refundPence)}).`
              : `The client is refunded ${pounds(d.refundPence)}; the rest is paid to the coach.`,
          ...withReason('Note from FACT', d.note),
        ],
        facts,
        action,
      };
    case 'payment_receipt':
      return receipt(d, b, ctx, [...facts, ...player], at);
    case 'session_reminder': {
      // Decision 013; decision 017: the player the session is for joins the facts.
      const other = role === 'coach' ? clientName(ctx, b) : coachName(ctx, b);
      const soon = d.reminder === '2h' ? 'in 2 hours' : 'in 24 hours';
      return {
        title: `Reminder: your session is ${soon}`,
        paragraphs: [`Your ${serviceOf(b)} session with ${other} is on ${whenOf(b)}.`, `Need to tell ${other} something? Send a message in the booking's conversation.`],
        facts: [...facts, ...player],
        list: [{ text: `Conversation with ${other}`, url: `${ctx.appUrl}/Conversation?booking_id=${b.id}` }],
        action: bookingAction(ctx, b, at, 'View the booking'),
      };
    }
    case 'series_accepted':
    case 'series_declined': {
      const sessions = d.series ?? [];
      const accepted = p.event === 'series_accepted';
      const byCard = d.paidByCard === true;
      return {
        title: accepted ? `Weekly series confirmed: ${sessions.length} sessions` : 'Weekly series declined',
        paragraphs: [
          accepted
            ? `${coachName(ctx, b)} accepted your weekly series: all ${sessions.length} sessions are confirmed. Each has its own confirmation with its calendar invite.`
            : `${coachName(ctx, b)} declined your weekly series of ${sessions.length} sessions.`,
          ...(accepted ? [] : [byCard ? 'Nothing is charged: the hold on your card is released.' : 'Every session paid with your package goes back to it.']),
          ...(accepted && byCard ? ['Your card is charged now for these sessions and the admin fee once; FACT holds the money until after each session.'] : []),
          ...(accepted ? [] : withReason('Reason', d.reason)),
          'You can cancel or reschedule any one session later; the others stay as they are.',
        ],
        facts: [...player],
        list: sessions.map((s) => ({ text: `${instant(s.startsAt)} — ${s.referenceCode}`, url: `${ctx.appUrl}/MyBookings` })),
        action,
      };
    }
    default:
      return { title: 'Booking update', paragraphs: ['There is news about your booking.'], facts, action };
  }
}

/**
 * The client's receipt: the hold on their card (charged only if the coach accepts) or the payment
 * taken, the price lines, and the booking's cancellation terms at that moment (the domain's words).
 */
function receipt(d: EmailDetails, b: BookingFacts, ctx: ComposeContext, facts: [string, string][], at: Date): Body {
  const coach = coachName(ctx, b);
  const service = d.servicePricePence ?? 0;
  const fee = d.adminFeePence ?? 0;
  const paid = d.paidPence ?? service + fee;
  const terms = bookingTerms({ startsAt: new Date(b.startsAt), servicePricePence: service, adminFeePence: fee, totalPricePence: service + fee }, at);
  const late = lateCancellationSplit({ startsAt: new Date(b.startsAt), servicePricePence: service, adminFeePence: fee, totalPricePence: service + fee });
  const lines: [string, string][] = [
    ['Session price', pounds(service)],
    ['Admin fee', pounds(fee)],
    [d.heldOnly ? 'Held on your card' : 'Paid', pounds(paid)],
  ];
  if (d.heldOnly)
    return {
      title: `Payment received: ${pounds(paid)} held on your card`,
      paragraphs: [
        b.status === 'pending'
          ? `${pounds(paid)} is held on your card for your ${serviceOf(b)} session with ${coach} on ${whenOf(b)}. You are charged only if ${coach} accepts; otherwise the hold is released.`
          : `${pounds(paid)} is held on your card for your ${serviceOf(b)} session with ${coach} on ${whenOf(b)}, which ${coach} has accepted.`,
        ...bookingTermsSentences(terms, coach, { accepted: b.status !== 'pending' }),
      ],
      facts: [...facts, ...lines],
      action: bookingAction(ctx, b, at),
    };
  return {
    title: `Receipt: ${pounds(paid)} paid`,
    paragraphs: [
      `${coach} accepted your booking, and ${pounds(paid)} has been taken from your card. FACT holds it until after your session on ${whenOf(b)}.`,
      terms.kind === 'free_until'
        ? bookingTermsSentences(terms, coach)[0]!
        : `The session starts within 24 hours: if you cancel now, ${pounds(late.keptPence)} goes to the coach and ${pounds(late.refundPence)} is refunded.`,
    ],
    facts: [...facts, ...lines],
    action: bookingAction(ctx, b, at),
  };
}

/** Subject: what happened, the day, and the booking reference. */
export function bookingEmailContent(p: EmailJobPayload, b: BookingFacts, ctx: ComposeContext): EmailContent {
  const at = new Date(p.occurredAt);
  const { title, ...rest } = body(p, b, ctx, at);
  return {
    subject: `${title}: ${formatLondonDay(new Date(b.startsAt))} — ${b.referenceCode}`,
    greetingName: greetingName(ctx),
    ...rest,
    ...footerFor(ctx, p),
  };
}
