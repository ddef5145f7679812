import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExternalBusyReader } from '../../../domain/availability/external-calendar';
import type { BusySpan } from '../../../domain/availability/schedule';
import type { Id } from '../../../domain/shared/ids';
import { isId } from '../../../domain/shared/ids';
import { pgArrayLiteral } from '../accounts/sql-rows';
import { StoredDataError } from '../shared/stored-data';

interface BusyRow {
  coach_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
}

/**
 * The busy time of the coaches' linked calendars, for the slot engine: one query for every coach
 * asked about (a page of coach cards as much as one dialog), by coach_calendar_busy_by_coach.
 * Spans that started before `from` but end after it are included (the table keeps spans only
 * inside the window synced, a day back to 92 days ahead, so the scan from `from` minus a day is bounded).
 */
export function createExternalBusyReader(em: () => EntityManager): ExternalBusyReader {
  return {
    async busyFor(coachIds: readonly Id[], from: Date, to: Date) {
      const result = new Map<Id, BusySpan[]>();
      const ids = [...new Set(coachIds.filter(isId))];
      for (const id of ids) result.set(id, []);
      if (ids.length === 0 || !(to > from)) return result;
      const rows = await em().execute<BusyRow[]>(
        `select coach_id, starts_at, ends_at from coach_calendar_busy
          where coach_id = any(?::uuid[]) and starts_at < ? and starts_at >= ?::timestamptz - interval '93 days' and ends_at > ?
          order by coach_id, starts_at`,
        [pgArrayLiteral(ids), to, from, from],
      );
      for (const row of rows) {
        const startsAt = new Date(row.starts_at);
        const endsAt = new Date(row.ends_at);
        if (Number.isNaN(startsAt.getTime()) || !(endsAt > startsAt)) throw new StoredDataError('coach_calendar_busy', row.coach_id, 'invalid span');
        result.get(row.coach_id)?.push({ startsAt, endsAt });
      }
      return result;
    },
  };
}
