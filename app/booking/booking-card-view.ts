import { paidWithSeriesCard } from '../../domain/booking/requests/card-series';
import { ageGroupLabel, primaryAgeGroup } from '../../domain/accounts/users/age-group';
import type { Actor } from '../../domain/policy/actor';
import { utcToLondon } from '../../domain/shared/london-time';
import type { Id } from '../../domain/shared/ids';
import type { Pence } from '../../domain/shared/money';
import { cancellationSettlement, type CancellationRule } from '../../domain/booking/money/cancellation-policy';
import { cancellationPreview, type CancellationMoney } from '../../domain/booking/money/cancellation-money';
import { clientPaymentWords, type PaymentStateWords } from '../../domain/booking/money/payment-state-words';
import { expectedCoachSharePence } from '../../domain/payouts/coach-share';
import { availableActions, type BookingAction } from '../../domain/booking/lifecycle/available-actions';
import { endsAt, type Booking, type BookingStatus } from '../../domain/booking/lifecycle/booking';
import type { BookingListItem } from '../../domain/booking/lists/booking-list-reader';
import { relationOf } from '../../domain/booking/lifecycle/booking-party';
import { bookingPlayerView } from '../../domain/accounts/players/booking-player';
import { isUnpaidRequest, minutesLeftToPay } from '../../domain/booking/requests/paid-requests';
import { isPastResponseDeadline, responseDeadline } from '../../domain/booking/requests/response-deadline';
import { expiredUnanswered } from '../../domain/booking/lifecycle/booking-decisions';
import { rescheduleViewFor } from '../../domain/booking/reschedule/reschedule';
import { advanceSession, sessionProgressState, showsSessionProgress, type SessionProgressState } from '../../domain/booking/session-progress/session-progress';

/**
 * A booking as a card on MyBookings and the CoachDashboard (SPEC §2): plain, serialisable data
 * the page renders (with the words of booking-card-labels.ts). Every "may I?" comes from the
 * domain's own rules (availableActions).
 *
 * The card's data as the page sends it: each fact once, optional fields left out
 * when they do not apply, and nothing the card does not show. The words (title, labels, the
 * other party's role, the date in words, the service price, the 'Book again' seed) are derived
 * from these by booking-card-labels.ts, on the server and in the browser alike.
 */
