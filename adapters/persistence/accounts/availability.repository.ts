import type { EntityManager } from '@mikro-orm/postgresql';
import { parseAvailabilityPeriod, type AvailabilityPeriod } from '../../../domain/availability/availability-period';
import type { AvailabilityRepository } from '../../../domain/availability/availability.repository';
import { isId } from '../../../domain/shared/ids';
import { refusable } from '../shared/savepoint';
import { columnValues, parseRows, selectList } from './sql-rows';

const COLUMNS = {
  id: 'id',
  coachId: 'coach_id',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  dailyStart: 'daily_start',
  dailyEnd: 'daily_end',
  locationOverride: 'location_override',
  notes: 'notes',
  isAvailable: 'is_available',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Record<keyof AvailabilityPeriod, string>;
const KEYS = Object.keys(COLUMNS) as (keyof AvailabilityPeriod)[];
/** Daily times are `time` columns; the domain reads them as 'HH:MM'. */
const TIME_COLUMNS: ReadonlySet<string> = new Set([COLUMNS.dailyStart, COLUMNS.dailyEnd]);
/** The columns as the domain names them (also read as JSON by the profile's one-statement read). */
export const AVAILABILITY_SELECT = `select ${selectList(COLUMNS).replace(/(daily_start|daily_end) as/g, "to_char($1, 'HH24:MI') as")} from availability_periods`;

/** Coaches' availability periods (insert or replace by id). */
export function createAvailabilityRepository(em: EntityManager): AvailabilityRepository {
  return {
    async findById(id) {
      if (!isId(id)) return null;
      const rows = await em.execute<Record<string, unknown>[]>(`${AVAILABILITY_SELECT} where id = ?`, [id]);
      return parseRows('availability_periods', rows, parseAvailabilityPeriod)[0] ?? null;
    },
    async listByCoach(coachId) {
      if (!isId(coachId)) return [];
      const rows = await em.execute<Record<string, unknown>[]>(`${AVAILABILITY_SELECT} where coach_id = ? order by starts_at, id`, [coachId]);
      return parseRows('availability_periods', rows, parseAvailabilityPeriod);
    },
    save: (period) =>
      refusable(em, async (tx) => {
        const columns = Object.values(COLUMNS);
        const updates = columns.filter((c) => c !== 'id' && c !== 'coach_id' && c !== 'created_at');
        await tx.execute(
          `insert into availability_periods (${columns.join(', ')}) values (${columns.map((c) => (TIME_COLUMNS.has(c) ? '?::time' : '?')).join(', ')})
           on conflict (id) do update set ${updates.map((c) => `${c} = excluded.${c}`).join(', ')}`,
          columnValues(period, KEYS),
        );
      }),
    async delete(id) {
      if (!isId(id)) return;
      await em.execute('delete from availability_periods where id = ?', [id]);
    },
  };
}
