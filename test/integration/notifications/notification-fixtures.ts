import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createLogger } from '../../../adapters/logging/logger';
import { registerNotifications } from '../../../adapters/outbox/handlers/notifications';
import { OutboxWorker } from '../../../adapters/outbox/worker';
import type { Application } from '../../../adapters/composition-root';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import { createBooking } from '../../../domain/booking/requests/create-booking';
import type { Mail, Mailer } from '../../../domain/shared/mailer';
import { ok, unwrap } from '../../../domain/shared/result';
import type { Person } from '../../support/booking-flow';
import type { TestDatabase } from '../../support/database';

/** Notification test helpers: email jobs as rows, bookings saved straight, workers with a given mailer. */

export interface EmailJobRow {
  id: string;
  type: string;
  status: string;
  attempts: number;
  last_error: string | null;
  dedupe_key: string | null;
  payload: {
    event: string;
    recipient: { kind: string; userId?: string; role?: string; email?: string; name?: string };
    booking: { id: string; version: number; startsAt: string; referenceCode: string } | null;
    details: Record<string, unknown>;
  };
}

export function emailJobs(db: TestDatabase, where = 'true', params: unknown[] = []): Promise<EmailJobRow[]> {
  return db.query<EmailJobRow>(
    `select id, type, status, attempts, last_error, dedupe_key, payload from outbox_jobs
      where type like 'email.%' and ${where}
      order by created_at, type, payload->'recipient'->>'role', id`,
    params,
  );
}

/** The jobs of one booking as `type → role`, the shape most assertions read best in. */
export async function jobsOfBooking(db: TestDatabase, bookingId: string): Promise<string[]> {
  const rows = await emailJobs(db, `payload->'booking'->>'id' = $1`, [bookingId]);
  return rows.map((r) => `${r.type} → ${r.payload.recipient.kind === 'user' ? r.payload.recipient.role : r.payload.recipient.kind}`);
}

/** Moves this booking's email jobs out of the way (so the next assertion sees only new ones). */
export async function clearEmailJobs(db: TestDatabase): Promise<void> {
  await db.query(`delete from outbox_jobs where type like 'email.%'`);
}

let serial = 0;
/** A booking saved as given (status and times chosen by the test), through the real repository. */
export async function saveBooking(app: Application, client: Person, coach: Person, patch: Partial<Booking> & { startsAt: Date }): Promise<Booking> {
  serial += 1;
  const created = unwrap(
    createBooking(
      client.actor,
      {
        id: randomUUID(),
        referenceCode: `FACT-20261122-${(1000 + serial + (process.pid % 1000) * 7).toString(36).toUpperCase().padStart(4, '0').slice(-4)}`,
        coach: { coachId: coach.id, hourlyRatePence: 5000, sessionLengths: [], servicesOffered: ['striker', 'midfield'] },
        serviceType: 'striker',
        startsAt: patch.startsAt,
        durationMinutes: 60,
        locationType: 'outdoor',
        locationAddress: 'Hackney Marshes',
      },
      new Date(patch.startsAt.getTime() - 7 * 24 * 3600_000),
    ),
  );
  return unwrap(await app.deps().uow.transaction(async (tx) => ok(await tx.bookings.save({ ...created, ...patch }))));
}

/** A worker on the test database with only the notification handlers, sending through `mailer`. */
export function notificationWorker(app: Application, mailer: Mailer, options: { workerId?: string; batchSize?: number; backoffMs?: (attempts: number) => number } = {}): OutboxWorker {
  const worker = new OutboxWorker({ orm: app.orm, clock: app.clock, logger: createLogger({ level: 'silent', pretty: false }), ...options });
  registerNotifications(worker, app, { mailer });
  return worker;
}

/** A mailer that keeps what it is given (and can be told to fail). */
export function recordingMailer(): Mailer & { sent: Mail[]; failNext: number } {
  const state = {
    sent: [] as Mail[],
    failNext: 0,
    async send(mail: Mail) {
      if (state.failNext > 0) {
        state.failNext -= 1;
        return { ok: false as const, error: { kind: 'unavailable' as const, code: 'MAIL_UNAVAILABLE', message: 'SMTP is away' } };
      }
      state.sent.push(mail);
      return ok(undefined);
    },
  };
  return state;
}

export function expectOk<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) expect.fail(`Unexpected failure: ${JSON.stringify(result.error)}`);
  return result.value;
}
