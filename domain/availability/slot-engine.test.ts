import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../shared/clock';
import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../shared/london-time';
import { bookingTimeSlots, rescheduleTimeSlots } from '../validation/booking-limits';
import { lastBookableDate } from '../validation/booking-window';
import {
  DEFAULT_SCHEDULING_RULES,
  type BusySpan,
  type CoachSchedule,
  type OfferedSlot,
  type ScheduleException,
  type SchedulingRules,
  type SlotPurpose,
  type Weekday,
  type WeeklyRange,
} from './schedule';
import { isSlotFree, isSlotOffered, nextAvailableSlot, offeredSlots, slotsByDate } from './slot-engine';
import { boundInstant, clockMinutes, clockText } from './wall-clock';

const at = (date: string, time: string) => londonToUtc(date, time)!;
const range = (weekday: Weekday, start: string, end: string, location: string | null = null): WeeklyRange => ({ weekday, start, end, location });
const schedule = (over: Partial<CoachSchedule> = {}): CoachSchedule => ({ weeklyHours: [], rules: DEFAULT_SCHEDULING_RULES, exceptions: [], sessions: [], externalBusy: [], ...over });
const times = (slots: readonly OfferedSlot[], date: string) => slots.filter((s) => s.date === date).map((s) => s.time);

// Tuesday 1 December 2026, 08:00 in London.
const NOW = at('2026-12-01', '08:00');
const goalkeeping = schedule({
  weeklyHours: [range(2, '17:00', '20:00', 'Hackney Marshes'), range(4, '17:00', '20:00'), range(6, '09:00', '12:00')],
  rules: { ...DEFAULT_SCHEDULING_RULES, slotStepMinutes: 30 },
});

