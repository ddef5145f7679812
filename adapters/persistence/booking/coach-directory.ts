import type { EntityManager } from '@mikro-orm/postgresql';
import { isSessionMinutes, type SessionLengthPrice } from '../../../domain/shared/session-lengths';
import type { CoachDirectory, CoachForBooking } from '../../../domain/booking/requests/coach-directory';
import { COACHING_TYPES, type CoachingType } from '../../../domain/shared/catalogue';
import type { Id } from '../../../domain/shared/ids';
import { entityManagerOf, type EntityManagerSource } from '../lazy-fork';
import { StoredDataError } from '../shared/stored-data';

interface CoachRow {
  id: string;
  full_name: string | null;
  bookable: boolean;
  hourly_rate_pence: number;
  services_offered: string[];
  age_groups: string[] | null;
  /** The chosen session lengths, as JSON [{ minutes, pricePence }] in length order. */
  session_lengths: unknown;
}

/** The lengths as stored (the table's checks hold them to 30/60/90/120 and a price in bounds), checked again. */
function storedSessionLengths(coachId: string, value: unknown): readonly SessionLengthPrice[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  return list.map((item) => {
    const { minutes, pricePence } = (item ?? {}) as { minutes?: unknown; pricePence?: unknown };
    if (typeof minutes !== 'number' || !isSessionMinutes(minutes) || typeof pricePence !== 'number' || !Number.isSafeInteger(pricePence) || pricePence <= 0) {
      throw new StoredDataError('coach_session_lengths', coachId, 'price_pence');
    }
    return { minutes, pricePence };
  });
}

/**
 * What booking needs to know of a coach, in one statement: the coach with the profile (its
 * times are the slot engine's, read by CoachScheduleSource). Bookable means an active, not
 * erased user of type coach with a coach profile.
 */
export class MikroCoachDirectory implements CoachDirectory {
  readonly #em: () => EntityManager;

  constructor(em: EntityManagerSource) {
    this.#em = entityManagerOf(em);
  }

  async findCoachForBooking(coachId: Id): Promise<CoachForBooking | null> {
    const coaches = await this.#em().execute<CoachRow[]>(
      `select u.id, u.full_name, (u.is_active and u.erased_at is null and u.user_type = 'coach') as bookable,
              p.hourly_rate_pence, p.services_offered, p.age_groups,
              (select coalesce(json_agg(json_build_object('minutes', l.minutes, 'pricePence', l.price_pence) order by l.minutes), '[]')
                 from coach_session_lengths l where l.coach_id = u.id) as session_lengths
         from users u join coach_profiles p on p.user_id = u.id
        where u.id = ?`,
      [coachId],
    );
    const coach = coaches[0];
    if (!coach) return null;
    const rate = Number(coach.hourly_rate_pence);
    if (!Number.isSafeInteger(rate) || rate <= 0) throw new StoredDataError('coach_profiles', coach.id, 'hourly_rate_pence');
    return {
      coachId: coach.id,
      fullName: coach.full_name,
      isBookable: coach.bookable === true,
      hourlyRatePence: rate,
      sessionLengths: storedSessionLengths(coach.id, coach.session_lengths),
      servicesOffered: (coach.services_offered ?? []).filter((s): s is CoachingType => (COACHING_TYPES as readonly string[]).includes(s)),
      ageGroups: coach.age_groups ?? [],
    };
  }
}
