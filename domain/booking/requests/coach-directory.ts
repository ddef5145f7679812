import type { SessionLengthPrice } from '../../shared/session-lengths';
import type { Id } from '../../shared/ids';
import type { Pence } from '../../shared/money';
import type { ServiceType } from '../lifecycle/booking';

/** A period the coach published (SPEC §3 availability period), as instants [startsAt, endsAt). */
export interface AvailabilityWindow {
  readonly startsAt: Date;
  readonly endsAt: Date;
  /** false marks a time the coach is explicitly away. */
  readonly isAvailable: boolean;
}

/** What booking needs to know about a coach, read from accounts and availability. */
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
  readonly availability: readonly AvailabilityWindow[];
}

/** Port: a narrow view of coaches for booking (implemented over the accounts and availability tables). */
export interface CoachDirectory {
  findCoachForBooking(coachId: Id): Promise<CoachForBooking | null>;
}

/**
 * PRODUCT.md: a booking outside the coach's availability periods (where the coach has published
 * any) is refused. A session must not touch a period marked unavailable, and, when the coach has
 * published available periods, must lie within one of them.
 */
export function isWithinAvailability(windows: readonly AvailabilityWindow[], startsAt: Date, endsAt: Date): boolean {
  const s = startsAt.getTime();
  const e = endsAt.getTime();
  const overlaps = (w: AvailabilityWindow) => w.startsAt.getTime() < e && s < w.endsAt.getTime();
  if (windows.some((w) => !w.isAvailable && overlaps(w))) return false;
  const open = windows.filter((w) => w.isAvailable);
  if (open.length === 0) return true;
  return open.some((w) => w.startsAt.getTime() <= s && e <= w.endsAt.getTime());
}
