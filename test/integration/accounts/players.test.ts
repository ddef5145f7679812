import { describe, expect, it } from 'vitest';
import { adminReadModels } from '../../../adapters/persistence/admin';
import { createBookingListReader } from '../../../adapters/persistence/read-models/booking-lists';
import { createCoachSearch } from '../../../adapters/persistence/search/coach-search';
import { NO_FILTERS } from '../../../domain/search/coach-search';
import { addPlayer, editPlayer, listPlayers, removePlayer } from '../../../domain/accounts/players/use-cases/manage-players';
import { bookingCardView } from '../../../app/booking/booking-card-view';
import { submitBookingRequest } from '../../../domain/booking/requests/use-cases/submit-booking-request';
import { utcToLondon } from '../../../domain/shared/london-time';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { insertPerson } from '../../support/booking-flow';
import { authoriseWithTestCard } from '../../support/fixtures/bookings';

/** Decision 017: players of a guardian's account, and sessions booked for them, against PostgreSQL. */
const ctx = useTestApp();
const deps = () => ctx.app.deps();
const DAY = 24 * 60 * 60 * 1000;

/** A London date `days` ahead, and the date of birth that makes a player `age` on it (birthday that day). */
function sessionDay(days: number): string {
  return utcToLondon(new Date(ctx.app.clock.now().getTime() + days * DAY)).date;
}
const bornYearsBefore = (date: string, years: number) => `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;

describe('players of a guardian’s account', () => {
  it('adds a player under 18 only with the guardian’s consent, and stores its time', async () => {
    const guardian = await insertPerson(ctx.db, { type: 'client', name: 'Gail Guardian' });
    const form = { firstName: 'Ella', lastName: 'Hughes', dateOfBirth: '2015-03-02', notes: 'Left wing. Asthma: inhaler in her bag.' };
    const refused = await addPlayer(deps(), { actor: guardian.actor, form });
    expect(refused).toMatchObject({ ok: false, error: { code: 'PLAYER_CONSENT_REQUIRED' } });
    expect(await ctx.db.query(`select id from players where guardian_id = $1`, [guardian.id])).toEqual([]);

    const ella = unwrap(await addPlayer(deps(), { actor: guardian.actor, form: { ...form, guardianConsent: 'on' } }));
    const [row] = await ctx.db.query<{ first_name: string; dob: string; notes: string; consent: Date | null }>(
      `select first_name, to_char(date_of_birth, 'YYYY-MM-DD') as dob, notes, guardian_consent_at as consent from players where id = $1`,
      [ella.id],
    );
    expect(row).toMatchObject({ first_name: 'Ella', dob: '2015-03-02', notes: form.notes });
    expect(row!.consent).not.toBeNull();
    expect((await listPlayers(deps(), { actor: guardian.actor })).map((p) => p.firstName)).toEqual(['Ella']);

    const edited = unwrap(await editPlayer(deps(), { actor: guardian.actor, playerId: ella.id, form: { ...form, notes: 'Plays centre midfield' } }));
    expect(edited).toMatchObject({ notes: 'Plays centre midfield', version: 2 });
  });

  it('hides another guardian’s player and removes softly, keeping the row for bookings', async () => {
    const guardian = await insertPerson(ctx.db, { type: 'client' });
    const stranger = await insertPerson(ctx.db, { type: 'client' });
    const sam = unwrap(await addPlayer(deps(), { actor: guardian.actor, form: { firstName: 'Sam', lastName: 'Reid', dateOfBirth: '1990-05-05' } }));
    expect(await removePlayer(deps(), { actor: stranger.actor, playerId: sam.id })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    unwrap(await removePlayer(deps(), { actor: guardian.actor, playerId: sam.id }));
    expect(await listPlayers(deps(), { actor: guardian.actor })).toEqual([]);
    const [row] = await ctx.db.query<{ removed_at: Date | null }>(`select removed_at from players where id = $1`, [sam.id]);
    expect(row!.removed_at).not.toBeNull();
  });
});

describe('a session booked for a player', () => {
  it('reaches the coach with the player’s name, age at the session and notes; refuses the wrong age group, a removed player and someone else’s', async () => {
    const guardian = await insertPerson(ctx.db, { type: 'client', name: 'Gail Guardian' });
    const stranger = await insertPerson(ctx.db, { type: 'client' });
    const coach = await insertPerson(ctx.db, { type: 'coach', name: 'Sam Coach' });
    await ctx.db.query(`update coach_profiles set age_groups = '{under_10,under_12}' where user_id = $1`, [coach.id]);
    const day = sessionDay(10);
    // FindCoaches' age-group filter finds the coach for Under 12 and not for Adults.
    const search = createCoachSearch(ctx.app.orm.em.fork());
    const found = async (ageGroup: 'under_12' | 'adults') => (await search.search({ ...NO_FILTERS, ageGroup }, { cursor: null, limit: 50 })).coaches.map((c) => c.userId);
    expect(await found('under_12')).toContain(coach.id);
    expect(await found('adults')).not.toContain(coach.id);
    // 11 on the session date (the birthday is that day): Under 12.
    const ella = unwrap(
      await addPlayer(deps(), {
        actor: guardian.actor,
        form: { firstName: 'Ella', lastName: 'Hughes', dateOfBirth: bornYearsBefore(day, 11), notes: 'Asthma: inhaler in her bag', guardianConsent: 'on' },
      }),
    );
    const form = (over: Record<string, string> = {}) => ({ serviceType: 'striker', date: day, time: '10:00', durationMinutes: '60', locationType: 'online', ...over });

    const booked = unwrap(await submitBookingRequest(deps(), { actor: guardian.actor, coachId: coach.id, form: form({ playerId: ella.id }) }));
    expect(booked.playerId).toBe(ella.id);
    await authoriseWithTestCard(ctx.app, booked);

    const reader = createBookingListReader(ctx.app.orm.em.fork());
    const page = await reader.coachDashboard({ coachId: coach.id, group: 'pending', cursor: null, limit: 20 });
    const card = bookingCardView(page.items[0]!, coach.actor, ctx.app.clock.now(), 0);
    expect(card?.player).toEqual({ name: 'Ella Hughes', age: 11, group: 'Under 12', notes: 'Asthma: inhaler in her bag' });
    const mine = await reader.myBookings({ viewerId: guardian.id, tab: 'upcoming', now: ctx.app.clock.now(), cursor: null, limit: 20 });
    // The guardian's own card: the player, without the notes they wrote for coaches.
    expect(bookingCardView(mine.items[0]!, guardian.actor, ctx.app.clock.now(), 0)?.player).toEqual({ name: 'Ella Hughes', age: 11, group: 'Under 12' });

    // AdminBookings and `fact bookings show` name the player too.
    expect((await adminReadModels(ctx.app.orm).bookingDetail(booked.id))?.player).toBe('Ella Hughes, 11');

    // Someone else's player: not found. The coach's groups do not include Under 14: 422 naming it.
    const theirs = await submitBookingRequest(deps(), { actor: stranger.actor, coachId: coach.id, form: form({ time: '12:00', playerId: ella.id }) });
    expect(theirs).toMatchObject({ ok: false, error: { kind: 'not_found', code: 'PLAYER_NOT_FOUND' } });
    const older = unwrap(await addPlayer(deps(), { actor: guardian.actor, form: { firstName: 'Tom', lastName: 'Hughes', dateOfBirth: bornYearsBefore(day, 13), guardianConsent: 'on' } }));
    const wrongGroup = await submitBookingRequest(deps(), { actor: guardian.actor, coachId: coach.id, form: form({ time: '13:00', playerId: older.id }) });
    expect(wrongGroup).toMatchObject({ ok: false, error: { kind: 'invalid', code: 'COACH_AGE_GROUP_MISMATCH', message: 'Sam Coach does not coach Under 14 players.' } });
    unwrap(await removePlayer(deps(), { actor: guardian.actor, playerId: ella.id }));
    const removed = await submitBookingRequest(deps(), { actor: guardian.actor, coachId: coach.id, form: form({ time: '14:00', playerId: ella.id }) });
    expect(removed).toMatchObject({ ok: false, error: { code: 'PLAYER_REMOVED' } });
    // The booking made before the removal still shows the player.
    const again = await reader.coachDashboard({ coachId: coach.id, group: 'pending', cursor: null, limit: 20 });
    expect(bookingCardView(again.items[0]!, coach.actor, ctx.app.clock.now(), 0)?.player?.name).toBe('Ella Hughes');
    // A client with players must say who the session is for: no answer is refused, nothing stored.
    const unanswered = await submitBookingRequest(deps(), { actor: guardian.actor, coachId: coach.id, form: form({ time: '15:00' }) });
    expect(unanswered).toMatchObject({ ok: false, error: { kind: 'invalid', fieldErrors: { playerId: ['Please choose who this session is for'] } } });
    expect(await ctx.db.query(`select id from bookings where client_id = $1 and player_id is null`, [guardian.id])).toEqual([]);
    // 'Me': a session for the client themself, which is not age-checked.
    const forMe = unwrap(await submitBookingRequest(deps(), { actor: guardian.actor, coachId: coach.id, form: form({ time: '15:00', playerId: 'self' }) }));
    expect(forMe.playerId).toBeNull();
  });
});