describe('the slot engine on an example coach', () => {
  it('offers Tuesday 17:00 to 19:00 and Saturday 09:00 to 11:00 every half hour for an hour-long session', () => {
    const slots = offeredSlots(goalkeeping, { fromDate: '2026-12-08', toDate: '2026-12-13', durationMinutes: 60, now: NOW, purpose: 'booking' });
    expect(times(slots, '2026-12-08')).toEqual(['17:00', '17:30', '18:00', '18:30', '19:00']);
    expect(times(slots, '2026-12-10')).toEqual(['17:00', '17:30', '18:00', '18:30', '19:00']);
    expect(times(slots, '2026-12-12')).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    expect(new Set(slots.map((s) => s.date))).toEqual(new Set(['2026-12-08', '2026-12-10', '2026-12-12']));
  });

  it("gives each slot its range's location", () => {
    const slots = offeredSlots(goalkeeping, { fromDate: '2026-12-08', toDate: '2026-12-10', durationMinutes: 60, now: NOW, purpose: 'booking' });
    expect(slots.find((s) => s.date === '2026-12-08')?.location).toBe('Hackney Marshes');
    expect(slots.find((s) => s.date === '2026-12-10')?.location).toBeNull();
  });

  it('removes every date of a holiday blocked from 21 to 27 December', () => {
    const holiday: ScheduleException = { kind: 'blocked', startsAt: at('2026-12-21', '00:00'), endsAt: at('2026-12-28', '00:00') };
    const slots = offeredSlots({ ...goalkeeping, exceptions: [holiday] }, { fromDate: '2026-12-14', toDate: '2027-01-03', durationMinutes: 60, now: NOW, purpose: 'booking' });
    expect(slots.some((s) => s.date >= '2026-12-21' && s.date <= '2026-12-27')).toBe(false);
    expect(times(slots, '2026-12-19')).toHaveLength(5);
    expect(times(slots, '2026-12-29')).toHaveLength(5);
  });

  it("keeps a confirmed session's buffers free on both sides", () => {
    const buffered = {
      ...goalkeeping,
      rules: { ...goalkeeping.rules, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 },
      sessions: [{ startsAt: at('2026-12-08', '18:00'), endsAt: at('2026-12-08', '19:00') }],
    };
    const slots = offeredSlots(buffered, { fromDate: '2026-12-08', toDate: '2026-12-08', durationMinutes: 30, now: NOW, purpose: 'booking' });
    // Two sessions stand 15 + 15 minutes apart: 17:00–17:30 and 19:30–20:00 are the only ones left.
    expect(times(slots, '2026-12-08')).toEqual(['17:00', '19:30']);
  });

  it('offers nothing sooner than the minimum notice', () => {
    const soon = at('2026-12-08', '16:30');
    const slots = offeredSlots(goalkeeping, { fromDate: '2026-12-08', toDate: '2026-12-08', durationMinutes: 60, now: soon, purpose: 'booking' });
    expect(times(slots, '2026-12-08')).toEqual(['18:30', '19:00']);
  });

  it('offers nothing on a date that already holds the daily maximum of sessions', () => {
    const capped = { ...goalkeeping, rules: { ...goalkeeping.rules, maxSessionsPerDay: 1 }, sessions: [{ startsAt: at('2026-12-08', '17:00'), endsAt: at('2026-12-08', '18:00') }] };
    const slots = offeredSlots(capped, { fromDate: '2026-12-08', toDate: '2026-12-10', durationMinutes: 60, now: NOW, purpose: 'booking' });
    expect(times(slots, '2026-12-08')).toEqual([]);
    expect(times(slots, '2026-12-10')).toHaveLength(5);
  });

  it('gives the hours of an hours exception in place of the weekday, and adds them on a day without hours', () => {
    const withExceptions = {
      ...goalkeeping,
      exceptions: [{ kind: 'hours', fromDate: '2026-12-08', toDate: '2026-12-09', start: '10:00', end: '11:30', location: 'Indoor hall' }] satisfies ScheduleException[],
    };
    const slots = offeredSlots(withExceptions, { fromDate: '2026-12-08', toDate: '2026-12-10', durationMinutes: 60, now: NOW, purpose: 'booking' });
    expect(times(slots, '2026-12-08')).toEqual(['10:00', '10:30']);
    expect(times(slots, '2026-12-09')).toEqual(['10:00', '10:30']);
    expect(times(slots, '2026-12-10')).toHaveLength(5);
    expect(slots[0]?.location).toBe('Indoor hall');
  });

  it('finds the next available start, and none when every date is blocked', () => {
    expect(nextAvailableSlot(goalkeeping, 60, NOW)).toMatchObject({ date: '2026-12-01', time: '17:00' });
    const allOff: ScheduleException = { kind: 'blocked', startsAt: NOW, endsAt: at('2027-06-01', '00:00') };
    expect(nextAvailableSlot({ ...goalkeeping, exceptions: [allOff] }, 60, NOW)).toBeNull();
  });

  it('groups slots by their London date, in order', () => {
    const slots = offeredSlots(goalkeeping, { fromDate: '2026-12-08', toDate: '2026-12-12', durationMinutes: 60, now: NOW, purpose: 'booking' });
    const days = slotsByDate(slots);
    expect(days.map((d) => d.date)).toEqual(['2026-12-08', '2026-12-10', '2026-12-12']);
    expect(days.flatMap((d) => d.slots)).toEqual(slots);
  });
});

describe("a coach without weekly hours keeps SPEC's grids", () => {
  it('offers hourly starts 09:00 to 20:00 for a booking on every date', () => {
    const slots = offeredSlots(schedule(), { fromDate: '2026-12-05', toDate: '2026-12-06', durationMinutes: 120, now: NOW, purpose: 'booking' });
    expect(times(slots, '2026-12-05')).toEqual(bookingTimeSlots());
    expect(times(slots, '2026-12-06')).toEqual(bookingTimeSlots());
  });

  it('offers half-hourly starts 06:00 to 22:00 for a reschedule', () => {
    const slots = offeredSlots(schedule(), { fromDate: '2026-12-05', toDate: '2026-12-05', durationMinutes: 60, now: NOW, purpose: 'reschedule' });
    expect(times(slots, '2026-12-05')).toEqual(rescheduleTimeSlots());
    expect(rescheduleTimeSlots()).toHaveLength(33);
  });

  it('offers only starts whose session lies inside a published available period, when there are any', () => {
    const period: ScheduleException = { kind: 'added', startsAt: at('2026-12-05', '10:00'), endsAt: at('2026-12-05', '13:00'), location: 'Park' };
    const slots = offeredSlots(schedule({ exceptions: [period] }), { fromDate: '2026-12-05', toDate: '2026-12-06', durationMinutes: 60, now: NOW, purpose: 'booking' });
    expect(slots.map((s) => `${s.date} ${s.time} ${s.location}`)).toEqual(['2026-12-05 10:00 Park', '2026-12-05 11:00 Park', '2026-12-05 12:00 Park']);
  });

  it('stops at the last date of the 90-day window', () => {
    const last = lastBookableDate(NOW);
    const slots = offeredSlots(schedule(), { fromDate: addDaysToIsoDate(last, -1), toDate: addDaysToIsoDate(last, 5), durationMinutes: 60, now: NOW, purpose: 'booking' });
    expect([...new Set(slots.map((s) => s.date))]).toEqual([addDaysToIsoDate(last, -1), last]);
  });
});

