import type { DisputeOutcome } from '../booking/lifecycle/booking';
import type { PaymentStatus } from '../booking/money/payment-status';
import type { TransferStatus } from '../payouts/coach-transfer';
import type { BookingStatus } from '../booking/lifecycle/booking';
import type { Pence } from '../shared/money';
import type { AuditLine, BookingState, ChargebackState, HistoryEntry, TransferState } from './booking-history';

/**
 * A booking's whole story (decision 055), built from what booking_history kept after
 * each change and from the audit log: one event per change, with who made it and the money as it
 * stood after it. Pure: the same events feed the admin page and `fact bookings show`.
 */

export type Party = 'client' | 'coach';

export interface TimelineActor {
  readonly kind: Party | 'admin' | 'system';
  /** The person's name when known (administrators by the audit log's name). */
  readonly name: string | null;
  /** An administrator's action came from the web or from the `fact` CLI. */
  readonly via: 'web' | 'cli' | null;
}

export type TimelineChange =
  | { readonly kind: 'requested' }
  | { readonly kind: 'state_recorded'; readonly status: BookingStatus }
  | { readonly kind: 'accepted' }
  | { readonly kind: 'declined' }
  | { readonly kind: 'expired' }
  | { readonly kind: 'cancelled'; readonly reason: string | null }
  | { readonly kind: 'started' }
  | { readonly kind: 'arrived'; readonly party: Party }
  | { readonly kind: 'marked_complete'; readonly party: Party }
  | { readonly kind: 'completed' }
  | { readonly kind: 'status_changed'; readonly from: BookingStatus; readonly to: BookingStatus }
  | { readonly kind: 'dispute_opened'; readonly reason: string | null }
  | { readonly kind: 'dispute_resolved'; readonly outcome: DisputeOutcome | null; readonly refundPence: Pence | null; readonly note: string | null }
  | { readonly kind: 'reschedule_proposed'; readonly startsAt: Date | null }
  | { readonly kind: 'reschedule_accepted'; readonly startsAt: Date }
  | { readonly kind: 'reschedule_declined' }
  | { readonly kind: 'reschedule_withdrawn' }
  | { readonly kind: 'moved'; readonly startsAt: Date }
  | { readonly kind: 'authorised'; readonly pence: Pence }
  | { readonly kind: 'captured'; readonly pence: Pence }
  | { readonly kind: 'refunded'; readonly pence: Pence }
  | { readonly kind: 'voided' }
  | { readonly kind: 'released' }
  | { readonly kind: 'payment_failed' }
  | { readonly kind: 'payment_status'; readonly from: PaymentStatus; readonly to: PaymentStatus }
  | { readonly kind: 'transfer_created'; readonly status: TransferStatus; readonly coachSharePence: Pence; readonly platformSharePence: Pence }
  | { readonly kind: 'transfer_status'; readonly from: TransferStatus; readonly to: TransferStatus; readonly error: string | null }
  | { readonly kind: 'transfer_retried'; readonly attempt: number }
  | { readonly kind: 'transfer_reversed'; readonly pence: Pence }
  | { readonly kind: 'chargeback_opened'; readonly id: string; readonly amountPence: Pence; readonly reason: string }
  | { readonly kind: 'chargeback_status'; readonly id: string; readonly from: string; readonly to: string }
  | { readonly kind: 'chargeback_reversed'; readonly id: string; readonly pence: Pence }
  | { readonly kind: 'admin_action'; readonly action: string };

/** The money after a step: on the card, taken, given back, and the split of the coach's transfer. */
export interface TimelineMoney {
  /** Authorised on the client's card and not taken (0 once captured, voided or never held). */
  readonly heldPence: Pence;
  readonly capturedPence: Pence;
  readonly refundedPence: Pence;
  /** From the coach transfer, once the money was released; null before. */
  readonly coachSharePence: Pence | null;
  readonly platformSharePence: Pence | null;
}

export interface TimelineEvent {
  readonly id: string;
  readonly at: Date;
  readonly source: HistoryEntry['source'] | 'audit';
  readonly actor: TimelineActor;
  readonly changes: readonly TimelineChange[];
  readonly money: TimelineMoney;
  /** The administrator's reason or note, from the audit line. */
  readonly note: string | null;
}

