import type { EntityManager } from '@mikro-orm/postgresql';
import type { CoachScheduleSource, ScheduleWindow } from '../../../domain/availability/coach-schedule-source';
import { exceptionsFromPeriods } from '../../../domain/availability/period-exceptions';
import { DEFAULT_SCHEDULING_RULES, type BusySpan, type CoachSchedule } from '../../../domain/availability/schedule';
import { parseScheduleSettings } from '../../../domain/availability/schedule-settings';
import { DAY_MS } from '../../../domain/shared/clock';
import type { Id } from '../../../domain/shared/ids';
import { pgArrayLiteral } from '../accounts/sql-rows';
import { rebuild } from '../shared/stored-data';

interface PeriodJson {
  s: string;
  e: string;
  a: boolean;
  l: string | null;
  ds: string | null;
  de: string | null;
}
interface SpanJson {
  s: string;
  e: string;
}
interface ScheduleRow {
  coach_id: string;
  /** null: no coach profile (the engine then has SPEC's defaults). */
  rules: unknown;
  weekly_hours: unknown;
  periods: PeriodJson[];
  sessions: SpanJson[];
  external: SpanJson[];
}

// Sessions and busy events are read a day either side of the window: their buffers reach into it,
// and the daily cap counts every session of a date the window only partly covers.
const SQL = `
  select c.id as coach_id,
         (select json_build_object('slotStepMinutes', p.slot_step_minutes, 'bufferBeforeMinutes', p.buffer_before_minutes, 'bufferAfterMinutes', p.buffer_after_minutes,
                                   'minimumNoticeMinutes', p.minimum_notice_minutes, 'maxSessionsPerDay', p.max_sessions_per_day)
            from coach_profiles p where p.user_id = c.id) as rules,
         (select coalesce(json_agg(json_build_object('weekday', h.weekday, 'start', to_char(h.start_time, 'HH24:MI'), 'end', to_char(h.end_time, 'HH24:MI'), 'location', h.location) order by h.weekday, h.start_time), '[]'::json)
            from coach_weekly_hours h where h.coach_id = c.id) as weekly_hours,
         (select coalesce(json_agg(json_build_object('s', p.starts_at, 'e', p.ends_at, 'a', p.is_available, 'l', p.location_override,
                                                     'ds', to_char(p.daily_start, 'HH24:MI'), 'de', to_char(p.daily_end, 'HH24:MI')) order by p.starts_at, p.id), '[]'::json)
            from availability_periods p
           where p.coach_id = c.id and p.ends_at > ? and p.starts_at < ?) as periods,
         (select coalesce(json_agg(json_build_object('s', b.starts_at, 'e', b.ends_at) order by b.starts_at), '[]'::json)
            from bookings b
           where b.coach_id = c.id and b.status in ('confirmed', 'in_session') and b.starts_at < ? and b.ends_at > ?
             and b.id is distinct from ?::uuid) as sessions,
         (select coalesce(json_agg(json_build_object('s', x.starts_at, 'e', x.ends_at) order by x.starts_at), '[]'::json)
            from coach_calendar_busy x
           where x.coach_id = c.id and x.starts_at < ? and x.ends_at > ?) as external
    from unnest(?::uuid[]) as c(id)`;

/** A page of cards asks for any ids it is given: only coaches who can be booked have a schedule to show. */
const BOOKABLE_ONLY = `
   where exists (select 1 from users u where u.id = c.id and u.user_type = 'coach' and u.is_active and u.erased_at is null)`;

const span = (j: SpanJson): BusySpan => ({ startsAt: new Date(j.s), endsAt: new Date(j.e) });

function scheduleOf(row: ScheduleRow): CoachSchedule {
  const stored = { userId: row.coach_id, rules: row.rules, weeklyHours: row.weekly_hours };
  const settings = row.rules === null ? null : rebuild('coach_weekly_hours', parseScheduleSettings, stored);
  return {
    weeklyHours: settings?.weeklyHours ?? [],
    rules: settings?.rules ?? DEFAULT_SCHEDULING_RULES,
    externalBusy: row.external.map(span),
    exceptions: exceptionsFromPeriods(row.periods.map((p) => ({ startsAt: new Date(p.s), endsAt: new Date(p.e), isAvailable: p.a, locationOverride: p.l, dailyStart: p.ds, dailyEnd: p.de }))),
    sessions: row.sessions.map(span),
  };
}

/**
 * Coaches' schedules for the slot engine, in one statement for one coach or a page of them: the
 * rules (coach_profiles), weekly hours, availability periods (SPEC's exceptions), confirmed or
 * in-session sessions and the linked calendar's busy time, each as JSON per coach, through the
 * EntityManager so that inside a unit of work it reads in its transaction.
 */
export function createCoachSchedules(em: EntityManager): CoachScheduleSource {
  async function read(coachIds: readonly Id[], window: ScheduleWindow, excludeBookingId: Id | null, bookableOnly = false): Promise<Map<Id, CoachSchedule>> {
    const schedules = new Map<Id, CoachSchedule>();
    if (coachIds.length === 0) return schedules;
    const aroundFrom = new Date(window.from.getTime() - DAY_MS);
    const aroundTo = new Date(window.to.getTime() + DAY_MS);
    const rows = await em.execute<ScheduleRow[]>(bookableOnly ? SQL + BOOKABLE_ONLY : SQL, [
      window.from,
      window.to,
      aroundTo,
      aroundFrom,
      excludeBookingId,
      aroundTo,
      aroundFrom,
      pgArrayLiteral(coachIds),
    ]);
    for (const row of rows) schedules.set(row.coach_id, scheduleOf(row));
    return schedules;
  }
  return {
    async scheduleFor(coachId, window) {
      const schedules = await read([coachId], window, window.excludeBookingId ?? null);
      return schedules.get(coachId)!;
    },
    schedulesFor: (coachIds, window) => read([...new Set(coachIds)], window, null, true),
  };
}