describe('the slot engine across the London clock changes', () => {
  const nightOwl = schedule({
    weeklyHours: ([1, 2, 3, 4, 5, 6, 7] as const).map((d) => range(d, '00:30', '03:00')),
    rules: { ...DEFAULT_SCHEDULING_RULES, slotStepMinutes: 30, minimumNoticeMinutes: 0 },
  });
  const cases = [
    { date: '2026-03-29', expected: ['00:30', '02:00'] },
    { date: '2027-03-28', expected: ['00:30', '02:00'] },
    { date: '2026-10-25', expected: ['00:30', '01:00', '01:30', '02:00'] },
    { date: '2027-10-31', expected: ['00:30', '01:00', '01:30', '02:00'] },
  ];
  for (const { date, expected } of cases) {
    it(`offers only real wall times on ${date}, each with an hour-long session ending by 03:00`, () => {
      const now = new Date(at(date, '00:00').getTime() - 10 * 24 * 60 * MINUTE_MS);
      const slots = offeredSlots(nightOwl, { fromDate: date, toDate: date, durationMinutes: 60, now, purpose: 'booking' });
      expect(slots.map((s) => s.time)).toEqual(expected);
      const endsBy = at(date, '03:00').getTime();
      for (const s of slots) {
        expect(utcToLondon(s.startsAt)).toEqual({ date: s.date, time: s.time });
        expect(s.startsAt.getTime() + 60 * MINUTE_MS).toBeLessThanOrEqual(endsBy);
      }
      expect(new Set(slots.map((s) => s.startsAt.getTime())).size).toBe(slots.length);
    });
  }
});

// ---- Property tests ----------------------------------------------------------------------------

const CHANGE_DAYS = ['2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31'];
const quarter = (n: number) => clockText(n * 15);

const rulesArb: fc.Arbitrary<SchedulingRules> = fc.record({
  slotStepMinutes: fc.constantFrom(15 as const, 30 as const, 60 as const),
  bufferBeforeMinutes: fc.integer({ min: 0, max: 60 }),
  bufferAfterMinutes: fc.integer({ min: 0, max: 60 }),
  minimumNoticeMinutes: fc.integer({ min: 0, max: 72 * 60 }),
  maxSessionsPerDay: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
});

const rangeArb: fc.Arbitrary<WeeklyRange> = fc
  .record({
    weekday: fc.integer({ min: 1, max: 7 }),
    start: fc.integer({ min: 0, max: 90 }),
    length: fc.integer({ min: 2, max: 24 }),
    location: fc.option(fc.constantFrom('Park', 'Hall'), { nil: null }),
  })
  .map(({ weekday, start, length, location }) => ({ weekday: weekday as Weekday, start: quarter(start), end: quarter(Math.min(96, start + length)), location }));

