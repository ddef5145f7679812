import type { EntityManager } from '@mikro-orm/postgresql';
import { CALENDAR_SYNC_LEASE_MS, parseCalendarLink, type CalendarLink, type CalendarLinkRepository, type ClaimedCalendarLink } from '../../../domain/availability/calendar-link';
import { isId } from '../../../domain/shared/ids';
import { pgArrayLiteral } from '../accounts/sql-rows';
import { rebuild } from '../shared/stored-data';

const LINK_COLUMNS = `coach_id as "coachId", url_ciphertext as "sealedAddress", url_hint as hint, etag, last_modified as "lastModified",
  last_attempt_at as "lastAttemptAt", last_synced_at as "lastSyncedAt", last_error as "lastError", sync_requested_at as "syncRequestedAt",
  busy_count as "busyCount", busy_truncated as "busyTruncated", created_at as "createdAt", updated_at as "updatedAt"`;

const CLAIMED = `l.coach_id as "coachId", l.url_ciphertext as "sealedAddress", l.etag, l.last_modified as "lastModified", l.sync_lease_token as "leaseToken"`;

/** Accounts whose calendar is still fetched: open and not erased. */
const OPEN_ACCOUNT = `exists (select 1 from users u where u.id = l.coach_id and u.is_active and u.erased_at is null)`;
const LEASE_FREE = `(l.sync_lease_until is null or l.sync_lease_until < ?::timestamptz)`;

/**
 * coach_calendar_links and coach_calendar_busy on the transaction's EntityManager. A claim is one
 * UPDATE … FROM (SELECT … FOR UPDATE SKIP LOCKED): two workers never take the same link, and the
 * lease token it sets is what the sync must show to record anything, so a sync that outlived its
 * lease, or whose link was unlinked or re-linked meanwhile, writes nothing.
 */
export function createCalendarLinkRepository(em: EntityManager): CalendarLinkRepository {
  const rows = <T extends object>(sql: string, params: unknown[]) => em.execute<T[]>(sql, params);
  const run = async (sql: string, params: unknown[]): Promise<number> => Number((await em.execute<{ affectedRows?: number }>(sql, params, 'run')).affectedRows ?? 0);
  const leaseUntil = (now: Date) => new Date(now.getTime() + CALENDAR_SYNC_LEASE_MS);

  return {
    async find(coachId) {
      if (!isId(coachId)) return null;
      const [row] = await rows<object>(`select ${LINK_COLUMNS} from coach_calendar_links where coach_id = ?`, [coachId]);
      return row ? rebuild<CalendarLink>('coach_calendar_links', parseCalendarLink, row) : null;
    },

    async link({ coachId, sealedAddress, hint, now, syncDueAt, keepBusy }) {
      await run(
        `insert into coach_calendar_links as l (coach_id, url_ciphertext, url_hint, sync_requested_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?)
         on conflict (coach_id) do update
           set url_ciphertext = excluded.url_ciphertext, url_hint = excluded.url_hint, etag = null, last_modified = null,
               last_error = null, sync_requested_at = excluded.sync_requested_at, sync_lease_token = null, sync_lease_until = null,
               busy_count = case when ? then l.busy_count else 0 end, busy_truncated = case when ? then l.busy_truncated else false end,
               last_synced_at = case when ? then l.last_synced_at else null end, updated_at = excluded.updated_at`,
        [coachId, sealedAddress, hint, syncDueAt, now, now, keepBusy, keepBusy, keepBusy],
      );
      if (!keepBusy) await run(`delete from coach_calendar_busy where coach_id = ?`, [coachId]);
    },

    async unlink(coachId) {
      if (!isId(coachId)) return false;
      // The busy rows go with it (on delete cascade).
      return (await run(`delete from coach_calendar_links where coach_id = ?`, [coachId])) > 0;
    },

    async requestSync(coachId, dueAt, now) {
      return (await run(`update coach_calendar_links set sync_requested_at = ?, updated_at = ? where coach_id = ? and sync_requested_at is null`, [dueAt, now, coachId])) > 0;
    },

    async claimDue(now, everyMs, limit) {
      // A minute's slack: a run on the period's tick finds the links tried on the previous tick.
      const triedBefore = new Date(now.getTime() - everyMs + 60_000);
      return rows<ClaimedCalendarLink>(
        `update coach_calendar_links l
            set last_attempt_at = ?, sync_lease_token = gen_random_uuid(), sync_lease_until = ?
           from (select l.coach_id from coach_calendar_links l
                  where ${LEASE_FREE} and ${OPEN_ACCOUNT}
                    and (l.last_attempt_at is null or l.last_attempt_at <= ? or l.sync_requested_at <= ?)
                  order by l.last_attempt_at nulls first
                  limit ?
                  for update of l skip locked) due
          where l.coach_id = due.coach_id
        returning ${CLAIMED}`,
        [now, leaseUntil(now), now, triedBefore, now, limit],
      );
    },

    async claimRequested(coachId, now) {
      if (!isId(coachId)) return 'nothing_due';
      const [claimed] = await rows<ClaimedCalendarLink>(
        `update coach_calendar_links l
            set last_attempt_at = ?, sync_lease_token = gen_random_uuid(), sync_lease_until = ?
          where l.coach_id = ? and l.sync_requested_at <= ? and ${LEASE_FREE} and ${OPEN_ACCOUNT}
        returning ${CLAIMED}`,
        [now, leaseUntil(now), coachId, now, now],
      );
      if (claimed) return claimed;
      const [waiting] = await rows<{ busy: boolean }>(
        `select (sync_lease_until is not null and sync_lease_until >= ?::timestamptz) as busy from coach_calendar_links where coach_id = ? and sync_requested_at is not null`,
        [now, coachId],
      );
      return waiting?.busy ? 'busy' : 'nothing_due';
    },

    async recordSync(claim, record, now) {
      // A sync asked for before this one was claimed is answered by it; one asked for since stays.
      const common = `sync_lease_token = null, sync_lease_until = null, updated_at = ?,
        sync_requested_at = case when sync_requested_at <= last_attempt_at then null else sync_requested_at end`;
      const where = `where coach_id = ? and sync_lease_token = ?::uuid`;
      if (record.kind === 'failed') {
        return (await run(`update coach_calendar_links set last_error = ?, ${common} ${where}`, [record.reason, now, claim.coachId, claim.leaseToken])) > 0;
      }
      if (record.kind === 'unchanged') {
        return (await run(`update coach_calendar_links set last_error = null, last_synced_at = ?, ${common} ${where}`, [now, now, claim.coachId, claim.leaseToken])) > 0;
      }
      const updated = await run(`update coach_calendar_links set last_error = null, last_synced_at = ?, etag = ?, last_modified = ?, busy_count = ?, busy_truncated = ?, ${common} ${where}`, [
        now,
        record.etag,
        record.lastModified,
        record.spans.length,
        record.truncated,
        now,
        claim.coachId,
        claim.leaseToken,
      ]);
      if (updated === 0) return false;
      // The row is locked by the update above until the transaction ends: the copy is replaced whole.
      await run(`delete from coach_calendar_busy where coach_id = ?`, [claim.coachId]);
      if (record.spans.length > 0) {
        await run(`insert into coach_calendar_busy (coach_id, starts_at, ends_at) select ?, s, e from unnest(?::timestamptz[], ?::timestamptz[]) as t(s, e)`, [
          claim.coachId,
          pgArrayLiteral(record.spans.map((s) => s.startsAt.toISOString())),
          pgArrayLiteral(record.spans.map((s) => s.endsAt.toISOString())),
        ]);
      }
      return true;
    },
  };
}
