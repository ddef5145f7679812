import type { EntityManager } from '@mikro-orm/postgresql';
import { CLIENT_TYPED_BOOKING_TEXT } from '../../../domain/booking/account-end/erased-booking-text';
import { COACH_TYPED_AVAILABILITY_TEXT } from '../../../domain/availability/erased-availability-text';
import { mentionPattern, REDACTED, type AccountErasureStore, type ErasureInput, type ErasureReport, type ErasureStep } from '../../../domain/accounts/erasure/account-erasure';
import { EMAIL_JOB_PREFIX, SESSION_REMINDER_JOB } from '../../../domain/notifications/email-job';
import { pgArrayLiteral } from './sql-rows';

/** Jobs that send mail to a person: booking and account emails, reminders, password resets. */
const MAIL_JOB = `(type like '${EMAIL_JOB_PREFIX}%' or type like 'account.%' or type = '${SESSION_REMINDER_JOB}')`;
/** The person's bookings (both sides), by the two party indexes. */
const THEIR_BOOKINGS = `array(select id from bookings where client_id = ?::uuid or coach_id = ?::uuid)`;
const THEIR_ENQUIRIES = `array(select id from enquiries where client_id = ?::uuid or coach_id = ?::uuid)`;

/** The column of a domain field ('locationAddress' → 'location_address'). */
const columnOf = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const likeAny = (column: string, n: number): string => `(${Array.from({ length: n }, () => `${column} ilike ?`).join(' or ')})`;
const likePattern = (mention: string): string => `%${mention.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Decision 016: the steps of erasure outside the user's own row, each one bounded statement on
 * the transaction's connection (every row it reads is found by an index on the person, their
 * bookings or their deletion requests, except the outbox, whose done jobs are kept for days only).
 * Mentions are replaced case-insensitively with '[removed]' (`regexp_replace(…, 'gi')`; on jsonb
 * through its text form, which stays valid JSON: the replacement has no quote or backslash).
 */
export function createAccountErasureStore(em: EntityManager): AccountErasureStore {
  const run = async (sql: string, params: unknown[]): Promise<number> => {
    const result = await em.execute<{ affectedRows?: number }>(sql, params, 'run');
    return Number(result.affectedRows ?? 0);
  };

  return {
    async eraseTraces(input: ErasureInput): Promise<ErasureReport> {
      const { userId, mentions } = input;
      const pattern = mentionPattern(mentions);
      const report: Record<ErasureStep, number> = {
        players: 0,
        outbox_jobs: 0,
        notification_deliveries: 0,
        audit_log: 0,
        account_deletion_requests: 0,
        messages: 0,
        enquiry_reports: 0,
        bookings: 0,
        reviews: 0,
        availability_periods: 0,
        coach_weekly_hours: 0,
        rate_limit_counters: 0,
        calendar_feeds: 0,
        coach_calendar_links: 0,
      };
      const redact = (column: string) => `regexp_replace(${column}, ?, '${REDACTED}', 'gi')`;
      const redactJson = (column: string) => `regexp_replace(${column}::text, ?, '${REDACTED}', 'gi')::jsonb`;
      const keep = input.keepJobDedupeKey;

      // Their players (decision 017): gone; their bookings keep the session without a player.
      report.players += await run(`delete from players where guardian_id = ?`, [userId]);
      // Emails still waiting for them (by id, or by address for a password reset) go nowhere now;
      // the one to keep (the decision) is spared. Other people's emails that quote them are redacted below.
      report.outbox_jobs += await run(
        `delete from outbox_jobs
          where status = 'pending' and ${MAIL_JOB} and (dedupe_key is null or dedupe_key <> coalesce(?::text, ''))
            and (payload->'recipient'->>'userId' = ? or payload->>'userId' = ? or lower(payload->>'email') = any(?::text[]))`,
        [keep, userId, userId, pgArrayLiteral(mentions)],
      );
      // Their own deliveries: subject and error (which may quote the address) are dropped.
      report.notification_deliveries += await run(`update notification_deliveries set subject = null, error = null where user_id = ?`, [userId]);
      // Their rate-limit counters (keyed by their address) and their calendar feed.
      if (input.rateLimitKeys.length) report.rate_limit_counters += await run(`delete from rate_limit_counters where key = any(?::text[])`, [pgArrayLiteral(input.rateLimitKeys)]);
      report.calendar_feeds += await run(`delete from calendar_feeds where user_id = ?`, [userId]);
      // A coach's linked calendar: the sealed address goes, and its busy times with it (on delete cascade).
      report.coach_calendar_links += await run(`delete from coach_calendar_links where coach_id = ?`, [userId]);
      // What they typed as a client (decision 038: a session at home carries their home address) is
      // replaced whole on every booking they made (by bookings_by_client); the row, its place type,
      // amounts and state stay for the coach. No check asks a session at home for an address.
      const typed = CLIENT_TYPED_BOOKING_TEXT.map(columnOf);
      report.bookings += await run(
        `update bookings
            set ${typed.map((c) => `${c} = case when ${c} is null then null else '${REDACTED}' end`).join(', ')},
                updated_at = now(), version = version + 1
          where client_id = ? and (${typed.map((c) => `coalesce(${c}, '${REDACTED}') <> '${REDACTED}'`).join(' or ')})`,
        [userId],
      );
      // The same address in every job's snapshot of those bookings: emails still waiting for the
      // coach (the settlement's cancellations), emails already sent, reminders.
      report.outbox_jobs += await run(
        `update outbox_jobs set payload = jsonb_set(payload, '{booking,locationAddress}', to_jsonb(?::text))
          where payload->'booking'->>'clientId' = ? and coalesce(payload->'booking'->>'locationAddress', ?) <> ?`,
        [REDACTED, userId, REDACTED, REDACTED],
      );
      // A coach's availability notes and places are theirs alone: dropped.
      const availability = COACH_TYPED_AVAILABILITY_TEXT.map(columnOf);
      report.availability_periods += await run(
        `update availability_periods set ${availability.map((c) => `${c} = null`).join(', ')}, updated_at = now()
          where coach_id = ? and (${availability.map((c) => `${c} is not null`).join(' or ')})`,
        [userId],
      );
      report.coach_weekly_hours += await run(`update coach_weekly_hours set location = null where coach_id = ? and location is not null`, [userId]);

      if (!pattern) return report;

      // Other jobs (payment instructions, notifications, done emails) that quote them.
      report.outbox_jobs += await run(
        `update outbox_jobs set payload = ${redactJson('payload')}, last_error = ${redact('last_error')}
          where (dedupe_key is null or dedupe_key <> coalesce(?::text, '')) and (payload::text ~* ? or last_error ~* ?)`,
        [pattern, pattern, keep, pattern, pattern],
      );
      // Other people's emails naming them ('New booking request from <name>: …'), by the trigram index.
      report.notification_deliveries += await run(`update notification_deliveries set subject = ${redact('subject')} where ${likeAny('subject', mentions.length)}`, [
        pattern,
        ...mentions.map(likePattern),
      ]);
      report.notification_deliveries += await run(`update notification_deliveries set error = ${redact('error')} where status = 'failed' and error ~* ?`, [pattern, pattern]);
      // Audit lines about them, their deletion requests and their bookings (audit_by_target), and by them.
      report.audit_log += await run(
        `update audit_log set details = ${redactJson('details')}
          where ((target_type = 'user' and target_id = ?)
             or (target_type = 'deletion_request' and target_id = any(array(select id::text from account_deletion_requests where user_id = ?::uuid)))
             or (target_type = 'booking' and target_id = any(array(select id::text from bookings where client_id = ?::uuid or coach_id = ?::uuid)))
             or actor_id = ?::uuid)
            and details::text ~* ?`,
        [pattern, userId, userId, userId, userId, userId, pattern],
      );
      report.account_deletion_requests += await run(
        `update account_deletion_requests set reason = ${redact('reason')}, decision_reason = ${redact('decision_reason')}, version = version + 1
          where user_id = ? and (reason ~* ? or decision_reason ~* ?)`,
        [pattern, pattern, userId, pattern, pattern],
      );
      // What the other party keeps of their bookings: messages, notes and reasons, reviews.
      report.messages += await run(`update messages set content = left(${redact('content')}, 5000) where booking_id = any(${THEIR_BOOKINGS}) and content ~* ?`, [pattern, userId, userId, pattern]);
      // Their enquiries no booking followed (decision 052), and the reports made of them.
      report.messages += await run(`update messages set content = left(${redact('content')}, 5000) where booking_id is null and enquiry_id = any(${THEIR_ENQUIRIES}) and content ~* ?`, [
        pattern,
        userId,
        userId,
        pattern,
      ]);
      report.enquiry_reports += await run(`update enquiry_reports set reason = left(${redact('reason')}, 1000) where enquiry_id = any(${THEIR_ENQUIRIES}) and reason ~* ?`, [
        pattern,
        userId,
        userId,
        pattern,
      ]);
      const bookingText = ['location_address', 'location_notes', 'cancellation_reason', 'early_completion_reason', 'dispute_reason', 'dispute_resolution_note'];
      const limited = ['client_notes', 'reschedule_reason'];
      report.bookings += await run(
        `update bookings
            set ${bookingText.map((c) => `${c} = ${redact(c)}`).join(', ')},
                ${limited.map((c) => `${c} = left(${redact(c)}, 500)`).join(', ')},
                updated_at = now(), version = version + 1
          where (client_id = ? or coach_id = ?) and concat_ws(' ', ${[...bookingText, ...limited].join(', ')}) ~* ?`,
        [...bookingText.map(() => pattern), ...limited.map(() => pattern), userId, userId, pattern],
      );
      report.reviews += await run(
        // A comment keeps the 10 to 1000 characters its check asks for.
        `update reviews set comment = (select case when char_length(r) < 10 then rpad(r, 10, '.') else left(r, 1000) end
                                         from (select ${redact('comment')} as r) redacted)
          where booking_id = any(${THEIR_BOOKINGS}) and comment ~* ?`,
        [pattern, userId, userId, pattern],
      );
      return report;
    },
  };
}
