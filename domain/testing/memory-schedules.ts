import type { AvailabilityPeriod } from '../availability/availability-period';
import type { CoachScheduleSource, ScheduleWindow } from '../availability/coach-schedule-source';
import { exceptionsFromPeriods } from '../availability/period-exceptions';
import { DEFAULT_SCHEDULING_RULES, type CoachSchedule } from '../availability/schedule';
import { endsAt, type Booking } from '../booking/lifecycle/booking';
import { DAY_MS } from '../shared/clock';
import type { Id } from '../shared/ids';
import type { ScheduleSettings } from '../availability/schedule-settings.repository';

/**
 * The coach schedules of the unit tests, read from the memory data's availability periods,
 * weekly hours, rules and bookings as the SQL adapter reads them from their tables (a day either side for sessions).
 */
export function memoryCoachSchedules(
  periods: () => Iterable<AvailabilityPeriod>,
  bookings: () => Iterable<Booking>,
  settings: (coachId: Id) => ScheduleSettings | undefined = () => undefined,
): CoachScheduleSource {
  const scheduleOf = (coachId: Id, window: ScheduleWindow, excludeBookingId: Id | null): CoachSchedule => {
    const from = window.from.getTime();
    const to = window.to.getTime();
    const own = [...periods()].filter((p) => p.coachId === coachId && p.endsAt.getTime() > from && p.startsAt.getTime() < to);
    const sessions = [...bookings()].filter(
      (b) => b.coachId === coachId && b.id !== excludeBookingId && (b.status === 'confirmed' || b.status === 'in_session') && b.startsAt.getTime() < to + DAY_MS && endsAt(b).getTime() > from - DAY_MS,
    );
    return {
      weeklyHours: settings(coachId)?.weeklyHours ?? [],
      rules: settings(coachId)?.rules ?? DEFAULT_SCHEDULING_RULES,
      externalBusy: [],
      exceptions: exceptionsFromPeriods(own),
      sessions: sessions.map((b) => ({ startsAt: b.startsAt, endsAt: endsAt(b) })),
    };
  };
  return {
    scheduleFor: async (coachId, window) => scheduleOf(coachId, window, window.excludeBookingId ?? null),
    schedulesFor: async (coachIds, window) => new Map(coachIds.map((id) => [id, scheduleOf(id, window, null)])),
  };
}
