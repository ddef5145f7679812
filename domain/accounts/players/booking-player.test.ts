import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Player } from './player';
import { unwrap } from '../../shared/result';
import { bookingPlayerView, checkCoachCoachesPlayer, checkDateOfBirthKeepsBookings } from './booking-player';
import type { CoachForBooking } from '../../booking/requests/coach-directory';
import { client, COACH_ID, NOW, RATE_PENCE, stranger, STARTS_AT } from '../../testing/booking-fixtures';
import { coachDirectory, memoryUnitOfWork, fixedClock, sequentialIds, type MemoryUnitOfWork } from '../../testing';
import { requestBooking } from '../../booking/requests/use-cases/request-booking';

// STARTS_AT is Thu 5 Mar 2026 in London.
const coach: CoachForBooking = {
  coachId: COACH_ID,
  fullName: 'Sam Coach',
  isBookable: true,
  hourlyRatePence: RATE_PENCE,
  sessionLengths: [],
  servicesOffered: ['striker'],
  ageGroups: ['under_10', 'adults'],
};

const player = (over: Partial<Player> = {}): Player => ({
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  guardianId: client.userId,
  firstName: 'Ella',
  lastName: 'Hughes',
  dateOfBirth: '2016-03-06',
  notes: 'Left footed',
  guardianConsentAt: NOW,
  removedAt: null,
  createdAt: NOW,
  updatedAt: NOW,
  version: 1,
  ...over,
});

let uow: MemoryUnitOfWork;
const book = (playerId: string | null, actor = client, coaches = [coach]) =>
  requestBooking(
    { uow, clock: fixedClock(NOW), ids: sequentialIds(), coaches: coachDirectory(coaches) },
    { actor, coachId: COACH_ID, serviceType: 'striker', startsAt: STARTS_AT, durationMinutes: 60, playerId },
  );

beforeEach(() => {
  uow = memoryUnitOfWork();
});

describe('booking a session for a player', () => {
  it('records the player when the coach coaches their age group on the session date', async () => {
    // Ella turns 10 the day after the session: still Under 10.
    uow.players.set(player().id, player());
    const b = unwrap(await book(player().id));
    expect(b.playerId).toBe(player().id);
  });

  it('refuses with 422 naming the group when the coach does not coach it', async () => {
    // Born 5 Mar 2016: 10 on the session date, Under 12.
    uow.players.set(player().id, player({ dateOfBirth: '2016-03-05' }));
    const r = await book(player().id);
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid', code: 'COACH_AGE_GROUP_MISMATCH', message: 'Sam Coach does not coach Under 12 players.' } });
    expect(uow.bookings.rows.size).toBe(0);
  });

  it('refuses another guardian’s player as not found (404)', async () => {
    uow.players.set(player().id, player());
    const r = await book(player().id, stranger);
    expect(r).toMatchObject({ ok: false, error: { kind: 'not_found', code: 'PLAYER_NOT_FOUND' } });
  });

  it('refuses a removed player', async () => {
    uow.players.set(player().id, player({ removedAt: NOW }));
    const r = await book(player().id);
    expect(r).toMatchObject({ ok: false, error: { code: 'PLAYER_REMOVED' } });
  });

  it('does not age-check a booking for the client themself', async () => {
    const b = unwrap(await book(null, client, [{ ...coach, ageGroups: ['under_8'] }]));
    expect(b.playerId ?? null).toBeNull();
  });
});

describe('what the coach sees of the player', () => {
  it('gives the name, the age at the session date and the notes', () => {
    expect(bookingPlayerView(player(), STARTS_AT)).toEqual({ name: 'Ella Hughes', age: 9, ageGroupLabel: 'Under 10', notes: 'Left footed' });
    expect(bookingPlayerView(player({ dateOfBirth: '2016-03-05' }), STARTS_AT)?.age).toBe(10);
    expect(bookingPlayerView(null, STARTS_AT)).toBeNull();
  });
});