export interface TimelineInput {
  readonly clientId: string;
  readonly coachId: string;
  readonly clientName: string | null;
  readonly coachName: string | null;
  /**
   * What people typed, from the booking row (history keeps no free text, so erasure has one place
   * to redact: decision 038). A booking is cancelled, disputed and resolved at most once.
   */
  readonly cancellationReason: string | null;
  readonly disputeReason: string | null;
  readonly disputeResolutionNote: string | null;
  /** In the order the changes were made (booking_history.id). */
  readonly history: readonly HistoryEntry[];
  readonly audit: readonly AuditLine[];
}

const SYSTEM: TimelineActor = { kind: 'system', name: null, via: null };
const NO_MONEY: TimelineMoney = { heldPence: 0, capturedPence: 0, refundedPence: 0, coachSharePence: null, platformSharePence: null };

export function buildBookingTimeline(input: TimelineInput): TimelineEvent[] {
  const partyActor = (party: Party): TimelineActor => ({ kind: party, name: party === 'client' ? input.clientName : input.coachName, via: null });
  const actorOfUser = (userId: string | null): TimelineActor =>
    userId === input.clientId ? partyActor('client') : userId === input.coachId ? partyActor('coach') : { kind: 'admin', name: null, via: null };
  const auditByXact = new Map<string, AuditLine>();
  for (const line of input.audit) if (line.xactId !== null && !auditByXact.has(line.xactId)) auditByXact.set(line.xactId, line);
  const matched = new Set<AuditLine>();

  let booking: BookingState | null = null;
  let transfer: TransferState | null = null;
  const chargebacks = new Map<string, ChargebackState>();
  const events: TimelineEvent[] = [];

  for (const entry of input.history) {
    let step: Step;
    if (entry.source === 'booking') {
      step = bookingStep(booking, entry.state, entry.operation, input, partyActor, actorOfUser);
      booking = entry.state;
    } else if (entry.source === 'transfer') {
      step = { changes: transferChanges(entry.operation === 'backfill' ? null : transfer, entry.state), actor: SYSTEM };
      transfer = entry.state;
    } else {
      const before = chargebacks.get(entry.state.id) ?? null;
      step = { changes: chargebackChanges(before, entry.state), actor: SYSTEM };
      chargebacks.set(entry.state.id, entry.state);
    }
    if (step.changes.length === 0) continue;
    const audit = auditByXact.get(entry.xactId);
    if (audit) matched.add(audit);
    events.push({
      id: `h${entry.id}`,
      at: entry.at,
      source: entry.source,
      actor: audit ? adminActor(audit) : step.actor,
      changes: step.changes,
      money: moneyOf(booking, transfer),
      note: noteOfStep(step.changes, audit ? noteOf(audit) : null),
    });
  }

  // Audited actions that changed nothing the history keeps (or came before it began).
  const unmatched = input.audit.filter((line) => !matched.has(line));
  const extra = unmatched.map((line, i): TimelineEvent => ({
    id: `a${i}`,
    at: line.at,
    source: 'audit',
    actor: adminActor(line),
    changes: [{ kind: 'admin_action', action: line.action }],
    money: moneyAt(events, line.at),
    note: noteOf(line),
  }));
  return mergeByTime(events, extra);
}

interface Step {
  readonly changes: TimelineChange[];
  readonly actor: TimelineActor;
}

