import { describe, expect, it } from 'vitest';
import type { AuditLine, BookingState, HistoryEntry, TransferState } from './booking-history';
import { historyEntrySchema } from './booking-history';
import { buildBookingTimeline, type TimelineInput } from './booking-timeline';
import { timelineActorWords, timelineChangeWords } from './booking-timeline-words';

const CLIENT = '11111111-1111-4111-8111-111111111111';
const COACH = '22222222-2222-4222-8222-222222222222';
const ADMIN = '33333333-3333-4333-8333-333333333333';
const START = new Date('2026-12-10T10:00:00Z');

const requested: BookingState = {
  status: 'pending',
  paymentStatus: 'authorized',
  authorizedPence: 5300,
  capturedPence: 0,
  refundedPence: 0,
  startsAt: START,
  durationMinutes: 60,
  cancelledBy: null,
  declined: false,
  rescheduleStatus: null,
  rescheduleRequestedBy: null,
  rescheduleProposedStartsAt: null,
  clientArrivedAt: null,
  coachArrivedAt: null,
  clientCompletedAt: null,
  coachCompletedAt: null,
  disputeStatus: null,
  disputeOpenedBy: null,
  disputeOutcome: null,
  disputeRefundPence: null,
  disputeResolvedBy: null,
  paymentReleasedAt: null,
};
const transfer: TransferState = { status: 'pending', coachSharePence: 4250, platformSharePence: 0, commissionBps: 0, reversedPence: 0, attempt: 1, transferId: null, lastError: null, payoutId: null };

let seq = 0;
const at = (minutes: number) => new Date(Date.UTC(2026, 11, 2, 9, minutes));
function booking(state: BookingState, minutes: number, xact = `x${++seq}`, operation: HistoryEntry['operation'] = 'update'): HistoryEntry {
  return { id: ++seq, source: 'booking', operation, at: at(minutes), xactId: xact, state };
}
function transferRow(state: TransferState, minutes: number, xact = `x${++seq}`): HistoryEntry {
  return { id: ++seq, source: 'transfer', operation: 'update', at: at(minutes), xactId: xact, state };
}
const input = (history: HistoryEntry[], audit: AuditLine[] = [], texts: Partial<Pick<TimelineInput, 'cancellationReason' | 'disputeReason' | 'disputeResolutionNote'>> = {}): TimelineInput => ({
  clientId: CLIENT,
  coachId: COACH,
  clientName: 'Jamie Carter',
  coachName: 'Marcus Reid',
  cancellationReason: null,
  disputeReason: null,
  disputeResolutionNote: null,
  ...texts,
  history,
  audit,
});
const words = (input: TimelineInput) => buildBookingTimeline(input).map((e) => `${timelineActorWords(e.actor)}: ${e.changes.map((c) => timelineChangeWords(c)).join('; ')}`);

