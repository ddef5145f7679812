import type { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../domain/shared/ids';
import type { BookingParties, BookingPartiesReader } from '../../../domain/policy/booking-parties';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import { hasReachedCoach } from '../../../domain/booking/requests/paid-requests';

/** The parties of a booking, read straight from `bookings` (one small query each). */
export class MikroBookingPartiesReader implements BookingPartiesReader {
  constructor(private readonly em: EntityManager) {}

  async findParties(bookingId: Id): Promise<BookingParties | null> {
    type Row = { id: string; client_id: string; coach_id: string; status: string; payment_status: string; amount_authorized_pence: number; cancelled_by: string | null };
    const rows = await this.em.execute<Row[]>('select id, client_id, coach_id, status, payment_status, amount_authorized_pence, cancelled_by from bookings where id = ?', [bookingId]);
    const row = rows[0];
    if (!row) return null;
    const reachedCoach = hasReachedCoach({
      status: row.status as Booking['status'],
      paymentStatus: row.payment_status as Booking['paymentStatus'],
      amountAuthorizedPence: Number(row.amount_authorized_pence),
      cancelledBy: row.cancelled_by as Booking['cancelledBy'],
    });
    return { id: row.id, clientId: row.client_id, coachId: row.coach_id, status: row.status, reachedCoach };
  }

  async haveBookingTogether(coachId: Id, clientId: Id): Promise<boolean> {
    const rows = await this.em.execute<{ found: boolean }[]>('select exists (select 1 from bookings where coach_id = ? and client_id = ?) as found', [coachId, clientId]);
    return rows[0]?.found === true;
  }

  async countCompletedSessions(coachId: Id): Promise<number> {
    const rows = await this.em.execute<{ count: number }[]>("select count(*)::int as count from bookings where coach_id = ? and status = 'completed'", [coachId]);
    return Number(rows[0]?.count ?? 0);
  }
}
