import type { EntityManager } from '@mikro-orm/postgresql';
import type { SchedulingRules, WeeklyRange } from '../../../domain/availability/schedule';
import { parseScheduleSettings } from '../../../domain/availability/schedule-settings';
import type { ScheduleSettings, ScheduleSettingsRepository } from '../../../domain/availability/schedule-settings.repository';
import { isId, type Id } from '../../../domain/shared/ids';
import { pgArrayLiteral } from '../accounts/sql-rows';
import { refusable } from '../shared/savepoint';
import { rebuild } from '../shared/stored-data';

/** The rules' columns on coach_profiles, by SchedulingRules field. */
const RULE_COLUMNS = {
  slotStepMinutes: 'slot_step_minutes',
  bufferBeforeMinutes: 'buffer_before_minutes',
  bufferAfterMinutes: 'buffer_after_minutes',
  minimumNoticeMinutes: 'minimum_notice_minutes',
  maxSessionsPerDay: 'max_sessions_per_day',
} as const satisfies Record<keyof SchedulingRules, string>;
const RULE_KEYS = Object.keys(RULE_COLUMNS) as (keyof SchedulingRules)[];

/** The columns of coach_weekly_hours, by WeeklyRange field (times as 'HH:MM'). */
const RANGE_COLUMNS = { weekday: 'weekday', start: 'start_time', end: 'end_time', location: 'location' } as const satisfies Record<keyof WeeklyRange, string>;

/**
 * One row per coach: the rules, and the weekly ranges gathered into a JSON list in day and start
 * order (a coach without ranges gets an empty list).
 */
const SELECT_SETTINGS = `
  select p.user_id as "userId",
         json_build_object(${RULE_KEYS.map((k) => `'${k}', p.${RULE_COLUMNS[k]}`).join(', ')}) as rules,
         coalesce((
           select json_agg(json_build_object('weekday', h.weekday, 'start', to_char(h.start_time, 'HH24:MI'), 'end', to_char(h.end_time, 'HH24:MI'), 'location', h.location) order by h.weekday, h.start_time)
             from coach_weekly_hours h where h.coach_id = p.user_id
         ), '[]'::json) as "weeklyHours"
    from coach_profiles p
   where p.user_id = any(?::uuid[])`;

/** Coaches' weekly hours (coach_weekly_hours) and scheduling rules (columns of coach_profiles). */
export function createScheduleSettingsRepository(em: EntityManager): ScheduleSettingsRepository {
  return {
    async scheduleSettingsFor(coachIds) {
      const ids = [...new Set(coachIds.filter(isId))];
      const found = new Map<Id, ScheduleSettings>();
      if (ids.length === 0) return found;
      const rows = await em.execute<{ userId: string; rules: unknown; weeklyHours: unknown }[]>(SELECT_SETTINGS, [pgArrayLiteral(ids)]);
      for (const row of rows) found.set(row.userId, rebuild('coach_weekly_hours', parseScheduleSettings, row));
      return found;
    },
    async lockSchedule(coachId) {
      if (!isId(coachId)) return false;
      const rows = await em.execute<{ userId: string }[]>('select user_id as "userId" from coach_profiles where user_id = ? for no key update', [coachId]);
      return rows.length > 0;
    },
    replaceWeeklyHours: (coachId, ranges) =>
      refusable(em, async (tx) => {
        await tx.execute('delete from coach_weekly_hours where coach_id = ?', [coachId]);
        if (ranges.length === 0) return;
        const columns = Object.values(RANGE_COLUMNS);
        const values = ranges.flatMap((r) => [coachId, r.weekday, r.start, r.end, r.location]);
        await tx.execute(`insert into coach_weekly_hours (coach_id, ${columns.join(', ')}) values ${ranges.map(() => '(?, ?, ?::time, ?::time, ?)').join(', ')}`, values);
      }),
    saveRules: (coachId, rules) =>
      refusable(em, async (tx) => {
        await tx.execute(`update coach_profiles set ${RULE_KEYS.map((k) => `${RULE_COLUMNS[k]} = ?`).join(', ')} where user_id = ?`, [...RULE_KEYS.map((k) => rules[k]), coachId]);
      }),
  };
}
