import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULING_RULES } from '../../../domain/availability/schedule';
import { createAvailability } from '../../../domain/availability/use-cases/create-availability';
import { saveSchedulingRules } from '../../../domain/availability/use-cases/save-scheduling-rules';
import { saveWeeklyHours } from '../../../domain/availability/use-cases/save-weekly-hours';
import { updateAvailability } from '../../../domain/availability/use-cases/update-availability';
import { addDaysToIsoDate, utcToLondon } from '../../../domain/shared/london-time';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { insertPerson } from '../../support/booking-flow';
import { countQueries } from '../../support/query-counter';

const ctx = useTestApp();
const week = [
  { weekday: '2', start: '17:00', end: '20:00', location: 'Hackney Marshes' },
  { weekday: '4', start: '17:00', end: '20:00', location: '' },
  { weekday: '6', start: '09:00', end: '12:00', location: '' },
];
const inDays = (n: number) => addDaysToIsoDate(utcToLondon(new Date()).date, n);

describe('weekly hours and scheduling rules over PostgreSQL', () => {
  it('replace the whole week and read every coach’s settings back in one query', async () => {
    const [coach, other, client] = [await insertPerson(ctx.db, { type: 'coach' }), await insertPerson(ctx.db, { type: 'coach' }), await insertPerson(ctx.db, { type: 'client' })];
    const deps = ctx.app.deps();
    unwrap(await saveWeeklyHours(deps, { actor: coach.actor, coachId: coach.id, ranges: [{ weekday: 1, start: '08:00', end: '09:00' }] }));
    unwrap(await saveWeeklyHours(deps, { actor: coach.actor, coachId: coach.id, ranges: week, slotStepMinutes: '30' }));
    unwrap(
      await saveSchedulingRules(deps, { actor: coach.actor, coachId: coach.id, rules: { bufferBeforeMinutes: '15', bufferAfterMinutes: '15', minimumNoticeMinutes: '240', maxSessionsPerDay: '3' } }),
    );

    const { result, count } = await countQueries(() => deps.uow.read.scheduleSettings.scheduleSettingsFor([coach.id, other.id, client.id, 'not-an-id']));
    expect(count).toBe(1);
    expect([...result.keys()].sort()).toEqual([coach.id, other.id].sort());
    expect(result.get(coach.id)).toEqual({
      weeklyHours: [
        { weekday: 2, start: '17:00', end: '20:00', location: 'Hackney Marshes' },
        { weekday: 4, start: '17:00', end: '20:00', location: null },
        { weekday: 6, start: '09:00', end: '12:00', location: null },
      ],
      rules: { slotStepMinutes: 30, bufferBeforeMinutes: 15, bufferAfterMinutes: 15, minimumNoticeMinutes: 240, maxSessionsPerDay: 3 },
    });
    expect(result.get(other.id)).toEqual({ weeklyHours: [], rules: DEFAULT_SCHEDULING_RULES });
    const empty = await countQueries(() => deps.uow.read.scheduleSettings.scheduleSettingsFor([]));
    expect([empty.count, empty.result.size]).toEqual([0, 0]);
  });

  it('keep the old week whole when the new one is refused by the database half-way', async () => {
    const coach = await insertPerson(ctx.db, { type: 'coach' });
    const deps = ctx.app.deps();
    unwrap(await saveWeeklyHours(deps, { actor: coach.actor, coachId: coach.id, ranges: week }));
    // Two ranges that overlap, past the domain's check: the exclusion constraint refuses the insert after the delete ran.
    const refused = await deps.uow.transaction(async (tx) => {
      await tx.scheduleSettings.lockSchedule(coach.id);
      return tx.scheduleSettings.replaceWeeklyHours(coach.id, [
        { weekday: 3, start: '09:00', end: '12:00', location: null },
        { weekday: 3, start: '11:00', end: '13:00', location: null },
      ]);
    });
    expect(refused.ok).toBe(false);
    const rows = await ctx.db.query<{ weekday: number }>(`select weekday from coach_weekly_hours where coach_id = $1 order by weekday`, [coach.id]);
    expect(rows.map((r) => r.weekday)).toEqual([2, 4, 6]);
  });

  it('let the database refuse rows and rules outside the bounds', async () => {
    const coach = await insertPerson(ctx.db, { type: 'coach' });
    const insert = (weekday: number, start: string, end: string, location: string | null = null) =>
      ctx.db.query(`insert into coach_weekly_hours (id, coach_id, weekday, start_time, end_time, location) values ($1, $2, $3, $4, $5, $6)`, [randomUUID(), coach.id, weekday, start, end, location]);
    await expect(insert(8, '09:00', '10:00')).rejects.toThrow(/weekly_hours_weekday/);
    await expect(insert(1, '10:00', '09:00')).rejects.toThrow(/weekly_hours_start_before_end/);
    await expect(insert(1, '09:10', '10:00')).rejects.toThrow(/weekly_hours_quarter_hours/);
    await expect(insert(1, '09:00', '10:00', '')).rejects.toThrow(/weekly_hours_location_length/);
    await insert(1, '09:00', '10:00');
    await expect(insert(1, '09:45', '11:00')).rejects.toThrow(/weekly_hours_no_overlap/);
    await insert(1, '10:00', '11:00');
    const rule = (set: string) => ctx.db.query(`update coach_profiles set ${set} where user_id = $1`, [coach.id]);
    await expect(rule('slot_step_minutes = 20')).rejects.toThrow(/coach_slot_step/);
    await expect(rule('buffer_before_minutes = 61')).rejects.toThrow(/coach_buffer_before/);
    await expect(rule('buffer_after_minutes = -1')).rejects.toThrow(/coach_buffer_after/);
    await expect(rule('minimum_notice_minutes = 4321')).rejects.toThrow(/coach_minimum_notice/);
    await expect(rule('max_sessions_per_day = 0')).rejects.toThrow(/coach_max_sessions_per_day/);
    const period = (daily: [string | null, string | null]) =>
      ctx.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at, daily_start, daily_end) values ($1, $2, now(), now() + interval '1 day', $3, $4)`, [
        randomUUID(),
        coach.id,
        ...daily,
      ]);
    await expect(period(['09:00', null])).rejects.toThrow(/availability_daily_times/);
    await expect(period(['12:00', '09:00'])).rejects.toThrow(/availability_daily_times/);
  });

  it('refuse an exception that overlaps another, and store daily times as London wall-clock', async () => {
    const coach = await insertPerson(ctx.db, { type: 'coach' });
    const deps = ctx.app.deps();
    const holiday = unwrap(await createAvailability(deps, { actor: coach.actor, form: { startDate: inDays(20), endDate: inDays(26), isAvailable: 'false' } }));
    const clash = await createAvailability(deps, { actor: coach.actor, form: { startDate: inDays(23), endDate: inDays(23), dailyStart: '09:00', dailyEnd: '12:00' } });
    expect(clash.ok ? 'saved' : clash.error.code).toBe('AVAILABILITY_OVERLAP');
    expect(clash.ok ? '' : clash.error.message).toMatch(/^This overlaps your time off .+\. Change or delete that one first\.$/);
    const hours = unwrap(await createAvailability(deps, { actor: coach.actor, form: { startDate: inDays(27), endDate: inDays(27), dailyStart: '09:00', dailyEnd: '12:00' } }));
    const moved = await updateAvailability(deps, { actor: coach.actor, periodId: hours.id, form: { startDate: inDays(26), endDate: inDays(27), dailyStart: '09:00', dailyEnd: '12:00' } });
    expect(moved.ok ? 'saved' : moved.error.code).toBe('AVAILABILITY_OVERLAP');
    const rows = await ctx.db.query<{ id: string; daily_start: string | null; daily_end: string | null }>(
      `select id, daily_start::text, daily_end::text from availability_periods where coach_id = $1 order by starts_at`,
      [coach.id],
    );
    expect(rows).toEqual([
      { id: holiday.id, daily_start: null, daily_end: null },
      { id: hours.id, daily_start: '09:00:00', daily_end: '12:00:00' },
    ]);
    expect((await deps.uow.read.availability.findById(hours.id))?.dailyStart).toBe('09:00');
  });
});
