import type { SessionLengthPrice } from '../../shared/session-lengths';
import type { Id } from '../../shared/ids';
import type { Pence } from '../../shared/money';
import type { ServiceType } from '../lifecycle/booking';

/** What booking needs to know about a coach, read from accounts (its times: the slot engine's CoachScheduleSource). */
export interface CoachForBooking {
  readonly coachId: Id;
  readonly fullName: string | null;
  /** Active (not deactivated) user of type coach with a coach profile. */
  readonly isBookable: boolean;
  readonly hourlyRatePence: Pence;
  /** The lengths the coach chose, each with its price (none: every length at the rate; decision 045). */
  readonly sessionLengths: readonly SessionLengthPrice[];
  readonly servicesOffered: readonly ServiceType[];
  /** coach_profiles.age_groups (decision 017: a player's group must be among them). */
  readonly ageGroups?: readonly string[];
}

/** Port: a narrow view of coaches for booking (implemented over the accounts tables). */
export interface CoachDirectory {
  findCoachForBooking(coachId: Id): Promise<CoachForBooking | null>;
}
