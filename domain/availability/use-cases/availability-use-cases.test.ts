import { describe, expect, it } from 'vitest';
import { unwrap } from '../../shared/result';
import { clientActor, coach2Actor, coachActor, IDS, NOW } from '../../testing/fixtures';
import { fixedClock, memoryUnitOfWork, sequentialIds } from '../../testing';
import { createAvailability } from './create-availability';
import { deleteAvailability } from './delete-availability';
import { listAvailability } from './list-availability';
import { updateAvailability } from './update-availability';

function setup() {
  const uow = memoryUnitOfWork();
  return { uow, deps: { uow, clock: fixedClock(NOW), ids: sequentialIds() } };
}

const form = { startDate: '2026-03-14', endDate: '2026-03-15', notes: 'Weekend sessions' };

describe('availability use cases', () => {
  it('let a coach create, change, list and delete their periods', async () => {
    const { uow, deps } = setup();
    const period = unwrap(await createAvailability(deps, { actor: coachActor, form }));
    expect(period).toMatchObject({ coachId: IDS.coach, startsAt: new Date('2026-03-14T00:00:00Z'), endsAt: new Date('2026-03-16T00:00:00Z'), notes: 'Weekend sessions' });
    const changed = unwrap(await updateAvailability(deps, { actor: coachActor, periodId: period.id, form: { ...form, isAvailable: 'false' } }));
    expect(changed.isAvailable).toBe(false);
    expect(unwrap(await listAvailability(deps, { viewer: clientActor, coachId: IDS.coach }))).toHaveLength(1);
    unwrap(await deleteAvailability(deps, { actor: coachActor, periodId: period.id }));
    expect(uow.data.availability.size).toBe(0);
  });

  it('refuse other users', async () => {
    const { deps } = setup();
    expect(await createAvailability(deps, { actor: clientActor, form })).toMatchObject({ ok: false, error: { code: 'NOT_AVAILABILITY_OWNER' } });
    const period = unwrap(await createAvailability(deps, { actor: coachActor, form }));
    expect(await updateAvailability(deps, { actor: coach2Actor, periodId: period.id, form })).toMatchObject({ ok: false, error: { code: 'NOT_AVAILABILITY_OWNER' } });
    expect(await deleteAvailability(deps, { actor: coach2Actor, periodId: period.id })).toMatchObject({ ok: false, error: { code: 'NOT_AVAILABILITY_OWNER' } });
    expect(await listAvailability(deps, { viewer: null, coachId: IDS.coach })).toMatchObject({ ok: false });
  });

  it("return the form's messages and 'Availability period not found'", async () => {
    const { deps } = setup();
    expect(await createAvailability(deps, { actor: coachActor, form: {} })).toMatchObject({ ok: false, error: { message: 'Please select a date range' } });
    expect(await deleteAvailability(deps, { actor: coachActor, periodId: IDS.booking })).toMatchObject({
      ok: false,
      error: { kind: 'not_found', code: 'AVAILABILITY_NOT_FOUND' },
    });
  });

  it('refuse a period that overlaps another of the coach’s, naming it, and keep both as they were', async () => {
    const { uow, deps } = setup();
    const holiday = unwrap(await createAvailability(deps, { actor: coachActor, form: { startDate: '2026-12-21', endDate: '2026-12-27', isAvailable: 'false' } }));
    const clash = await createAvailability(deps, { actor: coachActor, form: { startDate: '2026-12-24', endDate: '2026-12-24', dailyStart: '09:00', dailyEnd: '12:00' } });
    expect(clash).toMatchObject({
      ok: false,
      error: { kind: 'conflict', code: 'AVAILABILITY_OVERLAP', message: 'This overlaps your time off Mon 21 Dec – Sun 27 Dec 2026. Change or delete that one first.' },
    });
    const morning = unwrap(await createAvailability(deps, { actor: coachActor, form: { startDate: '2026-12-28', endDate: '2026-12-28', dailyStart: '09:00', dailyEnd: '12:00' } }));
    unwrap(await createAvailability(deps, { actor: coachActor, form: { startDate: '2026-12-28', endDate: '2026-12-28', dailyStart: '14:00', dailyEnd: '16:00', isAvailable: 'false' } }));
    const moved = await updateAvailability(deps, { actor: coachActor, periodId: morning.id, form: { startDate: '2026-12-27', endDate: '2026-12-28', dailyStart: '09:00', dailyEnd: '12:00' } });
    expect(moved).toMatchObject({ ok: false, error: { code: 'AVAILABILITY_OVERLAP' } });
    expect(uow.data.availability.get(morning.id)).toEqual(morning);
    // A period may be saved again over its own dates.
    expect((await updateAvailability(deps, { actor: coachActor, periodId: holiday.id, form: { startDate: '2026-12-21', endDate: '2026-12-27', isAvailable: 'false', notes: 'Holiday' } })).ok).toBe(
      true,
    );
    // Another coach's periods are theirs alone.
    expect((await createAvailability(deps, { actor: coach2Actor, form: { startDate: '2026-12-24', endDate: '2026-12-24' } })).ok).toBe(true);
  });
});
