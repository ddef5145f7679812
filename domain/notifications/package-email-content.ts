import { footerFor, greetingName, nameOf, pounds, type ComposeContext } from './email-context';
import type { EmailContent } from './email-format';
import { formatLondonDate } from '../shared/london-time';
import type { EmailJobPayload } from './email-job';

/**
 * The package emails (decision 059): the client's receipt for a purchase and for a refund of
 * unused sessions, and the coach's news that a client bought one of their packages.
 */
export function packageEmailContent(p: EmailJobPayload, ctx: ComposeContext): EmailContent {
  const pkg = p.details.package;
  const base = { greetingName: greetingName(ctx), ...footerFor(ctx, p) };
  if (!pkg) return { ...base, subject: 'Your FACT package', paragraphs: ['There is news about your package.'] };
  const coach = nameOf(ctx, pkg.coachId, 'your coach');
  const client = nameOf(ctx, pkg.clientId, 'A client');
  const until = formatLondonDate(new Date(pkg.validUntil));
  const sessions = `${pkg.sessions} ${pkg.sessions === 1 ? 'session' : 'sessions'}`;
  const facts: [string, string][] = [
    ['Package', pkg.name],
    ['Coach', coach],
    ['Valid until', until],
  ];
  if (p.event === 'package_expiring') {
    const left = pkg.sessionsLeft;
    return {
      ...base,
      subject: `${left} ${left === 1 ? 'session' : 'sessions'} of "${pkg.name}" left: the package ends on ${until}`,
      paragraphs: [
        `Your package "${pkg.name}" with ${coach} ends on ${until}, and ${left} of its ${sessions} ${left === 1 ? 'is' : 'are'} not booked yet.`,
        `Book ${left === 1 ? 'it' : 'them'} before then, or ask for ${left === 1 ? 'it' : 'them'} back on MyBookings. Whatever is left unused when the package ends is refunded to your card automatically.`,
      ],
      facts,
      action: { label: 'View your packages', url: `${ctx.appUrl}/MyBookings` },
    };
  }
  if (p.event === 'package_low_credit') {
    return {
      ...base,
      subject: `One session of "${pkg.name}" left`,
      paragraphs: [
        `You have just booked your last but one session of "${pkg.name}" with ${coach}: 1 of its ${sessions} is left to book, until ${until}.`,
        `Book it from the booking dialog (choose the package under 'How will you pay?'), or buy another package on ${coach}'s profile to keep training at the package price.`,
      ],
      facts,
      action: { label: 'Book a session', url: `${ctx.appUrl}/CoachProfile?userId=${pkg.coachId}` },
    };
  }
  if (p.event === 'package_refunded') {
    const n = p.details.refundedSessions ?? 0;
    const refund = p.details.refundPence ?? 0;
    return {
      ...base,
      subject: `Refund: ${pounds(refund)} for your unused sessions`,
      paragraphs: [
        p.details.refundReason === 'expiry'
          ? `Your package "${pkg.name}" with ${coach} expired with ${n} unused ${n === 1 ? 'session' : 'sessions'}. As promised, we have refunded ${pounds(refund)} to your card.`
          : `As you asked, ${pounds(refund)} for ${n} unused ${n === 1 ? 'session' : 'sessions'} of "${pkg.name}" with ${coach} has been refunded to your card.`,
        ...(p.details.adminFeeRefunded ? ['No session of the package was used, so the admin fee is refunded too.'] : []),
        'Refunds usually reach your account within 5–10 working days.',
      ],
      facts: [...facts, ['Refunded', pounds(refund)]],
      action: { label: 'View your packages', url: `${ctx.appUrl}/MyBookings` },
    };
  }
  if (ctx.recipient.role === 'coach')
    return {
      ...base,
      subject: `${client} bought your package "${pkg.name}"`,
      paragraphs: [
        `${client} bought "${pkg.name}" (${sessions}). They will book each session from it; you accept or decline each request as usual.`,
        'You are paid your share of each session once it is completed.',
      ],
      facts: [
        ['Package', pkg.name],
        ['Client', client],
        ['Valid until', until],
      ],
      action: { label: 'Open your dashboard', url: `${ctx.appUrl}/CoachDashboard` },
    };
  const paid = pkg.pricePence + pkg.adminFeePence;
  return {
    ...base,
    subject: `Receipt: ${pounds(paid)} for "${pkg.name}"`,
    paragraphs: [
      `Thank you: ${pounds(paid)} has been taken from your card for ${sessions} with ${coach}. FACT holds it, and pays ${coach} for each session once it is completed.`,
      `Book your sessions before ${until}. Sessions you don't use are refunded to your card whenever you ask before then, and automatically when the package expires.`,
    ],
    facts: [...facts, ['Package price', pounds(pkg.pricePence)], ['Admin fee', pounds(pkg.adminFeePence)], ['Paid', pounds(paid)]],
    action: { label: 'View your packages', url: `${ctx.appUrl}/MyBookings` },
  };
}
