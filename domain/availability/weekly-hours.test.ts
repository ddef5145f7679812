import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../shared/result';
import { clockOf, minutesOf } from './clock-times';
import { validateWeeklyHours, weeklyRangesFromForm } from './weekly-hours';

const range = (weekday: number | string, start: string, end: string, location: string | null = null) => ({ weekday, start, end, location });
const failure = (r: ReturnType<typeof validateWeeklyHours>) => (r.ok ? null : { message: r.error.message, fieldErrors: r.error.fieldErrors });

describe('weekly hours', () => {
  it('accept ranges on several weekdays, sorted by day and start, with an optional location', () => {
    const week = unwrap(validateWeeklyHours([range(6, '09:00', '12:00'), range('2', '17:00', '20:00', '  Hackney Marshes '), range(2, '07:15', '08:45'), range(4, '17:00', '20:00')]));
    expect(week).toEqual([
      { weekday: 2, start: '07:15', end: '08:45', location: null },
      { weekday: 2, start: '17:00', end: '20:00', location: 'Hackney Marshes' },
      { weekday: 4, start: '17:00', end: '20:00', location: null },
      { weekday: 6, start: '09:00', end: '12:00', location: null },
    ]);
    expect(unwrap(validateWeeklyHours([]))).toEqual([]);
  });

  it('let ranges of one day touch but never overlap, and say which ones clash', () => {
    expect(validateWeeklyHours([range(1, '09:00', '12:00'), range(1, '12:00', '15:00')]).ok).toBe(true);
    expect(validateWeeklyHours([range(1, '09:00', '12:00'), range(2, '10:00', '11:00')]).ok).toBe(true);
    expect(failure(validateWeeklyHours([range(1, '09:00', '12:00'), range(1, '11:30', '13:00')]))).toEqual({
      message: 'Monday: 11:30–13:00 overlaps 09:00–12:00. Change or remove one of them.',
      fieldErrors: { 'ranges.1.start': ['Monday: 11:30–13:00 overlaps 09:00–12:00. Change or remove one of them.'] },
    });
  });

  it('refuse a range whose Until is not after its From, times off the quarter hour, unknown days and long locations', () => {
    expect(failure(validateWeeklyHours([range(3, '18:00', '18:00')]))?.fieldErrors).toEqual({ 'ranges.0.end': ['Wednesday: Until must be after From'] });
    expect(failure(validateWeeklyHours([range(3, '18:10', '19:00')]))?.message).toBe('Wednesday: please choose a From time on the quarter hour');
    expect(failure(validateWeeklyHours([range(3, '18:00', '24:00')]))?.message).toBe('Wednesday: please choose an Until time on the quarter hour');
    expect(failure(validateWeeklyHours([range(8, '09:00', '10:00')]))?.message).toBe('Please choose a day of the week');
    expect(failure(validateWeeklyHours([range(0, '09:00', '10:00')]))?.message).toBe('Please choose a day of the week');
    expect(failure(validateWeeklyHours([range(7, '09:00', '10:00', 'x'.repeat(201))]))?.message).toBe('Sunday: location must be 200 characters or fewer');
    expect(failure(validateWeeklyHours([range(5, '09:00', '10:00'), { weekday: 5, start: 9, end: null }]))?.fieldErrors).toEqual({
      'ranges.1.start': ['Friday: please choose a From time on the quarter hour'],
    });
  });

  it('allow at most six ranges a day', () => {
    const day = Array.from({ length: 7 }, (_, i) => range(1, clockOf(i * 60), clockOf(i * 60 + 30)));
    expect(failure(validateWeeklyHours(day))?.message).toBe('Monday: at most 6 ranges a day');
    expect(validateWeeklyHours(day.slice(0, 6)).ok).toBe(true);
  });

  it('accept exactly the weeks whose ranges of each day are apart', () => {
    const quarter = fc.integer({ min: 0, max: 95 });
    const arbitraryRange = fc.tuple(fc.integer({ min: 1, max: 7 }), quarter, quarter).filter(([, a, b]) => a < b);
    fc.assert(
      fc.property(fc.array(arbitraryRange, { maxLength: 10 }), (list) => {
        const result = validateWeeklyHours(list.map(([d, a, b]) => range(d, clockOf(a * 15), clockOf(b * 15))));
        const clash = list.some(([d, a, b], i) => list.some(([e, c, f], j) => i !== j && d === e && a < f && c < b));
        const crowded = [1, 2, 3, 4, 5, 6, 7].some((d) => list.filter(([e]) => e === d).length > 6);
        expect(result.ok).toBe(!clash && !crowded);
        if (result.ok) {
          for (let i = 1; i < result.value.length; i++) {
            const [prev, next] = [result.value[i - 1]!, result.value[i]!];
            expect(prev.weekday < next.weekday || minutesOf(prev.end) <= minutesOf(next.start)).toBe(true);
          }
        }
      }),
    );
  });

  it('read the week view form as parallel lists, and refuse lists of different lengths', () => {
    expect(unwrap(weeklyRangesFromForm({ weekday: ['2', '4'], start: ['17:00', '17:00'], end: ['20:00', '20:00'], location: ['', 'Park'] }))).toEqual([
      { weekday: '2', start: '17:00', end: '20:00', location: '' },
      { weekday: '4', start: '17:00', end: '20:00', location: 'Park' },
    ]);
    expect(unwrap(weeklyRangesFromForm({ weekday: '6', start: '09:00', end: '12:00' }))).toEqual([{ weekday: '6', start: '09:00', end: '12:00', location: null }]);
    expect(unwrap(weeklyRangesFromForm({}))).toEqual([]);
    expect(weeklyRangesFromForm({ weekday: ['2', '4'], start: ['17:00'], end: ['20:00', '20:00'] }).ok).toBe(false);
  });
});
