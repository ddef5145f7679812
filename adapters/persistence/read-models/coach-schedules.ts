import type { EntityManager } from '@mikro-orm/postgresql';
import type { CoachScheduleSource, ScheduleWindow } from '../../../domain/availability/coach-schedule-source';
import { exceptionsFromPeriods } from '../../../domain/availability/period-exceptions';
import { DEFAULT_SCHEDULING_RULES, type BusySpan, type CoachSchedule } from '../../../domain/availability/schedule';
import { DAY_MS } from '../../../domain/shared/clock';
import type { Id } from '../../../domain/shared/ids';
import { pgArrayLiteral } from '../accounts/sql-rows';

interface PeriodJson {
  s: string;
  e: string;
  a: boolean;
  l: string | null;
}
interface SpanJson {
  s: string;
  e: string;
}
interface ScheduleRow {
  coach_id: string;
  periods: PeriodJson[];
  sessions: SpanJson[];
}

// Sessions are read a day either side of the window: their buffers reach into it, and the daily
// cap counts every session of a date the window only partly covers.
const SQL = `
  select c.id as coach_id,
         (select coalesce(json_agg(json_build_object('s', p.starts_at, 'e', p.ends_at, 'a', p.is_available, 'l', p.location_override) order by p.starts_at, p.id), '[]'::json)
            from availability_periods p
           where p.coach_id = c.id and p.ends_at > ? and p.starts_at < ?) as periods,
         (select coalesce(json_agg(json_build_object('s', b.starts_at, 'e', b.ends_at) order by b.starts_at), '[]'::json)
            from bookings b
           where b.coach_id = c.id and b.status in ('confirmed', 'in_session') and b.starts_at < ? and b.ends_at > ?
             and b.id is distinct from ?::uuid) as sessions
    from unnest(?::uuid[]) as c(id)`;

const span = (j: SpanJson): BusySpan => ({ startsAt: new Date(j.s), endsAt: new Date(j.e) });

function scheduleOf(row: ScheduleRow): CoachSchedule {
  return {
    // weekly hours, rules and linked-calendar busy are joined here once their tables exist
    weeklyHours: [],
    rules: DEFAULT_SCHEDULING_RULES,
    externalBusy: [],
    exceptions: exceptionsFromPeriods(row.periods.map((p) => ({ startsAt: new Date(p.s), endsAt: new Date(p.e), isAvailable: p.a, locationOverride: p.l, dailyStart: null, dailyEnd: null }))),
    sessions: row.sessions.map(span),
  };
}

/**
 * Coaches' schedules for the slot engine, in one statement for one coach or a page of them:
 * availability periods (SPEC's exceptions) and confirmed or in-session sessions, each as a JSON
 * array per coach (availability_by_coach and bookings_by_coach answer the two sub-selects),
 * through the EntityManager so that inside a unit of work it reads in its transaction.
 */
export function createCoachSchedules(em: EntityManager): CoachScheduleSource {
  async function read(coachIds: readonly Id[], window: ScheduleWindow, excludeBookingId: Id | null): Promise<Map<Id, CoachSchedule>> {
    const schedules = new Map<Id, CoachSchedule>();
    if (coachIds.length === 0) return schedules;
    const sessionsFrom = new Date(window.from.getTime() - DAY_MS);
    const sessionsTo = new Date(window.to.getTime() + DAY_MS);
    const rows = await em.execute<ScheduleRow[]>(SQL, [window.from, window.to, sessionsTo, sessionsFrom, excludeBookingId, pgArrayLiteral(coachIds)]);
    for (const row of rows) schedules.set(row.coach_id, scheduleOf(row));
    return schedules;
  }
  return {
    async scheduleFor(coachId, window) {
      const schedules = await read([coachId], window, window.excludeBookingId ?? null);
      return schedules.get(coachId)!;
    },
    schedulesFor: (coachIds, window) => read([...new Set(coachIds)], window, null),
  };
}
