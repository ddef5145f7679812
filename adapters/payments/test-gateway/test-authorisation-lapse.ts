import type { EntityManager } from '@mikro-orm/postgresql';
import { AUTHORISATION_LIFETIME_MS } from '../../../domain/booking/requests/response-deadline';
import { AUTHORISED_AT_KEY, updateIntent, type IntentRow } from './test-gateway-store';

/**
 * Like Stripe, the offline gateway keeps an uncaptured card authorisation for 7 days only: after
 * that the hold is void and the intent canceled ('automatic'), so a capture on it fails. Stripe
 * cancels on its own schedule; the offline gateway does it the next time it reads the intent,
 * which is the first moment anyone could tell the difference.
 */

export function authorisedNow(metadata: Record<string, string>, now: Date): Record<string, string> {
  return { ...metadata, [AUTHORISED_AT_KEY]: now.toISOString() };
}

export function hasLapsed(row: Pick<IntentRow, 'status' | 'metadata'>, now: Date): boolean {
  const authorisedAt = row.metadata[AUTHORISED_AT_KEY];
  if (row.status !== 'requires_capture' || authorisedAt === undefined) return false;
  return now.getTime() - Date.parse(authorisedAt) >= AUTHORISATION_LIFETIME_MS;
}

/** The intent as it is at `now`: a lapsed authorisation is canceled first. */
export async function withLapse(em: EntityManager, row: IntentRow, now: Date): Promise<IntentRow> {
  if (!hasLapsed(row, now)) return row;
  return updateIntent(em, row.id, { status: 'canceled', amount_capturable_pence: 0, metadata: { ...row.metadata, cancellation_reason: 'automatic' } });
}
