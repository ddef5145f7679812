import { BOOKING_STATUSES, COACHING_TYPES, LOCATION_TYPES } from '../shared/catalogue';
import { UUID_PATTERN } from '../shared/ids';
import { PAYMENT_STATUSES } from '../payments/payment-status';
import type { Booking } from './booking';
import { REFERENCE_CODE_PATTERN } from './reference-code';

/**
 * The checks of `bookingSchema` (booking.ts) written out by hand, for the paths that rebuild many
 * stored bookings per page (MyBookings, CoachDashboard, the earnings). zod's parse allocated a
 * copy per field and cost a list page ~0.3 MB of garbage (issue 20 §2). It accepts exactly what the
 * schema accepts, a property test holds the two together (booking-check.test.ts), and a row it
 * refuses goes through the schema for zod's message.
 */

type Kind = 'id' | 'id?' | 'id??' | 'text' | 'text?' | 'ref' | 'minutes' | 'pence' | 'pence?' | 'instant' | 'instant?' | 'bool' | 'version' | readonly string[];

const enumOf = (values: readonly string[]) => values;
const nullableEnums = new Set<readonly string[]>();
const nullable = (values: readonly string[]) => {
  const copy = [...values];
  nullableEnums.add(copy);
  return copy;
};

/** Field, its column in a snake_case row, and what it must be; in the schema's order. */
const FIELDS: readonly (readonly [keyof Booking, string, Kind])[] = [
  ['id', 'id', 'id'],
  ['referenceCode', 'reference_code', 'ref'],
  ['clientId', 'client_id', 'id'],
  ['coachId', 'coach_id', 'id'],
  ['serviceType', 'service_type', enumOf(COACHING_TYPES)],
  ['startsAt', 'starts_at', 'instant'],
  ['durationMinutes', 'duration_minutes', 'minutes'],
  ['locationType', 'location_type', enumOf(LOCATION_TYPES)],
  ['locationAddress', 'location_address', 'text?'],
  ['locationNotes', 'location_notes', 'text?'],
  ['clientNotes', 'client_notes', 'text?'],
  ['playerId', 'player_id', 'id??'],
  ['servicePricePence', 'service_price_pence', 'pence'],
  ['adminFeePence', 'admin_fee_pence', 'pence'],
  ['totalPricePence', 'total_price_pence', 'pence'],
  ['status', 'status', enumOf(BOOKING_STATUSES)],
  ['cancellationReason', 'cancellation_reason', 'text?'],
  ['cancelledBy', 'cancelled_by', nullable(['client', 'coach', 'admin', 'system'])],
  ['cancelledAt', 'cancelled_at', 'instant?'],
  ['declined', 'declined', 'bool'],
  ['rescheduleRequestedBy', 'reschedule_requested_by', 'id?'],
  ['rescheduleStatus', 'reschedule_status', nullable(['pending', 'accepted', 'declined'])],
  ['rescheduleProposedStartsAt', 'reschedule_proposed_starts_at', 'instant?'],
  ['rescheduleReason', 'reschedule_reason', 'text?'],
  ['sessionStartedAt', 'session_started_at', 'instant?'],
  ['clientArrivedAt', 'client_arrived_at', 'instant?'],
  ['coachArrivedAt', 'coach_arrived_at', 'instant?'],
  ['clientCompletedAt', 'client_completed_at', 'instant?'],
  ['coachCompletedAt', 'coach_completed_at', 'instant?'],
  ['earlyCompletionReason', 'early_completion_reason', 'text?'],
  ['completedAt', 'completed_at', 'instant?'],
  ['disputeStatus', 'dispute_status', nullable(['open', 'resolved'])],
  ['disputeReason', 'dispute_reason', 'text?'],
  ['disputeOpenedBy', 'dispute_opened_by', 'id?'],
  ['disputeOpenedAt', 'dispute_opened_at', 'instant?'],
  ['disputeOutcome', 'dispute_outcome', nullable(['refund_full', 'refund_partial', 'release'])],
  ['disputeRefundPence', 'dispute_refund_pence', 'pence?'],
  ['disputeResolutionNote', 'dispute_resolution_note', 'text?'],
  ['disputeResolvedBy', 'dispute_resolved_by', 'id?'],
  ['disputeResolvedAt', 'dispute_resolved_at', 'instant?'],
  ['paymentStatus', 'payment_status', enumOf(PAYMENT_STATUSES)],
  ['paymentIntentId', 'payment_intent_id', 'text?'],
  ['amountAuthorizedPence', 'amount_authorized_pence', 'pence'],
  ['amountCapturedPence', 'amount_captured_pence', 'pence'],
  ['amountRefundedPence', 'amount_refunded_pence', 'pence'],
  ['paymentHeldUntil', 'payment_held_until', 'instant?'],
  ['paymentReleasedAt', 'payment_released_at', 'instant?'],
  ['createdAt', 'created_at', 'instant'],
  ['updatedAt', 'updated_at', 'instant'],
  ['version', 'version', 'version'],
];

