import type { Actor } from '../accounts/actor';
import {
  BOOKING_STATUS_LABELS,
  LOCATION_TYPE_LABELS,
  bookingStatusColour,
  coachingTypeLabel,
  type StatusColour,
} from '../shared/catalogue';
import { formatLondonDate, formatLondonTime, utcToLondon } from '../shared/london-time';
import type { Id } from '../shared/ids';
import type { Pence } from '../shared/money';
import { cancellationSettlement, type CancellationRule } from '../payments/cancellation-policy';
import { availableActions, type BookingAction } from './available-actions';
import { endsAt, type Booking, type BookingStatus } from './booking';
import { relationOf } from './booking-party';
import { bookingPlayerView, type BookingPlayerView } from './booking-player';
import { isUnpaidRequest, minutesLeftToPay } from './paid-requests';
import { rescheduleViewFor, type RescheduleView } from './reschedule';
import { advanceSession, sessionProgressState, showsSessionProgress, type SessionProgressState } from './session-progress';

/**
 * A booking as a card on MyBookings and the CoachDashboard (SPEC §2): plain, serialisable data
 * the page renders as it is. Every "may I?" comes from the domain's own rules (availableActions).
 */
export interface BookingListItem {
  readonly booking: Booking;
  readonly clientName: string | null;
  readonly coachName: string | null;
  /** The viewer has already reviewed this booking. */
  readonly reviewedByViewer: boolean;
  /** The player the session is for (decision 017), as stored; absent or null: the client. */
  readonly player?: { firstName: string; lastName: string; dateOfBirth: string; notes: string | null } | null;
}

