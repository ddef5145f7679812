import type { CoachingType } from '../../../domain/shared/catalogue';

/** The booking dialog's data about one coach (from /api/booking-options), as JSON. */
export interface BookingOptions {
  readonly coachId: string;
  readonly coachName: string;
  readonly services: readonly { readonly value: CoachingType; readonly label: string }[];
  readonly hourlyRatePence: number;
  readonly adminFeePence: number;
  readonly availability: readonly { readonly startsAt: string; readonly endsAt: string; readonly isAvailable: boolean }[];
  readonly busy: readonly { readonly startsAt: string; readonly endsAt: string }[];
  /** The coach's age groups and the client's players (decision 017: 'Who is this session for?'). */
  readonly ageGroups?: readonly string[];
  readonly players?: readonly { readonly id: string; readonly name: string; readonly dateOfBirth: string }[];
  /** The server's clock (the test clock in test mode). */
  readonly now: string;
}
