import { describe, expect, it } from 'vitest';
import { parseForm } from '../validation/parse-form';
import { unwrap } from '../shared/result';
import { adminActor, clientActor, coach2Actor, coachActor, IDS, NOW } from '../testing/fixtures';
import { createAvailability, ensureCanDeleteAvailability, parseAvailabilityPeriod, updateAvailability, upcomingPeriods } from './availability-period';
import { availabilityPeriodSchema } from './availability.schemas';

const id = '80000000-0000-4000-8000-000000000001';
const at = (iso: string) => new Date(iso);
const firstMessage = (r: ReturnType<typeof parseForm>) => (r.ok ? null : r.error.message);

describe('availability form (SPEC §5)', () => {
  const schema = availabilityPeriodSchema(NOW); // 2026-03-10 12:00 UTC

  it("requires a date range: 'Please select a date range'", () => {
    expect(firstMessage(parseForm(schema, {}))).toBe('Please select a date range');
    expect(firstMessage(parseForm(schema, { startDate: '2026-03-12' }))).toBe('Please select a date range');
  });

  it("requires the end after the start: 'End date must be after start date'", () => {
    expect(firstMessage(parseForm(schema, { startDate: '2026-03-12', endDate: '2026-03-11' }))).toBe('End date must be after start date');
    expect(firstMessage(parseForm(schema, { startDate: '2026-03-12', endDate: '2026-03-12', dailyStart: '17:00', dailyEnd: '09:00' }))).toBe('Until must be after From');
    expect(firstMessage(parseForm(schema, { startDate: '2026-03-12', endDate: '2026-03-12', dailyStart: '17:00' }))).toBe('Please choose both From and Until, or neither');
    expect(firstMessage(parseForm(schema, { startDate: '2026-03-12', endDate: '2026-03-12', dailyStart: '17:10', dailyEnd: '18:00' }))).toBe('Please choose a time on the quarter hour');
  });

  it('refuses a start on a past day', () => {
    expect(firstMessage(parseForm(schema, { startDate: '2026-03-09', endDate: '2026-03-12' }))).toBe('Availability cannot start in the past');
    expect(parseForm(schema, { startDate: '2026-03-10', endDate: '2026-03-10' }).ok).toBe(true);
  });

  it('covers whole London days, and with From and Until those hours on each of its dates', () => {
    const days = parseForm(schema, { startDate: '2026-03-12', endDate: '2026-03-13' });
    expect(days.ok && days.value).toMatchObject({ startsAt: at('2026-03-12T00:00:00Z'), endsAt: at('2026-03-14T00:00:00Z'), dailyStart: null, dailyEnd: null });
    // The range keeps London's midnights across the clock change of 29 March; the hours apply on each date.
    const spring = parseForm(schema, { startDate: '2026-03-28', endDate: '2026-04-04', dailyStart: '09:00', dailyEnd: '12:00', isAvailable: 'false' });
    expect(spring.ok && spring.value).toMatchObject({ startsAt: at('2026-03-28T00:00:00Z'), endsAt: at('2026-04-04T23:00:00Z'), dailyStart: '09:00', dailyEnd: '12:00', isAvailable: false });
  });

  it('is available unless marked otherwise, with optional location and notes', () => {
    const r = parseForm(schema, { startDate: '2026-03-12', endDate: '2026-03-12', locationOverride: 'Hyde Park', notes: '' });
    expect(r.ok && r.value).toMatchObject({ isAvailable: true, locationOverride: 'Hyde Park', notes: null });
  });
});

describe('availability periods', () => {
  const details = { startsAt: at('2026-03-12T09:00:00Z'), endsAt: at('2026-03-12T17:00:00Z') };

  it('are created by the coach on their own calendar', () => {
    expect(unwrap(createAvailability({ id, actor: coachActor, coachId: IDS.coach, details }, NOW))).toMatchObject({
      coachId: IDS.coach,
      isAvailable: true,
      locationOverride: null,
    });
    for (const actor of [coach2Actor, clientActor, adminActor]) {
      expect(createAvailability({ id, actor, coachId: IDS.coach, details }, NOW)).toMatchObject({
        ok: false,
        error: { kind: 'forbidden', code: 'NOT_AVAILABILITY_OWNER' },
      });
    }
  });

  it('are changed and deleted by their coach only, and keep the end after the start', () => {
    const period = unwrap(createAvailability({ id, actor: coachActor, coachId: IDS.coach, details }, NOW));
    expect(unwrap(updateAvailability(period, coachActor, { notes: 'Bring boots' }, NOW)).notes).toBe('Bring boots');
    expect(updateAvailability(period, coach2Actor, { notes: 'x' }, NOW)).toMatchObject({ ok: false, error: { code: 'NOT_AVAILABILITY_OWNER' } });
    expect(updateAvailability(period, coachActor, { endsAt: at('2026-03-12T08:00:00Z') }, NOW)).toMatchObject({
      ok: false,
      error: { message: 'End date must be after start date' },
    });
    expect(ensureCanDeleteAvailability(period, coachActor).ok).toBe(true);
    expect(ensureCanDeleteAvailability(period, adminActor).ok).toBe(false);
  });

  it('carry daily times both or neither, From before Until', () => {
    const daily = unwrap(createAvailability({ id, actor: coachActor, coachId: IDS.coach, details: { ...details, dailyStart: '09:00', dailyEnd: '12:00' } }, NOW));
    expect(daily).toMatchObject({ dailyStart: '09:00', dailyEnd: '12:00' });
    expect(unwrap(createAvailability({ id, actor: coachActor, coachId: IDS.coach, details }, NOW))).toMatchObject({ dailyStart: null, dailyEnd: null });
    for (const times of [{ dailyStart: '09:00' }, { dailyStart: '12:00', dailyEnd: '09:00' }, { dailyStart: '9am', dailyEnd: '12:00' }]) {
      expect(createAvailability({ id, actor: coachActor, coachId: IDS.coach, details: { ...details, ...times } }, NOW)).toMatchObject({
        ok: false,
        error: { message: 'Please choose both From and Until, with Until after From, or neither' },
      });
    }
    expect(updateAvailability(daily, coachActor, { dailyEnd: '08:00' }, NOW).ok).toBe(false);
    expect(unwrap(updateAvailability(daily, coachActor, { dailyStart: null, dailyEnd: null }, NOW))).toMatchObject({ dailyStart: null, dailyEnd: null });
    expect(parseAvailabilityPeriod({ ...daily, dailyEnd: null }).ok).toBe(false);
  });

  it('list upcoming periods by start', () => {
    const p = (s: string, e: string) => ({ startsAt: at(s), endsAt: at(e) });
    const list = [p('2026-03-20T00:00:00Z', '2026-03-21T00:00:00Z'), p('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'), p('2026-03-11T00:00:00Z', '2026-03-12T00:00:00Z')];
    expect(upcomingPeriods(list, NOW).map((x) => x.startsAt.toISOString().slice(0, 10))).toEqual(['2026-03-11', '2026-03-20']);
  });

  it('re-validate stored rows', () => {
    const period = unwrap(createAvailability({ id, actor: coachActor, coachId: IDS.coach, details }, NOW));
    expect(parseAvailabilityPeriod({ ...period, startsAt: period.startsAt.toISOString() }).ok).toBe(true);
    expect(parseAvailabilityPeriod({ ...period, endsAt: period.startsAt }).ok).toBe(false);
  });
});