export interface BookingCardView {
  readonly id: Id;
  readonly referenceCode: string;
  readonly viewerIs: 'client' | 'coach';
  /** The other party's name: the coach for the client, the client for the coach ('User' when unknown). */
  readonly otherPartyName: string;
  readonly status: BookingStatus;
  readonly serviceType: string;
  /** The London wall-clock start, 'YYYY-MM-DDTHH:MM'. */
  readonly start: string;
  readonly durationMinutes: number;
  readonly locationType: string;
  readonly locationAddress?: string;
  /** The client's notes on the request: the coach's cards only. */
  readonly clientNotes?: string;
  readonly totalPricePence: Pence;
  readonly adminFeePence: Pence;
  /** Why a cancelled booking was cancelled, and `declined` when it was the coach declining the request. */
  readonly cancellationReason?: string;
  readonly declined?: true;
  /** The request ended unanswered at its deadline (decision 050): nobody declined it. */
  readonly expired?: true;
  /** A pending reschedule (absent: none): the viewer proposed it, or is to answer it; both sides see the proposed London start, the answerer the reason too. */
  readonly reschedule?: { readonly view: 'awaiting_other_party'; readonly proposedStart: string } | { readonly view: 'review'; readonly proposedStart: string; readonly reason?: string };
  /** SPEC §2 session progress, on a confirmed, in-session, completed or disputed booking. */
  readonly progress?: SessionProgressView;
  readonly actions: readonly BookingAction[];
  /** 'Leave Review': a completed session this viewer has not reviewed yet. */
  readonly canReview?: true;
  /** The coach's pending request whose payment is held on the client's card (authorised). */
  readonly paymentHeld?: true;
  /** When the coach's time to answer that request ends (decision 050): the London wall clock, 'YYYY-MM-DDTHH:MM'. */
  readonly respondBy?: string;
  /**
   * A request not paid yet (decision 011): the client is asked to pay ('Pay Now') within the minutes
   * left before it is cancelled (0: the time is up and it is about to be cancelled).
   */
  readonly awaitingPayment?: { readonly minutesLeft: number };
  /** The cancellation policy's rule for cancelling now, when the viewer may cancel a pending or confirmed booking. */
  readonly cancelRule?: CancellationRule;
  /** What cancelling (or declining) now refunds and keeps, by the rule the server then applies: with cancelRule, or for a decline. */
  readonly cancelMoney?: CancellationMoney;
  /** The client's cards: the payment in words ('Payment held', 'Refunded £3.00'). */
  readonly payment?: PaymentStateWords;
  /** The coach's pending requests: what they earn by accepting (their share, after the platform's commission). */
  readonly earnPence?: Pence;
  /** Who the session is for (decision 017): name and age at the session date; the notes for the coach only. Absent: the client. */
  readonly player?: { readonly name: string; readonly age: number; readonly group: string; readonly notes?: string };
  /** Paid with a credit of the client's package (decision 060): cancelling gives the credit back or uses it; no card money moves. */
  readonly paidFromPackage?: true;
  /** A session of a weekly series (decision 062): its place in it. */
  readonly series?: { readonly position: number; readonly sessions: number };
  /** 'Book again': the client's confirmed or completed session, or a request that expired unanswered; the rest of the seed is the card's own (bookAgainSeed). */
  readonly bookAgain?: { readonly coachId: Id; readonly playerId?: Id };
}

/** Both parties' marks; each flag is present only when true. */
export interface SessionProgressView {
  readonly state: SessionProgressState;
  readonly clientArrived?: true;
  readonly coachArrived?: true;
  readonly clientCompleted?: true;
  readonly coachCompleted?: true;
  /** Completing now would be before the scheduled end (a reason is asked): sent while the viewer may mark completion. */
  readonly completingEarly?: true;
  /** The reason of an open dispute. */
  readonly disputeReason?: string;
}

/** What the booking dialog preselects for 'Book again' (the same weekday and time a week after this session). */
export interface BookAgainSeed {
  readonly coachId: Id;
  readonly serviceType: string;
  readonly durationMinutes: number;
  readonly locationType: string;
  readonly locationAddress: string | null;
  readonly playerId: Id | null;
  /** The session's London date and time. */
  readonly lastDate: string;
  readonly lastTime: string;
}

