import { MINUTE_MS } from '../shared/clock';
import { addDaysToIsoDate, utcToLondon } from '../shared/london-time';
import { bookingTimeSlots, rescheduleTimeSlots } from '../validation/booking-limits';
import { lastBookableDate } from '../validation/booking-window';
import type { CoachSchedule, OfferedSlot, ScheduleException, SlotPurpose, Weekday, WeeklyRange } from './schedule';
import { boundInstant, clockMinutes, existingInstant } from './wall-clock';

/**
 * The one slot engine (decision 044): the start times offered for a coach, a range of London dates
 * and a duration. The dialogs show its answer and the server re-asks it before every request,
 * acceptance and reschedule, so both sides always hold the same rule.
 */

export interface SlotQuery {
  /** London dates 'YYYY-MM-DD', both included. */
  readonly fromDate: string;
  readonly toDate: string;
  readonly durationMinutes: number;
  readonly now: Date;
  readonly purpose: SlotPurpose;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

type Added = Extract<ScheduleException, { kind: 'added' }>;
type Hours = Extract<ScheduleException, { kind: 'hours' }>;

/** The schedule read once for a query: spans as numbers, sorted, with every buffer folded in. */
interface Prepared {
  readonly schedule: CoachSchedule;
  readonly durationMs: number;
  readonly stepMs: number;
  readonly purpose: SlotPurpose;
  /** No start before this instant: now plus the minimum notice, and never now itself. */
  readonly earliest: number;
  readonly today: string;
  readonly lastDay: string;
  /** Spans a session [start, end) may not overlap, widened so that buffers need no further thought. */
  readonly taken: readonly Span[];
  readonly sessionsPerDate: ReadonlyMap<string, number>;
  readonly weekly: ReadonlyMap<Weekday, readonly WeeklyRange[]>;
  readonly hours: readonly Hours[];
  readonly added: readonly Added[];
  /** A coach without weekly hours who published available periods: SPEC's grid only inside them. */
  readonly gridInsidePeriods: boolean;
}

function prepare(schedule: CoachSchedule, durationMinutes: number, now: Date, purpose: SlotPurpose): Prepared {
  const { rules } = schedule;
  const before = rules.bufferBeforeMinutes * MINUTE_MS;
  const after = rules.bufferAfterMinutes * MINUTE_MS;
  // A slot's buffered window [s − before, e + after) overlaps a session's [S − before, E + after)
  // exactly when [s, e) overlaps [S − before − after, E + before + after); a calendar event
  // [X, Y) has no buffers of its own, so it widens to [X − after, Y + before).
  const taken: Span[] = [
    ...schedule.sessions.map((b) => ({ start: b.startsAt.getTime() - before - after, end: b.endsAt.getTime() + before + after })),
    ...schedule.externalBusy.map((b) => ({ start: b.startsAt.getTime() - after, end: b.endsAt.getTime() + before })),
    ...schedule.exceptions.flatMap((x) => (x.kind === 'blocked' ? [{ start: x.startsAt.getTime(), end: x.endsAt.getTime() }] : [])),
  ].sort((a, b) => a.start - b.start);
  const sessionsPerDate = new Map<string, number>();
  for (const s of schedule.sessions) {
    const date = utcToLondon(s.startsAt).date;
    sessionsPerDate.set(date, (sessionsPerDate.get(date) ?? 0) + 1);
  }
  const weekly = new Map<Weekday, WeeklyRange[]>();
  for (const r of schedule.weeklyHours) weekly.set(r.weekday, [...(weekly.get(r.weekday) ?? []), r]);
  const hours = schedule.exceptions.filter((x): x is Hours => x.kind === 'hours');
  const added = schedule.exceptions.filter((x): x is Added => x.kind === 'added');
  return {
    schedule,
    durationMs: durationMinutes * MINUTE_MS,
    stepMs: rules.slotStepMinutes * MINUTE_MS,
    purpose,
    earliest: Math.max(now.getTime() + rules.minimumNoticeMinutes * MINUTE_MS, now.getTime() + 1),
    today: utcToLondon(now).date,
    lastDay: lastBookableDate(now),
    taken,
    sessionsPerDate,
    weekly,
    hours,
    added,
    gridInsidePeriods: schedule.weeklyHours.length === 0 && (added.length > 0 || hours.length > 0),
  };
}

/** ISO weekday of a London date. */
function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

function isTaken(p: Prepared, start: number, end: number): boolean {
  for (const span of p.taken) {
    if (span.start >= end) return false;
    if (span.end > start) return true;
  }
  return false;
}

/** The offered starts on one London date, by instant. */
function slotsOn(p: Prepared, date: string): OfferedSlot[] {
  if (date < p.today || date > p.lastDay) return [];
  const cap = p.schedule.rules.maxSessionsPerDay;
  if (cap !== null && (p.sessionsPerDate.get(date) ?? 0) >= cap) return [];
  const found = new Map<number, OfferedSlot>();
  const consider = (start: number, location: string | null) => {
    if (start < p.earliest || found.has(start)) return;
    const end = start + p.durationMs;
    if (isTaken(p, start, end)) return;
    const wall = utcToLondon(new Date(start));
    if (wall.date !== date) return;
    found.set(start, { startsAt: new Date(start), date, time: wall.time, location });
  };

  const hours = p.hours.filter((h) => h.fromDate <= date && date <= h.toDate);
  const noWeeklyHours = p.schedule.weeklyHours.length === 0;
  const ranges: readonly { start: string; end: string; location: string | null }[] = hours.length > 0 ? hours : noWeeklyHours ? [] : (p.weekly.get(weekdayOf(date)) ?? []);
  for (const range of ranges) {
    const startMin = clockMinutes(range.start);
    const endMin = clockMinutes(range.end);
    const endsBy = boundInstant(date, endMin).getTime();
    for (let m = startMin; m < endMin; m += p.stepMs / MINUTE_MS) {
      const instant = existingInstant(date, m);
      if (instant && instant.getTime() + p.durationMs <= endsBy) consider(instant.getTime(), range.location);
    }
  }

  if (noWeeklyHours && hours.length === 0) {
    // SPEC's grid, whatever the duration; inside a published period when the coach has any.
    const grid = p.purpose === 'booking' ? bookingTimeSlots() : rescheduleTimeSlots();
    for (const time of grid) {
      const instant = existingInstant(date, clockMinutes(time));
      if (!instant) continue;
      const start = instant.getTime();
      if (!p.gridInsidePeriods) {
        consider(start, null);
        continue;
      }
      const period = p.added.find((a) => a.startsAt.getTime() <= start && start + p.durationMs <= a.endsAt.getTime());
      if (period) consider(start, period.location);
    }
  } else if (!noWeeklyHours) {
    // Published periods add starts on the coach's step from each period's own start.
    const dayStart = boundInstant(date, 0).getTime();
    const dayEnd = boundInstant(addDaysToIsoDate(date, 1), 0).getTime();
    for (const a of p.added) {
      const from = a.startsAt.getTime();
      const until = a.endsAt.getTime();
      if (until <= dayStart || from >= dayEnd) continue;
      const first = from + Math.max(0, Math.ceil((dayStart - from) / p.stepMs)) * p.stepMs;
      for (let t = first; t < dayEnd && t + p.durationMs <= until; t += p.stepMs) consider(t, a.location);
    }
  }
  return [...found.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

const validDuration = (minutes: number) => Number.isInteger(minutes) && minutes > 0;

/** Every start offered on the London dates fromDate…toDate (inclusive), by instant. */
export function offeredSlots(schedule: CoachSchedule, query: SlotQuery): OfferedSlot[] {
  if (!validDuration(query.durationMinutes)) return [];
  const p = prepare(schedule, query.durationMinutes, query.now, query.purpose);
  const from = query.fromDate > p.today ? query.fromDate : p.today;
  const to = query.toDate < p.lastDay ? query.toDate : p.lastDay;
  const slots: OfferedSlot[] = [];
  for (let date = from; date <= to; date = addDaysToIsoDate(date, 1)) slots.push(...slotsOn(p, date));
  return slots;
}

/** Whether one start is offered: the same rule as offeredSlots, asked of the start's London date. */
export function isSlotOffered(schedule: CoachSchedule, startsAt: Date, durationMinutes: number, now: Date, purpose: SlotPurpose): boolean {
  if (!validDuration(durationMinutes) || Number.isNaN(startsAt.getTime())) return false;
  const p = prepare(schedule, durationMinutes, now, purpose);
  return slotsOn(p, utcToLondon(startsAt).date).some((s) => s.startsAt.getTime() === startsAt.getTime());
}

/**
 * Whether a start is still free, as an answer to a request or proposal needs: nothing busy in
 * the way with the buffers (sessions, calendar events, blocked exceptions), the date under the
 * daily cap, ahead of now and inside the window. The coach's hours and the notice were the
 * asker's to meet when they asked; every offered start is free (a property test holds it).
 */
export function isSlotFree(schedule: CoachSchedule, startsAt: Date, durationMinutes: number, now: Date): boolean {
  if (!validDuration(durationMinutes) || Number.isNaN(startsAt.getTime())) return false;
  const p = prepare(schedule, durationMinutes, now, 'booking');
  const start = startsAt.getTime();
  const date = utcToLondon(startsAt).date;
  const cap = schedule.rules.maxSessionsPerDay;
  if (start <= now.getTime() || date > p.lastDay) return false;
  if (cap !== null && (p.sessionsPerDate.get(date) ?? 0) >= cap) return false;
  return !isTaken(p, start, start + p.durationMs);
}

/** The first offered start from now to the end of the 90-day window, or null when there is none. */
export function nextAvailableSlot(schedule: CoachSchedule, durationMinutes: number, now: Date, purpose: SlotPurpose = 'booking'): OfferedSlot | null {
  if (!validDuration(durationMinutes)) return null;
  const p = prepare(schedule, durationMinutes, now, purpose);
  for (let date = p.today; date <= p.lastDay; date = addDaysToIsoDate(date, 1)) {
    const slots = slotsOn(p, date);
    if (slots.length > 0) return slots[0]!;
  }
  return null;
}

/** The offered starts of one London date, as the dialogs list them. */
export interface SlotDay {
  readonly date: string;
  readonly slots: readonly OfferedSlot[];
}

/** Slots (already by instant) grouped by their London date, dates in order. */
export function slotsByDate(slots: readonly OfferedSlot[]): SlotDay[] {
  const days: { date: string; slots: OfferedSlot[] }[] = [];
  for (const slot of slots) {
    const last = days[days.length - 1];
    if (last?.date === slot.date) last.slots.push(slot);
    else days.push({ date: slot.date, slots: [slot] });
  }
  return days;
}
