import type { Id } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import type { DomainError } from '../../../shared/errors';
import type { Booking } from '../booking';

export interface BatchOutcome {
  /** Bookings changed. */
  readonly done: readonly Id[];
  /** Bookings no longer due when locked (another worker or a party got there first). */
  readonly skipped: readonly Id[];
  readonly failed: readonly { readonly id: Id; readonly error: DomainError }[];
}

/**
 * Runs one small transaction per candidate, so one failure does not hold back the others and
 * locks are short. `each` returns ok(true) when it changed the booking, ok(false) when it was no
 * longer due.
 */
export async function runDueBatch(candidates: readonly Booking[], each: (candidate: Booking) => Promise<Result<boolean>>): Promise<BatchOutcome> {
  const done: Id[] = [];
  const skipped: Id[] = [];
  const failed: { id: Id; error: DomainError }[] = [];
  for (const candidate of candidates) {
    const result = await each(candidate);
    if (!result.ok) failed.push({ id: candidate.id, error: result.error });
    else (result.value ? done : skipped).push(candidate.id);
  }
  return { done, skipped, failed };
}

export const DEFAULT_BATCH_SIZE = 100;
