import type { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../domain/shared/ids';
import type { BookingParties, BookingPartiesReader } from '../../../domain/policy/booking-parties';

/** The parties of a booking, read straight from `bookings` (one small query each). */
export class MikroBookingPartiesReader implements BookingPartiesReader {
  constructor(private readonly em: EntityManager) {}

  async findParties(bookingId: Id): Promise<BookingParties | null> {
    const rows = await this.em.execute<{ id: string; client_id: string; coach_id: string; status: string }[]>(
      'select id, client_id, coach_id, status from bookings where id = ?',
      [bookingId],
    );
    const row = rows[0];
    return row ? { id: row.id, clientId: row.client_id, coachId: row.coach_id, status: row.status } : null;
  }

  async haveBookingTogether(coachId: Id, clientId: Id): Promise<boolean> {
    const rows = await this.em.execute<{ found: boolean }[]>(
      'select exists (select 1 from bookings where coach_id = ? and client_id = ?) as found',
      [coachId, clientId],
    );
    return rows[0]?.found === true;
  }

  async countCompletedSessions(coachId: Id): Promise<number> {
    const rows = await this.em.execute<{ count: number }[]>(
      "select count(*)::int as count from bookings where coach_id = ? and status = 'completed'",
      [coachId],
    );
    return Number(rows[0]?.count ?? 0);
  }
}
