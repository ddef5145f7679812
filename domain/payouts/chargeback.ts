import type { Id } from '../shared/ids';
import type { Pence } from '../shared/money';

/**
 * A card chargeback: the client's bank disputes the charge (Stripe's `charge.dispute.*`). Not
 * SPEC's client-coach dispute, which an administrator decides inside FACT.
 */
export const CHARGEBACK_STATUSES = ['warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost', 'prevented'] as const;
export type ChargebackStatus = (typeof CHARGEBACK_STATUSES)[number];

export interface Chargeback {
  /** Stripe's `dp_…`. */
  readonly id: string;
  readonly bookingId: Id;
  readonly amountPence: Pence;
  /** Stripe's reason, e.g. 'fraudulent', 'product_not_received'. */
  readonly reason: string;
  readonly status: ChargebackStatus;
  readonly openedAt: Date;
  readonly closedAt: Date | null;
  /** What was taken back from the coach's transfer because of it. */
  readonly transferReversedPence: Pence;
}

const CLOSED: readonly ChargebackStatus[] = ['won', 'lost', 'prevented', 'warning_closed'];
const RESPONSE_NEEDED: readonly ChargebackStatus[] = ['needs_response', 'warning_needs_response'];

export const isChargebackOpen = (c: Pick<Chargeback, 'status'>): boolean => !CLOSED.includes(c.status);

export function chargebackStatusOf(value: string): ChargebackStatus | null {
  return (CHARGEBACK_STATUSES as readonly string[]).includes(value) ? (value as ChargebackStatus) : null;
}

/** What Stripe says of a dispute now. */
export interface ChargebackSnapshot {
  readonly id: string;
  readonly intentId: string;
  readonly amountPence: Pence;
  readonly reason: string;
  readonly status: ChargebackStatus;
  readonly createdAt: Date;
}

/**
 * Merges a snapshot into what is recorded; events may arrive in any order or twice, and a
 * closed chargeback is never reopened by a late 'created' event.
 */
export function applyChargebackSnapshot(existing: Chargeback | null, bookingId: Id, s: ChargebackSnapshot, now: Date): Chargeback {
  if (existing === null)
    return { id: s.id, bookingId, amountPence: s.amountPence, reason: s.reason, status: s.status, openedAt: s.createdAt, closedAt: isChargebackOpen(s) ? null : now, transferReversedPence: 0 };
  if (!isChargebackOpen(existing)) return existing;
  // A late 'created' (needs response) never undoes 'under review'.
  if (RESPONSE_NEEDED.includes(s.status) && !RESPONSE_NEEDED.includes(existing.status)) return existing;
  return { ...existing, amountPence: s.amountPence, reason: s.reason, status: s.status, closedAt: isChargebackOpen(s) ? null : now };
}

export const CHARGEBACK_LABELS: Readonly<Record<ChargebackStatus, string>> = {
  warning_needs_response: 'Inquiry: response needed',
  warning_under_review: 'Inquiry under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Response needed',
  under_review: 'Under review',
  won: 'Won',
  lost: 'Lost',
  prevented: 'Prevented',
};
