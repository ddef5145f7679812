import { REFERENCE_UNAVAILABLE, REFERENCE_UNAVAILABLE_MESSAGE } from '../../domain/booking/lifecycle/booking-errors';
import { conflict, type DomainError } from '../../domain/shared/errors';

interface PgLikeError {
  code?: unknown;
  sqlState?: unknown;
  constraint?: unknown;
  cause?: unknown;
  message?: unknown;
}

/** Finds the SQLSTATE and constraint name on a pg error, however the ORM wrapped it. */
export function pgErrorInfo(error: unknown): { sqlState?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as PgLikeError;
    const state = typeof e.sqlState === 'string' ? e.sqlState : typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
    if (state) return { sqlState: state, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    current = e.cause;
  }
  return {};
}

/**
 * Concurrency and integrity failures the database settles become domain conflicts, not 500s
 * (ARCHITECTURE rule 3). Returns undefined for anything else, which stays an exception.
 */
export function mapDatabaseError(error: unknown): DomainError | undefined {
  const { sqlState, constraint } = pgErrorInfo(error);
  switch (sqlState) {
    case '40001':
    case '40P01':
      return conflict('CONCURRENT_UPDATE', 'This record changed while you were working on it. Please reload and try again.');
    case '23P01':
      if (constraint === 'bookings_no_overlap_for_coach') return conflict('COACH_ALREADY_BOOKED', 'The coach already has a confirmed session at this time.');
      return conflict('OVERLAP', 'This overlaps with something that already exists.');
    case '23505':
      if (constraint === 'users_email_unique') return conflict('EMAIL_TAKEN', 'An account with this email already exists. Please try logging in instead.');
      if (constraint === 'deletion_one_pending_per_user') return conflict('DELETION_ALREADY_PENDING', 'You already have a pending deletion request.');
      // requestBooking takes another reference on this code: it must stay the domain's.
      if (constraint === 'bookings_reference_unique') return conflict(REFERENCE_UNAVAILABLE, REFERENCE_UNAVAILABLE_MESSAGE);
      if (constraint === 'bookings_one_pending_request_per_slot')
        return conflict('DUPLICATE_PENDING_REQUEST', 'You already have a request with this coach at this time. Pay for it or cancel it in My Bookings.');
      if (constraint === 'reviews_one_per_party') return conflict('REVIEW_ALREADY_SUBMITTED', 'You have already reviewed this session.');
      return conflict('DUPLICATE', 'This already exists.');
    default:
      return undefined;
  }
}