/** A scenario: a now (often days before a clock change), and a coach's schedule around it. */
const scenarioArb = fc
  .record({
    base: fc.oneof(fc.constantFrom(...CHANGE_DAYS), fc.constantFrom('2026-12-01', '2027-01-15', '2027-06-30')),
    daysBefore: fc.integer({ min: 0, max: 10 }),
    nowMinute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  })
  .chain(({ base, daysBefore, nowMinute }) => {
    const today = addDaysToIsoDate(base, -daysBefore);
    const now = new Date(at(today, '00:00').getTime() + nowMinute * MINUTE_MS);
    const origin = now.getTime();
    const spanArb: fc.Arbitrary<BusySpan> = fc
      .record({ startMin: fc.integer({ min: -24 * 60, max: 16 * 24 * 60 }), length: fc.integer({ min: 15, max: 8 * 60 }) })
      .map(({ startMin, length }) => ({ startsAt: new Date(origin + startMin * MINUTE_MS), endsAt: new Date(origin + (startMin + length) * MINUTE_MS) }));
    const exceptionArb: fc.Arbitrary<ScheduleException> = fc.oneof(
      spanArb.map((s) => ({ kind: 'blocked' as const, ...s })),
      spanArb.map((s) => ({ kind: 'added' as const, ...s, location: 'Pitch' })),
      fc
        .record({ day: fc.integer({ min: 0, max: 14 }), days: fc.integer({ min: 0, max: 3 }), r: rangeArb })
        .map(({ day, days, r }) => ({ kind: 'hours' as const, fromDate: addDaysToIsoDate(today, day), toDate: addDaysToIsoDate(today, day + days), start: r.start, end: r.end, location: r.location })),
    );
    return fc.record({
      now: fc.constant(now),
      today: fc.constant(today),
      schedule: fc.record({
        weeklyHours: fc.oneof(fc.constant([]), fc.array(rangeArb, { maxLength: 6 })),
        rules: rulesArb,
        exceptions: fc.array(exceptionArb, { maxLength: 4 }),
        sessions: fc.array(spanArb, { maxLength: 6 }),
        externalBusy: fc.array(spanArb, { maxLength: 4 }),
      }),
      durationMinutes: fc.constantFrom(30, 60, 90, 120),
      purpose: fc.constantFrom<SlotPurpose>('booking', 'reschedule'),
    });
  });

const overlaps = (s: number, e: number, span: BusySpan) => s < span.endsAt.getTime() && span.startsAt.getTime() < e;

function slotsOf(sc: { schedule: CoachSchedule; now: Date; today: string; durationMinutes: number; purpose: SlotPurpose }) {
  return offeredSlots(sc.schedule, { fromDate: sc.today, toDate: addDaysToIsoDate(sc.today, 14), durationMinutes: sc.durationMinutes, now: sc.now, purpose: sc.purpose });
}