export interface BookingCardView {
  readonly id: Id;
  readonly referenceCode: string;
  /** '{Service} Session' */
  readonly title: string;
  readonly serviceLabel: string;
  readonly viewerIs: 'client' | 'coach';
  /** 'Coach' or 'Client': the other party. */
  readonly otherPartyLabel: 'Coach' | 'Client';
  readonly otherPartyName: string;
  readonly clientName: string;
  readonly status: BookingStatus;
  readonly statusLabel: string;
  readonly statusColour: StatusColour;
  /** 'Sat 21 Nov 2026' in London, or null ('Date TBD'). */
  readonly date: string | null;
  /** 'HH:MM' London. */
  readonly time: string | null;
  readonly durationMinutes: number;
  readonly locationLabel: string;
  readonly locationAddress: string | null;
  readonly locationNotes: string | null;
  readonly clientNotes: string | null;
  readonly totalPricePence: Pence;
  readonly servicePricePence: Pence;
  readonly adminFeePence: Pence;
  readonly cancellationReason: string | null;
  readonly declined: boolean;
  readonly reschedule: {
    readonly view: RescheduleView;
    /** The proposed time (London) while a proposal is pending. */
    readonly proposedDate: string | null;
    readonly proposedTime: string | null;
    readonly reason: string | null;
  };
  readonly progress: {
    readonly shown: boolean;
    readonly state: SessionProgressState;
    readonly clientArrived: boolean;
    readonly coachArrived: boolean;
    readonly clientCompleted: boolean;
    readonly coachCompleted: boolean;
    /** Completing now would be before the scheduled end (a reason is asked). */
    readonly completingEarly: boolean;
    readonly disputeOpen: boolean;
    readonly disputeReason: string | null;
  };
  readonly actions: readonly BookingAction[];
  /** 'Leave Review': a completed session this viewer has not reviewed yet. */
  readonly canReview: boolean;
  readonly paymentStatus: string;
  /**
   * A request not paid yet (decision 011): the client is asked to pay ('Pay Now') within the minutes
   * left before it is cancelled (0: the time is up and it is about to be cancelled).
   */
  readonly awaitingPayment: { readonly minutesLeft: number } | null;
  /** What cancelling now would give back (the cancellation policy), when the viewer may cancel. */
  readonly cancelPreview: { readonly rule: CancellationRule; readonly refundPence: Pence } | null;
  /** Who the session is for (decision 017): name, age at the session date, notes; null: the client. */
  readonly player: BookingPlayerView | null;
  /** 'Book again' (issue 19 §4): the client's confirmed or completed session, to book the same again. */
  readonly bookAgain: BookAgainSeed | null;
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

export function bookingCardView(item: BookingListItem, actor: Actor, now: Date): BookingCardView | null {
  const relation = relationOf(item.booking, actor);
  if (relation !== 'client' && relation !== 'coach') return null;
  const b = advanceSession(item.booking, now);
  const serviceLabel = coachingTypeLabel(b.serviceType);
  const other = relation === 'client' ? item.coachName : item.clientName;
  const proposed = b.rescheduleStatus === 'pending' && b.rescheduleProposedStartsAt ? b.rescheduleProposedStartsAt : null;
  const reschedule = rescheduleViewFor(b, actor);
  const actions = availableActions(b, actor, now);
  const mayCancel = actions.includes('cancel') || actions.includes('cancel_as_coach');
  const settlement = mayCancel && (b.status === 'pending' || b.status === 'confirmed') ? cancellationSettlement(b, b.status, relation, now) : null;
  return {
    id: b.id,
    referenceCode: b.referenceCode,
    title: `${serviceLabel} Session`,
    serviceLabel,
    viewerIs: relation,
    otherPartyLabel: relation === 'client' ? 'Coach' : 'Client',
    otherPartyName: other ?? 'User',
    clientName: item.clientName ?? 'User',
    status: b.status,
    statusLabel: BOOKING_STATUS_LABELS[b.status],
    statusColour: bookingStatusColour(b.status),
    date: formatLondonDate(b.startsAt),
    time: formatLondonTime(b.startsAt),
    durationMinutes: b.durationMinutes,
    locationLabel: LOCATION_TYPE_LABELS[b.locationType] ?? LOCATION_TYPE_LABELS.online,
    locationAddress: b.locationAddress,
    locationNotes: b.locationNotes,
    clientNotes: b.clientNotes,
    totalPricePence: b.totalPricePence,
    servicePricePence: b.servicePricePence,
    adminFeePence: b.adminFeePence,
    cancellationReason: b.cancellationReason,
    declined: b.declined,
    reschedule: {
      view: reschedule,
      proposedDate: proposed ? formatLondonDate(proposed) : null,
      proposedTime: proposed ? utcToLondon(proposed).time : null,
      reason: proposed ? b.rescheduleReason : null,
    },
    progress: {
      shown: showsSessionProgress(b) || b.status === 'disputed',
      state: sessionProgressState(b, now),
      clientArrived: b.clientArrivedAt !== null,
      coachArrived: b.coachArrivedAt !== null,
      clientCompleted: b.clientCompletedAt !== null,
      coachCompleted: b.coachCompletedAt !== null,
      completingEarly: now.getTime() < endsAt(b).getTime(),
      disputeOpen: b.disputeStatus === 'open',
      disputeReason: b.disputeReason,
    },
    actions,
    canReview: b.status === 'completed' && !item.reviewedByViewer && actor.role !== 'admin',
    paymentStatus: b.paymentStatus,
    awaitingPayment: isUnpaidRequest(b) ? { minutesLeft: minutesLeftToPay(b, now) } : null,
    cancelPreview: settlement ? { rule: settlement.rule, refundPence: settlement.refundPence } : null,
    player: bookingPlayerView(item.player ?? null, b.startsAt),
    bookAgain:
      relation === 'client' && (b.status === 'completed' || b.status === 'confirmed')
        ? {
            coachId: b.coachId,
            serviceType: b.serviceType,
            durationMinutes: b.durationMinutes,
            locationType: b.locationType,
            locationAddress: b.locationAddress,
            playerId: b.playerId ?? null,
            lastDate: utcToLondon(b.startsAt).date,
            lastTime: utcToLondon(b.startsAt).time,
          }
        : null,
  };
}
