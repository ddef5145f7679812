import { BOOKING_STATUSES, COACHING_TYPES, LOCATION_TYPES } from '../shared/catalogue';
import { UUID_PATTERN } from '../shared/ids';
import { PAYMENT_STATUSES } from '../payments/payment-status';
import type { Booking } from './booking';
import { REFERENCE_CODE_PATTERN } from './reference-code';

/**
 * The checks of `bookingSchema` (booking.ts) written out as a table of fields (compiled below),
 * for the paths that rebuild many stored bookings per page (MyBookings, CoachDashboard, the
 * earnings). zod's parse allocated a copy per field and cost a list page ~0.3 MB of garbage
 * (issue 20 §2). It accepts exactly what the schema accepts, a property test holds the two
 * together (booking-check.test.ts), and a row it refuses goes through the schema for zod's message.
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
 * The JavaScript condition under which `v` (the field's raw value, `p` whether its key is present)
 * is refused, each kind as `bookingSchema` checks it. Enums are looked up as `E[i]`.
 */
function refusal(kind: Kind, v: string, p: string, enumIndex: (values: readonly string[]) => number): string {
  const uuid = `(typeof ${v} !== 'string' || !UUID.test(${v}))`;
  const whole = (min: number) => `(typeof ${v} !== 'number' || !Number.isSafeInteger(${v}) || ${v} < ${min})`;
  const instant = `(!(${v} instanceof Date) || Number.isNaN(${v}.getTime()))`;
  if (typeof kind !== 'string') {
    const inSet = `(typeof ${v} !== 'string' || !E[${enumIndex(kind)}].has(${v}))`;
    return nullableEnums.has(kind) ? `(${v} !== null && ${inSet})` : inSet;
  }
  switch (kind) {
    case 'id':
      return uuid;
    case 'id?':
      return `(${v} !== null && ${uuid})`;
    case 'id??':
      return `(${p} && ${v} !== undefined && ${v} !== null && ${uuid})`;
    case 'text':
      return `(typeof ${v} !== 'string')`;
    case 'text?':
      return `(${v} !== null && typeof ${v} !== 'string')`;
    case 'ref':
      return `(typeof ${v} !== 'string' || !REF.test(${v}))`;
    case 'minutes':
      return whole(1);
    case 'pence':
    case 'version':
      return whole(0);
    case 'pence?':
      return `(${v} !== null && ${whole(0)})`;
    case 'instant':
      return instant;
    case 'instant?':
      return `(${v} !== null && ${instant})`;
    case 'bool':
      return `(typeof ${v} !== 'boolean')`;
  }
}

type Check = (source: Record<string, unknown>) => Record<string, unknown> | null;

/**
 * The check of one kind of input (fields named as Booking's, or as the table's columns) as one
 * compiled function from FIELDS: each value read under its own name and tested inline, the
 * booking made as one object literal. Written as a loop over FIELDS, the keyed reads and writes
 * (a name in a variable) on rows of many shapes, the copy of a 52-property template and a call per
 * field cost ~5 µs per booking, a list page ~3 % of its CPU (issue 20 §2); compiled, ~1 µs. The
 * code holds only FIELDS' names, as JSON string literals, and indexes.
 */
function compiledCheck(columns: boolean): Check {
  const enums: ReadonlySet<string>[] = [];
  const enumIndex = (values: readonly string[]) => enums.push(new Set(values)) - 1;
  const lines: string[] = [];
  const entries: string[] = [];
  FIELDS.forEach(([field, column, kind], i) => {
    const key = JSON.stringify(columns ? column : field);
    const v = `v${i}`;
    lines.push(`let ${v} = s[${key}];`);
    // `key in s` only where the value cannot tell: asked of every field it was half of this check.
    const p = `p${i}`;
    if (kind === 'id??') lines.push(`const ${p} = ${v} !== undefined || ${key} in s;`);
    if (kind === 'instant' || kind === 'instant?') lines.push(`if (typeof ${v} === 'string') ${v} = new Date(${v});`);
    lines.push(`if ${refusal(kind, v, p, enumIndex)} return null;`);
    entries.push(`${JSON.stringify(field)}: ${v}`);
  });
  // Only playerId is optional: zod keeps its key only when the input has it.
  const player = FIELDS.findIndex(([, , kind]) => kind === 'id??');
  const literal = (withPlayer: boolean) => `{${entries.filter((_, i) => withPlayer || i !== player).join(', ')}}`;
  const body = `${lines.join('\n')}\nreturn p${player} ? ${literal(true)} : ${literal(false)};`;
  return new Function('UUID', 'REF', 'E', `'use strict'; return function check(s) {\n${body}\n};`)(UUID_PATTERN, REFERENCE_CODE_PATTERN, enums) as Check;
}

const checkFields = compiledCheck(false);
const checkColumns = compiledCheck(true);

/**
 * The booking `data` holds (fields named as Booking's, or as the table's columns when `columns`),
 * or null where `bookingSchema` would refuse it, `invariantViolations` (booking.ts's) included: the
 * caller passes a refused one to the schema for its message.
 */
export function checkedBooking(data: unknown, columns: boolean, invariantViolations: (b: Booking) => string[]): Booking | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const checked = (columns ? checkColumns : checkFields)(data as Record<string, unknown>);
  if (checked === null) return null;
  const booking = checked as unknown as Booking;
  return invariantViolations(booking).length === 0 ? booking : null;
}