const londonStart = (instant: Date): string => {
  const { date, time } = utcToLondon(instant);
  return `${date}T${time}`;
};

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** `commissionBps`: the platform's commission on session prices (the payouts rule), for what a coach earns. */
export function bookingCardView(item: BookingListItem, actor: Actor, now: Date, commissionBps: number): BookingCardView | null {
  const relation = relationOf(item.booking, actor);
  if (relation !== 'client' && relation !== 'coach') return null;
  const b = advanceSession(item.booking, now);
  const other = relation === 'client' ? item.coachName : item.clientName;
  const actions = availableActions(b, actor, now);
  const card: Writable<BookingCardView> = {
    id: b.id,
    referenceCode: b.referenceCode,
    viewerIs: relation,
    otherPartyName: other ?? 'User',
    status: b.status,
    serviceType: b.serviceType,
    start: londonStart(b.startsAt),
    durationMinutes: b.durationMinutes,
    locationType: b.locationType,
    totalPricePence: b.totalPricePence,
    adminFeePence: b.adminFeePence,
    actions,
  };
  // The optional fields: present only when they apply, so the page's data stays small.
  if (b.locationAddress) card.locationAddress = b.locationAddress;
  if (relation === 'coach' && b.clientNotes) card.clientNotes = b.clientNotes;
  if (b.status === 'cancelled' && b.cancellationReason) card.cancellationReason = b.cancellationReason;
  if (b.status === 'cancelled' && b.declined) card.declined = true;
  if (expiredUnanswered(b)) card.expired = true;
  const reschedule = rescheduleViewFor(b, actor);
  if (reschedule === 'awaiting_other_party' && b.rescheduleProposedStartsAt) card.reschedule = { view: reschedule, proposedStart: londonStart(b.rescheduleProposedStartsAt) };
  if (reschedule === 'review' && b.rescheduleProposedStartsAt) {
    card.reschedule = { view: reschedule, proposedStart: londonStart(b.rescheduleProposedStartsAt), ...(b.rescheduleReason ? { reason: b.rescheduleReason } : {}) };
  }
  if (showsSessionProgress(b) || b.status === 'disputed') card.progress = progressOf(b, actions, now);
  if (b.status === 'completed' && !item.reviewedByViewer && actor.role !== 'admin') card.canReview = true;
  if (relation === 'coach' && b.status === 'pending' && b.paymentStatus === 'authorized') {
    card.paymentHeld = true;
    // Past it the request can no longer be answered (the expiry job ends it within minutes).
    if (!isPastResponseDeadline(b, now)) card.respondBy = londonStart(responseDeadline(b));
  }
  if (isUnpaidRequest(b)) card.awaitingPayment = { minutesLeft: minutesLeftToPay(b, now) };
  const mayCancel = actions.includes('cancel') || actions.includes('cancel_as_coach');
  if (mayCancel && (b.status === 'pending' || b.status === 'confirmed')) card.cancelRule = cancellationSettlement(b, b.status, relation, now).rule;
  if ((mayCancel || actions.includes('decline')) && (b.status === 'pending' || b.status === 'confirmed')) card.cancelMoney = cancellationPreview(b, relation, now);
  if (relation === 'client' && !card.awaitingPayment) card.payment = clientPaymentWords(b, other ?? 'the coach');
  if (relation === 'coach' && b.status === 'pending') card.earnPence = expectedCoachSharePence(b, commissionBps);
  const player = bookingPlayerView(item.player ?? null, b.startsAt);
  // The group's label ('Under 12') is sent: deriving it would bring the age rules to the browser for a few bytes.
  if (player) card.player = { name: player.name, age: player.age, group: playerAgeGroupLabel(player.age), ...(relation === 'coach' && player.notes ? { notes: player.notes } : {}) };
  // A card series' purchase (decision 064) is paid by card: its sessions read as card payments.
  if (b.packagePurchaseId && !paidWithSeriesCard(b)) card.paidFromPackage = true;
  if (item.series) card.series = item.series;
  if (relation === 'client' && (b.status === 'completed' || b.status === 'confirmed' || expiredUnanswered(b))) card.bookAgain = { coachId: b.coachId, ...(b.playerId ? { playerId: b.playerId } : {}) };
  return card;
}

function progressOf(b: Booking, actions: readonly BookingAction[], now: Date): SessionProgressView {
  const progress: Writable<SessionProgressView> = { state: sessionProgressState(b, now) };
  if (b.clientArrivedAt !== null) progress.clientArrived = true;
  if (b.coachArrivedAt !== null) progress.coachArrived = true;
  if (b.clientCompletedAt !== null) progress.clientCompleted = true;
  if (b.coachCompletedAt !== null) progress.coachCompleted = true;
  if (actions.includes('mark_completion') && now.getTime() < endsAt(b).getTime()) progress.completingEarly = true;
  if (b.disputeStatus === 'open' && b.disputeReason) progress.disputeReason = b.disputeReason;
  return progress;
}

/** 'Under 12' for a player of 11 on the day. */
export function playerAgeGroupLabel(age: number): string {
  return ageGroupLabel(primaryAgeGroup(age));
}
