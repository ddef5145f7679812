import { beforeEach, describe, expect, it } from 'vitest';
import type { Player } from '../accounts/player';
import { unwrap } from '../shared/result';
import { bookingPlayerView } from './booking-player';
import type { CoachForBooking } from './coach-directory';
import { client, COACH_ID, NOW, RATE_PENCE, stranger, STARTS_AT } from './testing/fixtures';
import { coachDirectory, createInMemoryReferenceNumbers, createInMemoryUnitOfWork, fixedClock, sequentialIds, type InMemoryUnitOfWork } from './testing/in-memory';
import { requestBooking } from './use-cases/request-booking';

// STARTS_AT is Thu 5 Mar 2026 in London.
const coach: CoachForBooking = {
  coachId: COACH_ID,
  fullName: 'Sam Coach',
  isBookable: true,
  hourlyRatePence: RATE_PENCE,
  servicesOffered: ['striker'],
  ageGroups: ['under_10', 'adults'],
  availability: [],
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

let uow: InMemoryUnitOfWork;
const book = (playerId: string | null, actor = client, coaches = [coach]) =>
  requestBooking(
    { uow, clock: fixedClock(NOW), ids: sequentialIds(), referenceNumbers: createInMemoryReferenceNumbers(), coaches: coachDirectory(coaches) },
    { actor, coachId: COACH_ID, serviceType: 'striker', startsAt: STARTS_AT, durationMinutes: 60, playerId },
  );

beforeEach(() => {
  uow = createInMemoryUnitOfWork();
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
