import { BOOKING_STATUS_LABELS } from '../shared/catalogue';
import { formatLondonDate, formatLondonTime } from '../shared/london-time';
import { formatPence } from '../shared/money';
import type { TimelineActor, TimelineChange } from './booking-timeline';

/**
 * The timeline in words, one sentence a change: the admin page and `fact bookings show` say the
 * same (decision 055), as payment states are said once (decision 049).
 */

const TRANSFER_WORDS: Record<string, string> = {
  waiting: 'waiting for the coach’s payout account',
  pending: 'sent, not yet paid',
  paid: 'paid to the coach',
  failed: 'failed',
  reversed: 'reversed',
  partially_reversed: 'partly reversed',
  not_required: 'not needed (nothing to pay)',
};

const OUTCOME_WORDS = { refund_full: 'full refund to the client', refund_partial: 'part refund to the client', release: 'released to the coach' } as const;

const london = (d: Date) => `${formatLondonDate(d)}, ${formatLondonTime(d)}`;
const status = (s: string) => BOOKING_STATUS_LABELS[s as keyof typeof BOOKING_STATUS_LABELS] ?? s;

export function timelineChangeWords(change: TimelineChange): string {
  switch (change.kind) {
    case 'requested':
      return 'Booking requested';
    case 'state_recorded':
      return `${status(change.status)} when the history began`;
    case 'accepted':
      return 'Accepted';
    case 'declined':
      return 'Declined';
    case 'expired':
      return 'Expired: not answered in time';
    case 'cancelled':
      return change.reason ? `Cancelled: ${change.reason}` : 'Cancelled';
    case 'started':
      return 'Session started';
    case 'arrived':
      return `${change.party === 'client' ? 'Client' : 'Coach'} arrived`;
    case 'marked_complete':
      return `${change.party === 'client' ? 'Client' : 'Coach'} marked the session complete`;
    case 'completed':
      return 'Completed';
    case 'status_changed':
      return `${status(change.from)} → ${status(change.to)}`;
    case 'dispute_opened':
      return change.reason ? `Dispute opened: ${change.reason}` : 'Dispute opened';
    case 'dispute_resolved': {
      const what =
        change.outcome === 'refund_partial' && change.refundPence !== null ? `${formatPence(change.refundPence)} to go back to the client` : change.outcome ? OUTCOME_WORDS[change.outcome] : 'decided';
      return `Dispute resolved: ${what}`;
    }
    case 'reschedule_proposed':
      return change.startsAt ? `New time proposed: ${london(change.startsAt)}` : 'New time proposed';
    case 'reschedule_accepted':
      return `New time accepted: ${london(change.startsAt)}`;
    case 'reschedule_declined':
      return 'New time declined';
    case 'reschedule_withdrawn':
      return 'New time withdrawn';
    case 'moved':
      return `Moved to ${london(change.startsAt)}`;
    case 'authorised':
      return `${formatPence(change.pence)} held on the card`;
    case 'captured':
      return `${formatPence(change.pence)} captured`;
    case 'refunded':
      return `${formatPence(change.pence)} refunded`;
    case 'voided':
      return 'Card hold cancelled: the client was not charged';
    case 'released':
      return 'Payment released to the coach';
    case 'payment_failed':
      return 'Card payment failed';
    case 'payment_status':
      return `Payment ${change.from} → ${change.to}`;
    case 'transfer_created':
      return `Coach’s share ${formatPence(change.coachSharePence)}, platform’s ${formatPence(change.platformSharePence)}: transfer ${TRANSFER_WORDS[change.status] ?? change.status}`;
    case 'transfer_status':
      return `Transfer ${TRANSFER_WORDS[change.to] ?? change.to}${change.error ? `: ${change.error}` : ''}`;
    case 'transfer_retried':
      return `Transfer sent again (attempt ${change.attempt})`;
    case 'transfer_reversed':
      return `${formatPence(change.pence)} taken back from the coach`;
    case 'chargeback_opened':
      return `Chargeback ${change.id} opened: ${formatPence(change.amountPence)} (${change.reason})`;
    case 'chargeback_status':
      return `Chargeback ${change.id}: ${change.to.replaceAll('_', ' ')}`;
    case 'chargeback_reversed':
      return `Chargeback ${change.id}: ${formatPence(change.pence)} taken back from the coach`;
    case 'admin_action':
      return `Administrator action ${change.action}`;
  }
}

/** 'Client Jamie Carter', 'Administrator Ada Admin (CLI)', 'System'. */
export function timelineActorWords(actor: TimelineActor): string {
  if (actor.kind === 'system') return 'System';
  const role = actor.kind === 'client' ? 'Client' : actor.kind === 'coach' ? 'Coach' : 'Administrator';
  const name = actor.name?.trim() ? ` ${actor.name.trim()}` : '';
  const via = actor.via === 'cli' ? ' (CLI)' : actor.via === 'web' ? ' (web)' : '';
  return `${role}${name}${via}`;
}