describe('the age-group rule asked again for a session (accepting, rescheduling)', () => {
  // Sam coaches Under 14 to adults; Ella turns 12 on 15 June 2026 (Under 12 the day before).
  const sam = { fullName: 'Sam Coach', ageGroups: ['under_14', 'under_16', 'under_18', 'adults'] };
  const ella = { firstName: 'Ella', lastName: 'Hughes', dateOfBirth: '2014-06-15' };

  it('refuses a session the day before the birthday and allows one on the birthday', () => {
    const dayBefore = checkCoachCoachesPlayer(ella, sam, new Date('2026-06-14T09:00:00Z'), 'date');
    expect(dayBefore).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        code: 'COACH_AGE_GROUP_MISMATCH',
        message: 'Sam Coach does not coach Under 12 players.',
        fieldErrors: { date: ['Ella Hughes will be in the Under 12 group on the new date.'] },
      },
    });
    expect(checkCoachCoachesPlayer(ella, sam, new Date('2026-06-15T09:00:00Z'))).toEqual({ ok: true, value: { age: 12 } });
  });

  it('reads the session’s London date: 23:30 UTC the evening before is already the birthday in summer', () => {
    expect(checkCoachCoachesPlayer(ella, sam, new Date('2026-06-14T22:59:00Z')).ok).toBe(false);
    expect(checkCoachCoachesPlayer(ella, sam, new Date('2026-06-14T23:30:00Z')).ok).toBe(true);
  });

  it('refuses a coach with no age groups for any player', () => {
    expect(checkCoachCoachesPlayer(ella, { fullName: null }, new Date('2026-06-15T09:00:00Z'))).toMatchObject({
      ok: false,
      error: { message: 'This coach does not coach Under 14 players.' },
    });
  });
});

describe('a date-of-birth change under bookings still to happen', () => {
  const sam = { fullName: 'Sam Coach', ageGroups: ['under_14', 'under_16', 'under_18', 'adults'] };
  const session = (referenceCode: string, startsAt: string) => ({ referenceCode, startsAt: new Date(startsAt), coach: sam });
  const ella = { firstName: 'Ella', lastName: 'Hughes', dateOfBirth: '1990-01-01' };
  const JUNE_15 = session('FACT-20260615-AB12', '2026-06-15T09:00:00Z');

  it('is refused when the player would be a day short of the coach’s youngest group, naming the booking', () => {
    // Born 16 June 2014: 11 on 15 June 2026 (Under 12).
    expect(checkDateOfBirthKeepsBookings(ella, '2014-06-16', [JUNE_15])).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        code: 'PLAYER_AGE_GROUP_BOOKED',
        message:
          'Ella Hughes’s details were not saved: with this date of birth Ella would be 11 on the day of booking FACT-20260615-AB12, and Sam Coach does not coach Under 12 players. To change it, cancel that booking first.',
        fieldErrors: {
          dateOfBirth: [
            'Ella Hughes’s details were not saved: with this date of birth Ella would be 11 on the day of booking FACT-20260615-AB12, and Sam Coach does not coach Under 12 players. To change it, cancel that booking first.',
          ],
        },
      },
    });
  });

  it('is allowed when the session falls on the birthday that puts the player in the group', () => {
    expect(checkDateOfBirthKeepsBookings(ella, '2014-06-15', [JUNE_15])).toEqual({ ok: true, value: undefined });
  });

  it('names every booking it would break, and only those', () => {
    const r = checkDateOfBirthKeepsBookings(ella, '2019-01-01', [
      JUNE_15,
      session('FACT-20260701-CD34', '2026-07-01T09:00:00Z'),
      { ...session('FACT-20260702-EF56', '2026-07-02T09:00:00Z'), coach: { fullName: 'Kim Coach', ageGroups: ['under_8'] } },
    ]);
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'PLAYER_AGE_GROUP_BOOKED',
        message:
          'Ella Hughes’s details were not saved: with this date of birth Ella would be outside the coach’s age groups on bookings FACT-20260615-AB12 and FACT-20260701-CD34. To change it, cancel those bookings first.',
      },
    });
  });

  it('refuses a date of birth exactly when booking one of the sessions for it would be refused', () => {
    const day = fc.integer({ min: 0, max: 40 * 365 }).map((n) => new Date(Date.UTC(1990, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    const groups = fc.subarray(['under_8', 'under_10', 'under_12', 'under_14', 'under_16', 'under_18', 'adults', 'seniors']);
    const sessions = fc.array(fc.record({ startsAt: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }).map((t) => new Date(t)), ageGroups: groups }), { maxLength: 4 });
    fc.assert(
      fc.property(day, sessions, (dateOfBirth, list) => {
        const open = list.map((s, i) => ({ referenceCode: `FACT-20260101-AA${i}0`, startsAt: s.startsAt, coach: { fullName: 'Sam Coach', ageGroups: s.ageGroups } }));
        const refusedOne = open.some((s) => !checkCoachCoachesPlayer({ ...ella, dateOfBirth }, s.coach, s.startsAt).ok);
        expect(checkDateOfBirthKeepsBookings(ella, dateOfBirth, open).ok).toBe(!refusedOne);
      }),
    );
  });
});