describe('the booking timeline', () => {
  it('tells a paid request accepted, completed by both parties, disputed and partly refunded, with who did each step', () => {
    const accepted = { ...requested, status: 'confirmed' as const, paymentStatus: 'captured' as const, capturedPence: 5300 };
    const confirmedOnly = { ...requested, status: 'confirmed' as const };
    const started = { ...accepted, status: 'in_session' as const, coachArrivedAt: at(30) };
    const clientDone = { ...started, clientCompletedAt: at(40) };
    const done = { ...clientDone, status: 'completed' as const, coachCompletedAt: at(41) };
    const disputed = { ...done, status: 'disputed' as const, disputeStatus: 'open' as const, disputeOpenedBy: CLIENT };
    const resolved = { ...disputed, status: 'completed' as const, disputeStatus: 'resolved' as const, disputeOutcome: 'refund_partial' as const, disputeRefundPence: 1050, disputeResolvedBy: ADMIN };
    const refunded = { ...resolved, paymentStatus: 'partially_refunded' as const, refundedPence: 1050 };
    const history = [
      booking(requested, 1, 'x-req', 'insert'),
      booking(confirmedOnly, 2),
      booking(accepted, 3),
      booking(started, 30),
      booking(clientDone, 40),
      booking(done, 41),
      booking(disputed, 50),
      booking(resolved, 60, 'x-resolve'),
      booking(refunded, 61),
      transferRow(transfer, 70),
    ];
    const audit: AuditLine[] = [{ xactId: 'x-resolve', at: at(60), action: 'dispute.resolve', actorId: ADMIN, actorName: 'Ada Admin', via: 'cli', details: { note: 'Half the session' } }];
    expect(words(input(history, audit, { disputeReason: 'Ended early' }))).toEqual([
      'Client Jamie Carter: Booking requested; £53.00 held on the card',
      'Coach Marcus Reid: Accepted',
      'System: £53.00 captured',
      'Coach Marcus Reid: Coach arrived; Session started',
      'Client Jamie Carter: Client marked the session complete',
      'Coach Marcus Reid: Coach marked the session complete; Completed',
      'Client Jamie Carter: Dispute opened: Ended early',
      'Administrator Ada Admin (CLI): Dispute resolved: £10.50 to go back to the client',
      'System: £10.50 refunded',
      'System: Coach’s share £42.50, platform’s £0.00: transfer sent, not yet paid',
    ]);
    const timeline = buildBookingTimeline(input(history, audit));
    expect(timeline[7]!.note).toBe('Half the session');
    expect(timeline[8]!.money).toEqual({ heldPence: 0, capturedPence: 5300, refundedPence: 1050, coachSharePence: null, platformSharePence: null });
    expect(timeline[9]!.money).toEqual({ heldPence: 0, capturedPence: 5300, refundedPence: 1050, coachSharePence: 4250, platformSharePence: 0 });
    expect(timeline[0]!.money.heldPence).toBe(5300);
  });

  it('names the administrator of an audited cancellation and gives the reason, and the system the refund after it', () => {
    const confirmed = { ...requested, status: 'confirmed' as const, paymentStatus: 'captured' as const, capturedPence: 5300 };
    const cancelled = { ...confirmed, status: 'cancelled' as const, cancelledBy: 'admin' as const };
    const history = [booking(requested, 1, 'a', 'insert'), booking(confirmed, 2), booking(cancelled, 3, 'x-cancel'), booking({ ...cancelled, paymentStatus: 'refunded', refundedPence: 5300 }, 4)];
    const audit: AuditLine[] = [{ xactId: 'x-cancel', at: at(3), action: 'booking.cancel', actorId: ADMIN, actorName: 'Ada Admin', via: 'web', details: { reason: 'Pitch flooded' } }];
    const timeline = buildBookingTimeline(input(history, audit, { cancellationReason: 'Pitch flooded' }));
    expect(words(input(history, audit, { cancellationReason: 'Pitch flooded' })).slice(2)).toEqual(['Administrator Ada Admin (web): Cancelled: Pitch flooded', 'System: £53.00 refunded']);
    expect(timeline[2]!.note).toBeNull();
  });

  it('tells a decline by the coach from an expiry by the system, and a cancellation by the client', () => {
    const declined = { ...requested, status: 'cancelled' as const, declined: true, cancelledBy: 'coach' as const, paymentStatus: 'voided' as const };
    const expired = { ...declined, cancelledBy: 'system' as const };
    const byClient = { ...requested, status: 'cancelled' as const, cancelledBy: 'client' as const };
    expect(words(input([booking(requested, 1, 'a', 'insert'), booking(declined, 2)]))[1]).toBe('Coach Marcus Reid: Declined; Card hold cancelled: the client was not charged');
    expect(words(input([booking(requested, 1, 'a', 'insert'), booking(expired, 2)]))[1]).toBe('System: Expired: not answered in time; Card hold cancelled: the client was not charged');
    expect(words(input([booking(requested, 1, 'a', 'insert'), booking(byClient, 2)], [], { cancellationReason: 'Ill' }))[1]).toBe('Client Jamie Carter: Cancelled: Ill');
  });

  it('gives a proposal to its proposer and the answer to the other party', () => {
    const confirmed = { ...requested, status: 'confirmed' as const };
    const later = new Date('2026-12-11T15:00:00Z');
    const proposed = { ...confirmed, rescheduleStatus: 'pending' as const, rescheduleRequestedBy: COACH, rescheduleProposedStartsAt: later };
    const acceptedMove = { ...proposed, rescheduleStatus: 'accepted' as const, startsAt: later };
    expect(words(input([booking(confirmed, 1, 'a', 'insert'), booking(proposed, 2), booking(acceptedMove, 3)])).slice(1)).toEqual([
      'Coach Marcus Reid: New time proposed: Fri, 11 Dec 2026, 15:00',
      'Client Jamie Carter: New time accepted: Fri, 11 Dec 2026, 15:00',
    ]);
  });

  it('tells a failed transfer, its retry by an administrator and its payment, keeping the shares', () => {
    const failed = { ...transfer, status: 'failed' as const, lastError: 'Payouts disabled' };
    const retried = { ...failed, status: 'pending' as const, attempt: 2, lastError: null };
    const paid = { ...retried, status: 'paid' as const, transferId: 'tr_1' };
    const history = [
      booking({ ...requested, status: 'completed', paymentStatus: 'released', capturedPence: 5300 }, 1, 'a', 'backfill'),
      transferRow(transfer, 2),
      transferRow(failed, 3),
      transferRow(retried, 4, 'x-retry'),
      transferRow(paid, 5),
    ];
    const audit: AuditLine[] = [{ xactId: 'x-retry', at: at(4), action: 'payout.retry', actorId: ADMIN, actorName: 'Ada Admin', via: 'web', details: {} }];
    expect(words(input(history, audit))).toEqual([
      'System: Completed when the history began',
      'System: Coach’s share £42.50, platform’s £0.00: transfer sent, not yet paid',
      'System: Transfer failed: Payouts disabled',
      'Administrator Ada Admin (web): Transfer sent again (attempt 2); Transfer sent, not yet paid',
      'System: Transfer paid to the coach',
    ]);
  });

  it('keeps an audited action that changed nothing recorded as an event of its own, in time order', () => {
    const history = [booking(requested, 1, 'a', 'insert'), booking({ ...requested, status: 'confirmed' }, 10)];
    const audit: AuditLine[] = [{ xactId: null, at: at(5), action: 'booking.note', actorId: ADMIN, actorName: null, via: 'cli', details: { note: 'Called the coach' } }];
    const timeline = buildBookingTimeline(input(history, audit));
    expect(timeline.map((e) => e.source)).toEqual(['booking', 'audit', 'booking']);
    expect(timelineActorWords(timeline[1]!.actor)).toBe('Administrator (CLI)');
    expect(timeline[1]!.note).toBe('Called the coach');
    expect(timeline[1]!.money.heldPence).toBe(5300);
  });

  it('leaves out a stored change that moved nothing the timeline shows', () => {
    expect(buildBookingTimeline(input([booking(requested, 1, 'a', 'insert'), booking(requested, 2)]))).toHaveLength(1);
  });

  it('refuses a stored history row that is not what the trigger writes', () => {
    expect(historyEntrySchema.safeParse({ id: 1, source: 'booking', operation: 'update', at: '2026-12-02T09:00:00Z', xactId: '9', state: { status: 'lost' } }).success).toBe(false);
    expect(historyEntrySchema.safeParse({ id: 1, source: 'transfer', operation: 'insert', at: '2026-12-02T09:00:00Z', xactId: '9', state: transfer }).success).toBe(true);
  });
});