/** An independent reading of 'inside the candidate hours' for one slot. */
function inCandidateHours(schedule: CoachSchedule, slot: OfferedSlot, durationMinutes: number, purpose: SlotPurpose): boolean {
  const start = slot.startsAt.getTime();
  const end = start + durationMinutes * MINUTE_MS;
  const step = schedule.rules.slotStepMinutes;
  const hours = schedule.exceptions.filter((x): x is Extract<ScheduleException, { kind: 'hours' }> => x.kind === 'hours' && x.fromDate <= slot.date && slot.date <= x.toDate);
  const weekday = ((new Date(`${slot.date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const ranges = hours.length > 0 ? hours : schedule.weeklyHours.filter((r) => r.weekday === weekday);
  const inRange = ranges.some((r) => {
    const m = clockMinutes(slot.time);
    return m >= clockMinutes(r.start) && m < clockMinutes(r.end) && (m - clockMinutes(r.start)) % step === 0 && end <= boundInstant(slot.date, clockMinutes(r.end)).getTime();
  });
  if (inRange) return true;
  const added = schedule.exceptions.filter((x): x is Extract<ScheduleException, { kind: 'added' }> => x.kind === 'added');
  if (schedule.weeklyHours.length > 0) return added.some((a) => a.startsAt.getTime() <= start && end <= a.endsAt.getTime() && (start - a.startsAt.getTime()) % (step * MINUTE_MS) === 0);
  if (hours.length > 0) return false;
  const grid = purpose === 'booking' ? bookingTimeSlots() : rescheduleTimeSlots();
  if (!grid.includes(slot.time)) return false;
  const published = schedule.exceptions.some((x) => x.kind !== 'blocked');
  return !published || added.some((a) => a.startsAt.getTime() <= start && end <= a.endsAt.getTime());
}

describe('the slot engine, for any schedule', () => {
  it('never offers a slot whose buffered window overlaps a session, a calendar event or a blocked exception', () => {
    fc.assert(
      fc.property(scenarioArb, (sc) => {
        const { bufferBeforeMinutes: before, bufferAfterMinutes: after } = sc.schedule.rules;
        for (const slot of slotsOf(sc)) {
          const s = slot.startsAt.getTime();
          const e = s + sc.durationMinutes * MINUTE_MS;
          const bs = s - before * MINUTE_MS;
          const be = e + after * MINUTE_MS;
          for (const b of sc.schedule.sessions)
            expect(overlaps(bs, be, { startsAt: new Date(b.startsAt.getTime() - before * MINUTE_MS), endsAt: new Date(b.endsAt.getTime() + after * MINUTE_MS) })).toBe(false);
          for (const b of sc.schedule.externalBusy) expect(overlaps(bs, be, b)).toBe(false);
          for (const x of sc.schedule.exceptions) if (x.kind === 'blocked') expect(overlaps(s, e, x)).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('offers only starts in the candidate hours, after the notice, inside the window and on dates under the cap', () => {
    fc.assert(
      fc.property(scenarioArb, (sc) => {
        const last = lastBookableDate(sc.now);
        const cap = sc.schedule.rules.maxSessionsPerDay;
        for (const slot of slotsOf(sc)) {
          expect(utcToLondon(slot.startsAt)).toEqual({ date: slot.date, time: slot.time });
          expect(inCandidateHours(sc.schedule, slot, sc.durationMinutes, sc.purpose)).toBe(true);
          expect(slot.startsAt.getTime()).toBeGreaterThan(sc.now.getTime());
          expect(slot.startsAt.getTime()).toBeGreaterThanOrEqual(sc.now.getTime() + sc.schedule.rules.minimumNoticeMinutes * MINUTE_MS);
          expect(slot.date <= last).toBe(true);
          if (cap !== null) expect(sc.schedule.sessions.filter((b) => utcToLondon(b.startsAt).date === slot.date).length).toBeLessThan(cap);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('lists slots by instant, without duplicates', () => {
    fc.assert(
      fc.property(scenarioArb, (sc) => {
        const instants = slotsOf(sc).map((s) => s.startsAt.getTime());
        expect(instants).toEqual([...new Set(instants)].sort((a, b) => a - b));
      }),
      { numRuns: 100 },
    );
  });

  it('agrees with isSlotOffered, for offered starts and for any other start', () => {
    fc.assert(
      fc.property(scenarioArb, fc.array(fc.integer({ min: 0, max: 14 * 24 * 4 }), { maxLength: 20 }), (sc, quarters) => {
        const slots = slotsOf(sc);
        const offered = new Set(slots.map((s) => s.startsAt.getTime()));
        for (const s of slots) expect(isSlotOffered(sc.schedule, s.startsAt, sc.durationMinutes, sc.now, sc.purpose)).toBe(true);
        const origin = at(sc.today, '00:00').getTime();
        for (const q of quarters) {
          const start = new Date(origin + q * 15 * MINUTE_MS);
          if (utcToLondon(start).date > addDaysToIsoDate(sc.today, 14)) continue;
          expect(isSlotOffered(sc.schedule, start, sc.durationMinutes, sc.now, sc.purpose)).toBe(offered.has(start.getTime()));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('holds every offered start free, and no start free that overlaps a session with its buffers', () => {
    fc.assert(
      fc.property(scenarioArb, (sc) => {
        for (const s of slotsOf(sc)) expect(isSlotFree(sc.schedule, s.startsAt, sc.durationMinutes, sc.now)).toBe(true);
        const { bufferBeforeMinutes: before, bufferAfterMinutes: after } = sc.schedule.rules;
        for (const b of sc.schedule.sessions) {
          const inside = new Date(b.startsAt.getTime() - (before + after) * MINUTE_MS);
          // A 30-minute session starting there ends inside the session's widened window.
          expect(isSlotFree(sc.schedule, inside, 30, sc.now)).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('finds as the next available start the first slot offered', () => {
    fc.assert(
      fc.property(scenarioArb, (sc) => {
        const first = offeredSlots(sc.schedule, { fromDate: sc.today, toDate: lastBookableDate(sc.now), durationMinutes: sc.durationMinutes, now: sc.now, purpose: sc.purpose })[0] ?? null;
        expect(nextAvailableSlot(sc.schedule, sc.durationMinutes, sc.now, sc.purpose)).toEqual(first);
      }),
      { numRuns: 40 },
    );
  });
});