function bookingStep(
  prev: BookingState | null,
  s: BookingState,
  operation: HistoryEntry['operation'],
  texts: Pick<TimelineInput, 'cancellationReason' | 'disputeReason' | 'disputeResolutionNote'>,
  partyActor: (p: Party) => TimelineActor,
  actorOfUser: (id: string | null) => TimelineActor,
): Step {
  if (operation === 'backfill') return { changes: [{ kind: 'state_recorded', status: s.status }], actor: SYSTEM };
  if (prev === null) return { changes: [{ kind: 'requested' }, ...paymentChanges(null, s)], actor: partyActor('client') };
  const changes: TimelineChange[] = [];
  let actor: TimelineActor | null = null;
  const by = (a: TimelineActor) => {
    actor ??= a;
  };
  const newly = (before: Date | null, after: Date | null) => before === null && after !== null;

  for (const party of ['client', 'coach'] as const) {
    if (newly(party === 'client' ? prev.clientArrivedAt : prev.coachArrivedAt, party === 'client' ? s.clientArrivedAt : s.coachArrivedAt)) {
      changes.push({ kind: 'arrived', party });
      by(partyActor(party));
    }
    if (newly(party === 'client' ? prev.clientCompletedAt : prev.coachCompletedAt, party === 'client' ? s.clientCompletedAt : s.coachCompletedAt)) {
      changes.push({ kind: 'marked_complete', party });
      by(partyActor(party));
    }
  }

  if (prev.status !== s.status) {
    const change = statusChange(prev, s, texts);
    if (change) changes.push(change);
    if (!change) {
      // A resolved dispute says it below.
    } else if (change.kind === 'accepted' || change.kind === 'declined') by(partyActor('coach'));
    else if (change.kind === 'cancelled')
      by(s.cancelledBy === 'client' || s.cancelledBy === 'coach' ? partyActor(s.cancelledBy) : s.cancelledBy === 'admin' ? { kind: 'admin', name: null, via: null } : SYSTEM);
    else if (change.kind === 'dispute_opened') by(actorOfUser(s.disputeOpenedBy));
  }
  if (prev.disputeStatus === 'open' && s.disputeStatus === 'resolved') {
    changes.push({ kind: 'dispute_resolved', outcome: s.disputeOutcome, refundPence: s.disputeRefundPence, note: texts.disputeResolutionNote });
    by(actorOfUser(s.disputeResolvedBy));
  }

  const reschedule = rescheduleChange(prev, s);
  if (reschedule) {
    changes.push(reschedule);
    const requester = actorOfUser(s.rescheduleRequestedBy);
    const other = requester.kind === 'client' ? partyActor('coach') : requester.kind === 'coach' ? partyActor('client') : requester;
    by(reschedule.kind === 'reschedule_proposed' || reschedule.kind === 'reschedule_withdrawn' ? requester : other);
  } else if (prev.startsAt.getTime() !== s.startsAt.getTime()) {
    changes.push({ kind: 'moved', startsAt: s.startsAt });
  }

  const payment = paymentChanges(prev, s);
  changes.push(...payment);
  // The client holds the money with their card (the Secure Payment dialog); the worker moves it after.
  if (payment.some((c) => c.kind === 'authorised' || c.kind === 'payment_failed')) by(partyActor('client'));
  return { changes, actor: actor ?? SYSTEM };
}

function statusChange(prev: BookingState, s: BookingState, texts: Pick<TimelineInput, 'cancellationReason' | 'disputeReason'>): TimelineChange | null {
  if (prev.status === 'disputed' && s.disputeStatus === 'resolved') return null;
  if (s.status === 'confirmed' && prev.status === 'pending') return { kind: 'accepted' };
  if (s.status === 'cancelled') {
    if (s.declined) return s.cancelledBy === 'system' ? { kind: 'expired' } : { kind: 'declined' };
    return { kind: 'cancelled', reason: texts.cancellationReason };
  }
  if (s.status === 'in_session') return { kind: 'started' };
  if (s.status === 'disputed') return { kind: 'dispute_opened', reason: texts.disputeReason };
  if (s.status === 'completed') return { kind: 'completed' };
  return { kind: 'status_changed', from: prev.status, to: s.status };
}

function rescheduleChange(prev: BookingState, s: BookingState): TimelineChange | null {
  const proposedMoved = (prev.rescheduleProposedStartsAt?.getTime() ?? null) !== (s.rescheduleProposedStartsAt?.getTime() ?? null);
  if (s.rescheduleStatus === prev.rescheduleStatus && !(s.rescheduleStatus === 'pending' && proposedMoved)) return null;
  switch (s.rescheduleStatus) {
    case 'pending':
      return { kind: 'reschedule_proposed', startsAt: s.rescheduleProposedStartsAt };
    case 'accepted':
      return { kind: 'reschedule_accepted', startsAt: s.startsAt };
    case 'declined':
      return { kind: 'reschedule_declined' };
    case 'withdrawn':
      return { kind: 'reschedule_withdrawn' };
    default:
      return null;
  }
}

