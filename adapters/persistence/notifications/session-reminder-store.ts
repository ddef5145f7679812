import type { EntityManager } from '@mikro-orm/postgresql';
import { bookingFactsSchema, type BookingFacts } from '../../../domain/notifications/email-job';
import type { SessionReminderStore } from '../../../domain/notifications/notification-ports';
import { invalid } from '../../../domain/shared/errors';
import { err, ok, type Result } from '../../../domain/shared/result';
import type { Orm } from '../orm';
import { MikroOutbox } from '../outbox/outbox.repository';
import { rebuildAll } from '../shared/stored-data';

interface SessionRow {
  id: string;
  reference_code: string;
  service_type: string;
  starts_at: Date | string;
  duration_minutes: number;
  location_type: string;
  location_address: string | null;
  client_id: string;
  coach_id: string;
  status: string;
  version: number;
}

function parseFacts(row: unknown): Result<BookingFacts> {
  const r = row as SessionRow;
  const parsed = bookingFactsSchema.safeParse({
    id: r.id,
    referenceCode: r.reference_code,
    serviceType: r.service_type,
    startsAt: new Date(r.starts_at).toISOString(),
    durationMinutes: Number(r.duration_minutes),
    locationType: r.location_type,
    locationAddress: r.location_address,
    clientId: r.client_id,
    coachId: r.coach_id,
    status: r.status,
    version: Number(r.version),
  });
  return parsed.success ? ok(parsed.data) : err(invalid('BOOKING_FACTS_INVALID', parsed.error.issues[0]?.message ?? 'invalid'));
}

/**
 * The session-reminder sweep (decision 013): confirmed sessions starting in the given windows,
 * through the partial index `bookings_confirmed_by_start` (one range scan per window), and the
 * outbox, where the jobs are queued together with ON CONFLICT DO NOTHING on their dedupe keys.
 */
export function createSessionReminderStore(orm: Orm): SessionReminderStore {
  return {
    async confirmedStartingWithin(windows, limit) {
      if (windows.length === 0) return [];
      const where = windows.map(() => '(starts_at >= ?::timestamptz and starts_at <= ?::timestamptz)').join(' or ');
      const rows = await (orm.em.fork() as EntityManager).getConnection().execute<SessionRow[]>(
        `select id, reference_code, service_type, starts_at, duration_minutes, location_type, location_address, client_id, coach_id, status, version
           from bookings
          where status = 'confirmed' and (${where})
          order by starts_at, id
          limit ?`,
        [...windows.flatMap((w) => [w.from, w.to]), limit],
      );
      return rebuildAll('bookings', parseFacts, rows);
    },

    async enqueueAll(jobs) {
      if (jobs.length === 0) return;
      await orm.em.fork().transactional(async (em) => {
        const outbox = new MikroOutbox(em);
        for (const job of jobs) await outbox.enqueue(job);
      });
    },
  };
}
