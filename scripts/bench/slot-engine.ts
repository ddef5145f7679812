/**
 * The slot engine's cost for one coach over the 90-day window (decision 044): weekly hours, about
 * 30 sessions with buffers and 20 calendar events. Prints the median of 200 runs.
 *
 *   node --import tsx scripts/bench/slot-engine.ts
 */
import { performance } from 'node:perf_hooks';
import { MINUTE_MS } from '../../domain/shared/clock';
import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../../domain/shared/london-time';
import type { BusySpan, CoachSchedule } from '../../domain/availability/schedule';
import { offeredSlots } from '../../domain/availability/slot-engine';
import { lastBookableDate } from '../../domain/validation/booking-window';

const now = new Date('2026-12-01T08:00:00Z');
const today = utcToLondon(now).date;
const span = (date: string, time: string, minutes: number): BusySpan => {
  const startsAt = londonToUtc(date, time)!;
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * MINUTE_MS) };
};

const schedule: CoachSchedule = {
  weeklyHours: [
    { weekday: 2, start: '17:00', end: '20:00', location: 'Hackney Marshes' },
    { weekday: 4, start: '17:00', end: '20:00', location: null },
    { weekday: 6, start: '09:00', end: '12:00', location: null },
  ],
  rules: { slotStepMinutes: 30, bufferBeforeMinutes: 15, bufferAfterMinutes: 15, minimumNoticeMinutes: 120, maxSessionsPerDay: 3 },
  exceptions: [{ kind: 'blocked', startsAt: londonToUtc('2026-12-21', '00:00')!, endsAt: londonToUtc('2026-12-28', '00:00')! }],
  sessions: Array.from({ length: 30 }, (_, i) => span(addDaysToIsoDate(today, 1 + i * 3), i % 2 === 0 ? '17:30' : '10:00', 60)),
  externalBusy: Array.from({ length: 20 }, (_, i) => span(addDaysToIsoDate(today, 2 + i * 4), '18:00', 90)),
};

const query = { fromDate: today, toDate: lastBookableDate(now), durationMinutes: 60, now, purpose: 'booking' as const };
for (let i = 0; i < 20; i++) offeredSlots(schedule, query);
const runs: number[] = [];
let slots = 0;
for (let i = 0; i < 200; i++) {
  const start = performance.now();
  slots = offeredSlots(schedule, query).length;
  runs.push(performance.now() - start);
}
runs.sort((a, b) => a - b);
const median = (runs[99]! + runs[100]!) / 2;
console.log(`slot engine, 90 days of one coach (${slots} slots): median ${median.toFixed(3)} ms over 200 runs, p95 ${runs[189]!.toFixed(3)} ms`);
