import type { Actor } from '../../../policy/actor';
import { ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import type { Booking } from '../../lifecycle/booking';
import { relationOf } from '../../lifecycle/booking-party';
import { normaliseReferenceSearch } from '../reference-code';

export const REFERENCE_SEARCH_LIMIT = 20;

/**
 * SPEC §2 booking reference search: case-insensitive, a prefix or the whole code. Administrators
 * find any booking; anyone else only their own. An empty list means 'No bookings found with that
 * reference'.
 */
export async function searchBookingsByReference(deps: { readonly uow: UnitOfWork }, input: { actor: Actor; query: string }): Promise<Result<Booking[]>> {
  const query = normaliseReferenceSearch(input.query);
  if (!query.ok) return query;
  const found = await deps.uow.read.bookings.findByReferencePrefix(query.value, REFERENCE_SEARCH_LIMIT);
  return ok(found.filter((b) => relationOf(b, input.actor) !== 'stranger'));
}