/**
 * The booking's shape, every field present (null until checked), to copy and fill: 50 properties
 * added one by one under names held in a variable turn an object into a hash table after the first
 * dozen, and adding them was ~60 % of this check; a copy of a fast object keeps its layout (issue 20
 * §2). JSON.parse makes the shape fast. Only playerId is optional, so it has two shapes.
 */
const shapeOf = (fields: readonly (readonly [string, string, Kind])[]): Record<string, unknown> =>
  JSON.parse(JSON.stringify(Object.fromEntries(fields.map(([field]) => [field, null])))) as Record<string, unknown>;
const WITH_PLAYER = shapeOf(FIELDS);
const WITHOUT_PLAYER = shapeOf(FIELDS.filter(([field]) => field !== 'playerId'));

/** A value that is not valid for its field. */
const BAD = Symbol('bad');

function instant(v: unknown): Date | typeof BAD {
  const date = typeof v === 'string' ? new Date(v) : v;
  return date instanceof Date && !Number.isNaN(date.getTime()) ? date : BAD;
}

const isWhole = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= min;

function checked(kind: Kind, v: unknown, present: boolean): unknown {
  if (typeof kind !== 'string') return (v === null && nullableEnums.has(kind)) || (typeof v === 'string' && kind.includes(v)) ? v : BAD;
  switch (kind) {
    case 'id':
      return typeof v === 'string' && UUID_PATTERN.test(v) ? v : BAD;
    case 'id?':
      return v === null || (typeof v === 'string' && UUID_PATTERN.test(v)) ? v : BAD;
    case 'id??':
      return !present || v === undefined || v === null || (typeof v === 'string' && UUID_PATTERN.test(v)) ? v : BAD;
    case 'text':
      return typeof v === 'string' ? v : BAD;
    case 'text?':
      return v === null || typeof v === 'string' ? v : BAD;
    case 'ref':
      return typeof v === 'string' && REFERENCE_CODE_PATTERN.test(v) ? v : BAD;
    case 'minutes':
      return isWhole(v, 1) ? v : BAD;
    case 'pence':
    case 'version':
      return isWhole(v, 0) ? v : BAD;
    case 'pence?':
      return v === null || isWhole(v, 0) ? v : BAD;
    case 'instant':
      return instant(v);
    case 'instant?':
      return v === null ? null : instant(v);
    case 'bool':
      return typeof v === 'boolean' ? v : BAD;
  }
}

/**
 * The booking `data` holds (fields named as Booking's, or as the table's columns when `columns`),
 * or null where `bookingSchema` would refuse it, `invariantViolations` (booking.ts's) included: the
 * caller passes a refused one to the schema for its message.
 */
export function checkedBooking(data: unknown, columns: boolean, invariantViolations: (b: Booking) => string[]): Booking | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const source = data as Record<string, unknown>;
  const playerKey = columns ? 'player_id' : 'playerId';
  const out: Record<string, unknown> = source[playerKey] !== undefined || playerKey in source ? { ...WITH_PLAYER } : { ...WITHOUT_PLAYER };
  for (const [field, column, kind] of FIELDS) {
    const key = columns ? column : field;
    const raw = source[key];
    // `key in source` only where the value cannot tell (undefined): on rows of hundreds of shapes
    // that test is megamorphic, and asked twice for each of 52 fields it was about half of this check.
    const present = raw !== undefined || key in source;
    const value = checked(kind, raw, present);
    if (value === BAD) return null;
    // zod keeps an optional key only when the input has it.
    if (value !== undefined || present) out[field] = value;
  }
  const booking = out as unknown as Booking;
  return invariantViolations(booking).length === 0 ? booking : null;
}
