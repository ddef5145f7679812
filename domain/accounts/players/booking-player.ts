import { ageGroupLabel, ageOn, coachesAge, primaryAgeGroup } from '../users/age-group';
import type { Actor } from '../../policy/actor';
import { ownActivePlayer, playerName, type Player } from './player';
import { playerErrors } from './player-errors';
import type { PlayerOpenSession, SessionCoach } from './player.repository';
import { invalid } from '../../shared/errors';
import { utcToLondon } from '../../shared/london-time';
import { err, ok, type Result } from '../../shared/result';

/** What the age-group rule reads of a player. */
export type AgeCheckedPlayer = Pick<Player, 'firstName' | 'lastName' | 'dateOfBirth'>;

/**
 * The age-group rule for one session (decision 017), the one place it is decided: the coach
 * coaches the group the player is in on the session's London date, read from the player's
 * current date of birth. Booking, accepting, proposing and accepting a new time, and changing a
 * date of birth all ask it. Refused with 422 naming the group: 'Sam Coach does not coach Under
 * 12 players.'; `field` is the form field the explanation belongs to.
 */
export function checkCoachCoachesPlayer(player: AgeCheckedPlayer, coach: SessionCoach, startsAt: Date, field: 'playerId' | 'date' = 'playerId'): Result<{ age: number }> {
  const age = ageOn(player.dateOfBirth, utcToLondon(startsAt).date);
  if (coachesAge(coach.ageGroups ?? [], age)) return ok({ age });
  const label = ageGroupLabel(primaryAgeGroup(age));
  const when = field === 'date' ? 'on the new date' : 'on the session date';
  return err(
    invalid('COACH_AGE_GROUP_MISMATCH', `${coach.fullName ?? 'This coach'} does not coach ${label} players.`, {
      [field]: [`${playerName(player)} will be in the ${label} group ${when}.`],
    }),
  );
}

/**
 * Who a session is for (decision 017): the client themself (not age-checked), or one of their own,
 * not removed players whose age group at the session date the coach coaches. Another guardian's
 * player is 'not found' (404); a coach who does not coach the player's group is refused (422).
 */
export function checkPlayerForBooking(player: Player | null, actor: Actor, coach: SessionCoach, startsAt: Date): Result<Player> {
  const own = ownActivePlayer(player, actor);
  if (!own.ok) return own;
  const coached = checkCoachCoachesPlayer(own.value, coach, startsAt);
  return coached.ok ? ok(own.value) : coached;
}

/**
 * A date-of-birth change (decision 034) must leave the player in the coach's groups on every
 * booking still to happen (pending, confirmed or in session): the coach agreed to coach that
 * age. Refused with 422 naming every booking it would break. `player` is as stored (the name
 * the guardian sees: nothing is saved), `dateOfBirth` the new one.
 */
export function checkDateOfBirthKeepsBookings(player: AgeCheckedPlayer, dateOfBirth: string, sessions: readonly PlayerOpenSession[]): Result<void> {
  const changed = { ...player, dateOfBirth };
  const broken = sessions.flatMap((session) => {
    const coached = checkCoachCoachesPlayer(changed, session.coach, session.startsAt);
    if (coached.ok) return [];
    return [{ referenceCode: session.referenceCode, age: ageOn(dateOfBirth, utcToLondon(session.startsAt).date), refusal: coached.error.message }];
  });
  if (broken.length === 0) return ok(undefined);
  return err(playerErrors.outsideBookedAgeGroups(playerName(player), player.firstName, broken));
}

/** What the coach is shown of the player (name, age at the session date, notes). */
export interface BookingPlayerView {
  readonly name: string;
  readonly age: number;
  readonly ageGroupLabel: string;
  readonly notes: string | null;
}

export function bookingPlayerView(player: { firstName: string; lastName: string; dateOfBirth: string; notes: string | null } | null, startsAt: Date): BookingPlayerView | null {
  if (!player) return null;
  const age = ageOn(player.dateOfBirth, utcToLondon(startsAt).date);
  return { name: playerName(player), age, ageGroupLabel: ageGroupLabel(primaryAgeGroup(age)), notes: player.notes };
}

/** 'Ella Hughes, 11' */
export function playerLine(view: BookingPlayerView): string {
  return `${view.name}, ${view.age}`;
}