/** The payment's moves between two states: amounts that grew, and the status words that add to them. */
function paymentChanges(prev: BookingState | null, s: BookingState): TimelineChange[] {
  const p = prev ?? { paymentStatus: 'pending' as const, authorizedPence: 0, capturedPence: 0, refundedPence: 0 };
  const changes: TimelineChange[] = [];
  if (s.authorizedPence > p.authorizedPence || (s.paymentStatus === 'authorized' && p.paymentStatus !== 'authorized' && s.authorizedPence > 0)) {
    changes.push({ kind: 'authorised', pence: s.authorizedPence });
  }
  if (s.capturedPence > p.capturedPence) changes.push({ kind: 'captured', pence: s.capturedPence - p.capturedPence });
  if (s.refundedPence > p.refundedPence) changes.push({ kind: 'refunded', pence: s.refundedPence - p.refundedPence });
  if (s.paymentStatus !== p.paymentStatus) {
    if (s.paymentStatus === 'voided') changes.push({ kind: 'voided' });
    else if (s.paymentStatus === 'released') changes.push({ kind: 'released' });
    else if (s.paymentStatus === 'failed') changes.push({ kind: 'payment_failed' });
    else if (changes.length === 0) changes.push({ kind: 'payment_status', from: p.paymentStatus, to: s.paymentStatus });
  }
  return changes;
}

function transferChanges(prev: TransferState | null, t: TransferState): TimelineChange[] {
  if (prev === null) return [{ kind: 'transfer_created', status: t.status, coachSharePence: t.coachSharePence, platformSharePence: t.platformSharePence }];
  const changes: TimelineChange[] = [];
  if (t.attempt > prev.attempt) changes.push({ kind: 'transfer_retried', attempt: t.attempt });
  if (t.reversedPence > prev.reversedPence) changes.push({ kind: 'transfer_reversed', pence: t.reversedPence - prev.reversedPence });
  if (t.status !== prev.status && !(changes.length > 0 && (t.status === 'reversed' || t.status === 'partially_reversed'))) {
    changes.push({ kind: 'transfer_status', from: prev.status, to: t.status, error: t.status === 'failed' ? t.lastError : null });
  }
  return changes;
}

function chargebackChanges(prev: ChargebackState | null, c: ChargebackState): TimelineChange[] {
  if (prev === null) return [{ kind: 'chargeback_opened', id: c.id, amountPence: c.amountPence, reason: c.reason }];
  const changes: TimelineChange[] = [];
  if (c.status !== prev.status) changes.push({ kind: 'chargeback_status', id: c.id, from: prev.status, to: c.status });
  if (c.transferReversedPence > prev.transferReversedPence) changes.push({ kind: 'chargeback_reversed', id: c.id, pence: c.transferReversedPence - prev.transferReversedPence });
  return changes;
}

function moneyOf(b: BookingState | null, t: TransferState | null): TimelineMoney {
  if (!b) return t ? { ...NO_MONEY, coachSharePence: t.coachSharePence - t.reversedPence, platformSharePence: t.platformSharePence } : NO_MONEY;
  return {
    heldPence: b.paymentStatus === 'authorized' ? b.authorizedPence : 0,
    capturedPence: b.capturedPence,
    refundedPence: b.refundedPence,
    coachSharePence: t ? t.coachSharePence - t.reversedPence : null,
    platformSharePence: t ? t.platformSharePence : null,
  };
}

function moneyAt(events: readonly TimelineEvent[], at: Date): TimelineMoney {
  let money = NO_MONEY;
  for (const e of events) if (e.at.getTime() <= at.getTime()) money = e.money;
  return money;
}

/** The administrator's words, unless a change already says them (a cancellation's reason); else a decision's note. */
function noteOfStep(changes: readonly TimelineChange[], audited: string | null): string | null {
  const said = changes.flatMap((c) => (c.kind === 'cancelled' || c.kind === 'dispute_opened' ? [c.reason] : []));
  if (audited !== null && !said.includes(audited)) return audited;
  const decided = changes.find((c) => c.kind === 'dispute_resolved');
  return decided?.kind === 'dispute_resolved' ? decided.note : null;
}

function adminActor(line: AuditLine): TimelineActor {
  return { kind: 'admin', name: line.actorName, via: line.via };
}

function noteOf(line: AuditLine): string | null {
  const { reason, note } = line.details;
  if (typeof reason === 'string' && reason.trim() !== '') return reason;
  if (typeof note === 'string' && note.trim() !== '') return note;
  return null;
}

/** History in its own order; each audit-only event placed before the first change made after it. */
function mergeByTime(events: readonly TimelineEvent[], extra: readonly TimelineEvent[]): TimelineEvent[] {
  if (extra.length === 0) return [...events];
  const out: TimelineEvent[] = [];
  let i = 0;
  const sorted = [...extra].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const e of events) {
    while (i < sorted.length && sorted[i]!.at.getTime() < e.at.getTime()) out.push(sorted[i++]!);
    out.push(e);
  }
  while (i < sorted.length) out.push(sorted[i++]!);
  return out;
}
