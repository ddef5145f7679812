import type { EntityManager } from '@mikro-orm/postgresql';
import type { BusyInterval, CoachScheduleReader } from '../../../domain/booking/requests/booking-calendar';

/** A coach's taken times for the booking dialog (bookings_by_coach index). */
export function createCoachScheduleReader(em: EntityManager): CoachScheduleReader {
  return {
    async busyIntervals(coachId, from, to): Promise<BusyInterval[]> {
      const rows = await em.getConnection().execute<{ starts_at: Date | string; ends_at: Date | string }[]>(
        `select starts_at, ends_at from bookings
            where coach_id = ? and status in ('confirmed', 'in_session') and starts_at < ? and ends_at > ?
            order by starts_at`,
        [coachId, to, from],
      );
      return rows.map((r) => ({ startsAt: new Date(r.starts_at), endsAt: new Date(r.ends_at) }));
    },
  };
}
