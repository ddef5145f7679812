import { randomUUID } from 'node:crypto';
import { createApplication, type Application } from '../../../adapters/composition-root';
import { loadEnv } from '../../../adapters/config/env';
import { createLogger } from '../../../adapters/logging/logger';
import type { Actor } from '../../../domain/policy/actor';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import { createBooking } from '../../../domain/booking/requests/create-booking';
import { ok, unwrap } from '../../../domain/shared/result';
import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../../../domain/shared/london-time';
import type { TestDatabase } from '../../support/database';
import { TEST_HASH_COST } from '../../support/test-env';

/** Payment test data: users straight into SQL, bookings built by the domain and saved by the repository. */

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
export const WEBHOOK_SECRET = 'whsec_test_secret_for_fact_payments_tests';

export interface Party {
  readonly id: string;
  readonly actor: Actor;
}

export async function insertParty(db: TestDatabase, kind: 'client' | 'coach' | 'admin'): Promise<Party> {
  const id = randomUUID();
  const role = kind === 'admin' ? 'admin' : 'user';
  const userType = kind === 'coach' ? 'coach' : 'client';
  await db.query(`insert into users (id, email, password_hash, full_name, role, user_type, email_verified_at) values ($1, $2, 'scrypt$x', $3, $4, $5, now())`, [
    id,
    `${kind}-${id}@example.test`,
    `Test ${kind} ${id.slice(0, 4)}`,
    role,
    userType,
  ]);
  if (kind === 'coach') await db.query(`insert into coach_profiles (user_id, services_offered, hourly_rate_pence) values ($1, '{striker}', 5000)`, [id]);
  return { id, actor: { userId: id, role, userType } };
}

let counter = 0;
function reference(now: Date): string {
  counter += 1;
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  const suffix = (counter + 1296 * (process.pid % 900)).toString(36).toUpperCase().padStart(4, '0').slice(-4);
  return `FACT-${day}-${suffix}`;
}

let defaultStarts = 0;

/**
 * The n-th default start: from three days ahead, on SPEC's hourly grid 09:00–20:00 London, the
 * starts the slot engine offers a coach without weekly hours (so acceptance re-checks pass).
 */
function gridStart(now: Date, n: number): Date {
  const date = addDaysToIsoDate(utcToLondon(now).date, 3 + Math.floor(n / 12));
  return londonToUtc(date, `${String(9 + (n % 12)).padStart(2, '0')}:00`)!;
}
/**
 * A pending booking at £50 + £3 fee, saved; `startsAt` defaults to three days after `now`, an hour
 * later on each call (one client holds one pending request per coach and start: decision 011).
 */
export async function storeBooking(
  app: Application,
  client: Party,
  coach: Party,
  options: {
    startsAt?: Date;
    durationMinutes?: number;
    ratePence?: number;
    /** Where and what the client typed (default: outdoors at Hackney Marshes, no notes). */
    location?: { type: string; address: string | null; notes?: string | null; clientNotes?: string | null };
  } = {},
): Promise<Booking> {
  const now = app.clock.now();
  const startsAt = options.startsAt ?? gridStart(now, defaultStarts++);
  const booking = unwrap(
    createBooking(
      client.actor,
      {
        id: randomUUID(),
        referenceCode: reference(now),
        coach: { coachId: coach.id, hourlyRatePence: options.ratePence ?? 5000, sessionLengths: [], servicesOffered: ['striker'] },
        serviceType: 'striker',
        startsAt,
        durationMinutes: options.durationMinutes ?? 60,
        locationType: options.location?.type ?? 'outdoor',
        locationAddress: options.location ? options.location.address : 'Hackney Marshes',
        locationNotes: options.location?.notes ?? null,
        clientNotes: options.location?.clientNotes ?? null,
      },
      now,
    ),
  );
  return saveBooking(app, booking);
}

export async function saveBooking(app: Application, booking: Booking): Promise<Booking> {
  return unwrap(await app.deps().uow.transaction(async (tx) => ok(await tx.bookings.save(booking))));
}

export async function loadBooking(app: Application, id: string): Promise<Booking> {
  const booking = await app.deps().uow.read.bookings.findById(id);
  if (!booking) throw new Error(`booking ${id} not found`);
  return booking;
}

/** An application on `db` with extra configuration (Stripe keys pointing at a fake, a webhook secret). */
export async function createAppWith(db: TestDatabase, extra: Record<string, string> = {}): Promise<Application> {
  const env = loadEnv({ NODE_ENV: 'test', FACT_TEST_MODE: '1', ...TEST_HASH_COST, DATABASE_URL: db.url, LOG_LEVEL: 'silent', ...extra });
  return createApplication({ env, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl: db.url, sessionSecret: 'test-secret-test-secret-test-secret-1234' });
}

export async function outboxJobs(db: TestDatabase, bookingId: string): Promise<{ type: string; dedupe_key: string | null; status: string }[]> {
  return db.query(`select type, dedupe_key, status from outbox_jobs where payload->>'bookingId' = $1 order by created_at`, [bookingId]);
}
