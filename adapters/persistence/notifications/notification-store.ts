import type { EntityManager } from '@mikro-orm/postgresql';
import { parseEmailPreferences } from '../../../domain/accounts/users/email-preferences';
import type { DeliveryRecord, DeliveryStatus, EmailPreferencesStore, EmailRecipientInfo, NotificationStore, SkipReason } from '../../../domain/notifications/notification-ports';
import { BOOKING_STATUSES } from '../../../domain/shared/catalogue';
import { isId } from '../../../domain/shared/ids';
import { pgArrayLiteral } from '../accounts/sql-rows';
import { StoredDataError } from '../shared/stored-data';
import type { Orm } from '../orm';
import { MikroOutbox } from '../outbox/outbox.repository';

interface RecipientRow {
  id: string;
  email: string | null;
  full_name: string | null;
  is_active: boolean;
  erased_at: Date | string | null;
  email_preferences: unknown;
}

interface DeliveryRow {
  job_id: string;
  event: string;
  user_id: string | null;
  status: DeliveryStatus;
  reason: SkipReason | null;
  message_id: string | null;
  subject: string | null;
  error: string | null;
}

/**
 * The email sender's view of PostgreSQL: recipients (users), the record of each email job
 * (`notification_deliveries`), and the admin fan-out, which queues its jobs in one transaction.
 * Reads run on a fresh fork each, outside any transaction (the worker calls them between sends).
 */
export function createNotificationStore(orm: Orm): NotificationStore {
  const sql = <T extends object[]>(query: string, params: unknown[] = []) => (orm.em.fork() as EntityManager).getConnection().execute<T>(query, params);
  return {
    async findPlayerOfBooking(bookingId) {
      if (!isId(bookingId)) return null;
      const [row] = await sql<{ first_name: string; last_name: string; date_of_birth: string; notes: string | null }[]>(
        `select p.first_name, p.last_name, to_char(p.date_of_birth, 'YYYY-MM-DD') as date_of_birth, p.notes
           from bookings b join players p on p.id = b.player_id where b.id = ?`,
        [bookingId],
      );
      return row ? { firstName: row.first_name, lastName: row.last_name, dateOfBirth: row.date_of_birth, notes: row.notes } : null;
    },
    async findRecipients(ids) {
      const valid = ids.filter(isId);
      if (valid.length === 0) return [];
      const rows = await sql<RecipientRow[]>(`select id, email, full_name, is_active, erased_at, email_preferences from users where id = any(?::uuid[])`, [pgArrayLiteral(valid)]);
      return rows.map((r): EmailRecipientInfo => ({
        id: r.id,
        email: r.erased_at ? null : r.email,
        fullName: r.full_name ?? '',
        isActive: r.is_active,
        erased: r.erased_at !== null,
        preferences: parseEmailPreferences(r.email_preferences),
      }));
    },

    async activeAdministratorIds() {
      const rows = await sql<{ id: string }[]>(`select id from users where role = 'admin' and is_active and erased_at is null order by created_at, id`);
      return rows.map((r) => r.id);
    },

    async enqueueAll(jobs) {
      if (jobs.length === 0) return;
      await orm.em.fork().transactional(async (em) => {
        const outbox = new MikroOutbox(em);
        for (const job of jobs) await outbox.enqueue(job);
      });
    },

    async findDelivery(jobId) {
      if (!isId(jobId)) return null;
      const rows = await sql<DeliveryRow[]>(`select job_id, event, user_id, status, reason, message_id, subject, error from notification_deliveries where job_id = ?`, [jobId]);
      const r = rows[0];
      return r ? { jobId: r.job_id, event: r.event, userId: r.user_id, status: r.status, reason: r.reason, messageId: r.message_id, subject: r.subject, error: r.error } : null;
    },

    async recordDelivery(d: DeliveryRecord) {
      await sql(
        `insert into notification_deliveries (job_id, event, user_id, status, reason, message_id, subject, error)
         values (?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (job_id) do update
           set status = excluded.status, reason = excluded.reason, message_id = excluded.message_id,
               subject = excluded.subject, error = excluded.error, recorded_at = now()`,
        [d.jobId, d.event, d.userId, d.status, d.reason, d.messageId, d.subject, d.error],
      );
    },

    async forgetAddress(jobId) {
      await sql(`update outbox_jobs set payload = payload #- '{recipient,email}' #- '{recipient,name}' where id = ?`, [jobId]);
    },

    async countUnread(messageIds) {
      const valid = messageIds.filter(isId);
      if (valid.length === 0) return 0;
      const rows = await sql<{ n: number }[]>(`select count(*)::int as n from messages where id = any(?::uuid[]) and not is_read`, [pgArrayLiteral(valid)]);
      return Number(rows[0]?.n ?? 0);
    },

    async findSessionNow(bookingId) {
      if (!isId(bookingId)) return null;
      const rows = await sql<{ status: string; starts_at: Date | string }[]>(`select status, starts_at from bookings where id = ?`, [bookingId]);
      const r = rows[0];
      if (!r) return null;
      const status = BOOKING_STATUSES.find((s) => s === r.status);
      const startsAt = new Date(r.starts_at);
      if (!status || Number.isNaN(startsAt.getTime())) throw new StoredDataError('bookings', bookingId, 'unreadable status or start');
      return { status, startsAt };
    },
  };
}

/** `users.email_preferences`, changed one kind at a time in a single statement. */
export function createEmailPreferencesStore(orm: Orm): EmailPreferencesStore {
  const sql = <T extends object[]>(query: string, params: unknown[] = []) => (orm.em.fork() as EntityManager).getConnection().execute<T>(query, params);
  return {
    async read(userId) {
      if (!isId(userId)) return null;
      const rows = await sql<{ email_preferences: unknown }[]>(`select email_preferences from users where id = ?`, [userId]);
      return rows[0] ? parseEmailPreferences(rows[0].email_preferences) : null;
    },
    async change(userId, change) {
      if (!isId(userId)) return null;
      // Only the kinds turned off are stored: turning one on removes its key.
      const rows = await sql<{ email_preferences: unknown }[]>(
        `update users
            set email_preferences = case when ?::boolean then email_preferences - ?::text
                                         else email_preferences || jsonb_build_object(?::text, false) end
          where id = ?
          returning email_preferences`,
        [change.enabled, change.kind, change.kind, userId],
      );
      return rows[0] ? parseEmailPreferences(rows[0].email_preferences) : null;
    },
  };
}
