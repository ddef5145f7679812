import { randomUUID } from 'node:crypto';
import type { Actor } from '../../../domain/policy/actor';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import { createBooking } from '../../../domain/booking/requests/create-booking';
import { recordAuthorization, recordIntentCreated } from '../../../domain/payments/payment-records';
import { unwrap } from '../../../domain/shared/result';
import type { TestDatabase } from '../../support/database';

/** Persistence test data: users straight into SQL, bookings built by the domain (createBooking). */

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export interface TestUser {
  readonly id: string;
  readonly actor: Actor;
}

export async function insertUser(db: TestDatabase, kind: 'client' | 'coach' | 'admin' = 'client'): Promise<TestUser> {
  const id = randomUUID();
  const userType = kind === 'coach' ? 'coach' : 'client';
  const role = kind === 'admin' ? 'admin' : 'user';
  await db.query(
    `insert into users (id, email, password_hash, full_name, role, user_type, email_verified_at)
     values ($1, $2, 'scrypt$x', $3, $4, $5, now())`,
    [id, `${kind}-${id}@example.test`, `Test ${kind} ${id.slice(0, 4)}`, role, userType],
  );
  if (kind === 'coach') {
    await db.query(`insert into coach_profiles (user_id, services_offered, hourly_rate_pence) values ($1, '{striker,midfield}', 5000)`, [id]);
  }
  return { id, actor: { userId: id, role, userType } };
}

let referenceCounter = 0;
/** A unique, well-formed reference per call (FACT-YYYYMMDD-XXXX). */
export function nextReference(): string {
  referenceCounter += 1;
  const suffix = (referenceCounter + 36 ** 3 * (process.pid % 35)).toString(36).toUpperCase().padStart(4, '0').slice(-4);
  return `FACT-20261121-${suffix}`;
}

export function pendingBooking(client: TestUser, coach: TestUser, options: { startsAt: Date; durationMinutes?: number; now?: Date; authorised?: boolean }): Booking {
  const now = options.now ?? new Date();
  const booking = unwrap(
    createBooking(
      client.actor,
      {
        id: randomUUID(),
        referenceCode: nextReference(),
        coach: { coachId: coach.id, hourlyRatePence: 5000, sessionLengths: [], servicesOffered: ['striker', 'midfield'] },
        serviceType: 'striker',
        startsAt: options.startsAt,
        durationMinutes: options.durationMinutes ?? 60,
        locationType: 'outdoor',
        locationAddress: 'Hackney Marshes',
        clientNotes: 'Left foot, please',
      },
      now,
    ),
  );
  if (!options.authorised) return booking;
  const intentId = `pi_${booking.id.slice(0, 8)}`;
  return unwrap(recordAuthorization(unwrap(recordIntentCreated(booking, intentId, now)), { intentId, amountPence: booking.totalPricePence }, now));
}

/** The start of a whole hour, `days` from now. */
export function hoursAhead(days: number, hour = 10): Date {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
}
