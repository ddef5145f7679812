import { describe, expect, it } from 'vitest';
import { unwrap } from '../../shared/result';
import { adminActor, clientActor, coach2Actor, coachActor, IDS } from '../../testing/fixtures';
import { memoryUnitOfWork } from '../../testing';
import { DEFAULT_SCHEDULING_RULES } from '../schedule';
import { saveSchedulingRules } from './save-scheduling-rules';
import { saveWeeklyHours } from './save-weekly-hours';
import { viewScheduleSettings } from './view-schedule-settings';

function setup() {
  const uow = memoryUnitOfWork();
  uow.data.scheduleSettings.set(IDS.coach, { weeklyHours: [], rules: DEFAULT_SCHEDULING_RULES });
  return { uow, deps: { uow } };
}
const tueThuSat = [
  { weekday: '2', start: '17:00', end: '20:00', location: '' },
  { weekday: '4', start: '17:00', end: '20:00', location: 'Hackney Marshes' },
  { weekday: '6', start: '09:00', end: '12:00', location: '' },
];
const rulesForm = { bufferBeforeMinutes: '15', bufferAfterMinutes: '10', minimumNoticeMinutes: '1440', maxSessionsPerDay: '3' };

describe('saving weekly hours', () => {
  it('replaces the whole week with the ranges given, and the start-time step with it', async () => {
    const { uow, deps } = setup();
    unwrap(await saveWeeklyHours(deps, { actor: coachActor, coachId: IDS.coach, ranges: [{ weekday: 1, start: '09:00', end: '17:00' }] }));
    const saved = unwrap(await saveWeeklyHours(deps, { actor: coachActor, coachId: IDS.coach, ranges: tueThuSat, slotStepMinutes: '30' }));
    expect(saved.slotStepMinutes).toBe(30);
    const settings = uow.data.scheduleSettings.get(IDS.coach)!;
    expect(settings.weeklyHours.map((r) => `${r.weekday} ${r.start}-${r.end} ${r.location ?? ''}`)).toEqual(['2 17:00-20:00 ', '4 17:00-20:00 Hackney Marshes', '6 09:00-12:00 ']);
    expect(settings.rules).toEqual({ ...DEFAULT_SCHEDULING_RULES, slotStepMinutes: 30 });
    unwrap(await saveWeeklyHours(deps, { actor: coachActor, coachId: IDS.coach, ranges: [] }));
    expect(uow.data.scheduleSettings.get(IDS.coach)).toEqual({ weeklyHours: [], rules: { ...DEFAULT_SCHEDULING_RULES, slotStepMinutes: 30 } });
  });

  it('changes nothing when one range is wrong or the step is not 15, 30 or 60', async () => {
    const { uow, deps } = setup();
    unwrap(await saveWeeklyHours(deps, { actor: coachActor, coachId: IDS.coach, ranges: tueThuSat }));
    const before = uow.data.scheduleSettings.get(IDS.coach);
    const bad = await saveWeeklyHours(deps, { actor: coachActor, coachId: IDS.coach, ranges: [...tueThuSat, { weekday: '4', start: '19:00', end: '21:00' }], slotStepMinutes: '30' });
    expect(bad).toMatchObject({ ok: false, error: { message: 'Thursday: 19:00–21:00 overlaps 17:00–20:00. Change or remove one of them.', fieldErrors: { 'ranges.3.start': [expect.any(String)] } } });
    expect(await saveWeeklyHours(deps, { actor: coachActor, coachId: IDS.coach, ranges: [], slotStepMinutes: '45' })).toMatchObject({
      ok: false,
      error: { message: 'Start times must be every 15, 30 or 60 minutes', fieldErrors: { slotStepMinutes: ['Start times must be every 15, 30 or 60 minutes'] } },
    });
    expect(uow.data.scheduleSettings.get(IDS.coach)).toBe(before);
  });

  it('lets only the coach change their own week; admins and others are refused', async () => {
    const { uow, deps } = setup();
    for (const actor of [coach2Actor, clientActor, adminActor]) {
      expect(await saveWeeklyHours(deps, { actor, coachId: IDS.coach, ranges: tueThuSat })).toMatchObject({ ok: false, error: { kind: 'forbidden', code: 'NOT_AVAILABILITY_OWNER' } });
      expect(await saveSchedulingRules(deps, { actor, coachId: IDS.coach, rules: rulesForm })).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(uow.data.scheduleSettings.get(IDS.coach)?.weeklyHours).toEqual([]);
  });

  it('answers Coach not found for a coach account without a profile', async () => {
    const { deps } = setup();
    expect(await saveWeeklyHours(deps, { actor: coach2Actor, coachId: IDS.coach2, ranges: tueThuSat })).toMatchObject({ ok: false, error: { kind: 'not_found', code: 'COACH_NOT_FOUND' } });
  });
});

describe('saving scheduling rules', () => {
  it('stores buffers, notice and the daily cap, and keeps the start-time step', async () => {
    const { uow, deps } = setup();
    unwrap(await saveWeeklyHours(deps, { actor: coachActor, coachId: IDS.coach, ranges: tueThuSat, slotStepMinutes: '15' }));
    expect(unwrap(await saveSchedulingRules(deps, { actor: coachActor, coachId: IDS.coach, rules: rulesForm }))).toEqual({
      slotStepMinutes: 15,
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 10,
      minimumNoticeMinutes: 1440,
      maxSessionsPerDay: 3,
    });
    expect(uow.data.scheduleSettings.get(IDS.coach)?.weeklyHours).toHaveLength(3);
    expect(await saveSchedulingRules(deps, { actor: coachActor, coachId: IDS.coach, rules: { ...rulesForm, bufferAfterMinutes: '90' } })).toMatchObject({
      ok: false,
      error: { message: 'Buffer after must be between 0 and 60 minutes', fieldErrors: { bufferAfterMinutes: ['Buffer after must be between 0 and 60 minutes'] } },
    });
    expect(uow.data.scheduleSettings.get(IDS.coach)?.rules.bufferAfterMinutes).toBe(10);
  });

  it('are read by any signed-in person, with the defaults for a coach who set none', async () => {
    const { deps } = setup();
    expect(unwrap(await viewScheduleSettings(deps, { viewer: clientActor, coachId: IDS.coach2 }))).toEqual({ weeklyHours: [], rules: DEFAULT_SCHEDULING_RULES });
    expect((await viewScheduleSettings(deps, { viewer: null, coachId: IDS.coach })).ok).toBe(false);
  });
});
