import { ageGroupLabel, ageOn, coachesAge, primaryAgeGroup } from '../accounts/age-group';
import type { Actor } from '../accounts/actor';
import { ownActivePlayer, playerName, type Player } from '../accounts/player';
import { invalid } from '../shared/errors';
import { utcToLondon } from '../shared/london-time';
import { err, ok, type Result } from '../shared/result';

/**
 * Who a session is for (decision 017): the client themself (not age-checked), or one of their own,
 * not removed players whose age group at the session date the coach coaches. Another guardian's
 * player is 'not found' (404); a coach who does not coach the player's group is refused (422)
 * with the group named: 'Sam Coach does not coach Under 12 players.'
 */
export function checkPlayerForBooking(
  player: Player | null,
  actor: Actor,
  coach: { fullName: string | null; ageGroups?: readonly string[] },
  startsAt: Date,
): Result<Player> {
  const own = ownActivePlayer(player, actor);
  if (!own.ok) return own;
  const age = ageOn(own.value.dateOfBirth, utcToLondon(startsAt).date);
  if (!coachesAge(coach.ageGroups ?? [], age)) {
    const label = ageGroupLabel(primaryAgeGroup(age));
    return err(
      invalid('COACH_AGE_GROUP_MISMATCH', `${coach.fullName ?? 'This coach'} does not coach ${label} players.`, {
        playerId: [`${playerName(own.value)} will be in the ${label} group on the session date.`],
      }),
    );
  }
  return ok(own.value);
}

/** What the coach is shown of the player (name, age at the session date, notes). */
export interface BookingPlayerView {
  readonly name: string;
  readonly age: number;
  readonly ageGroupLabel: string;
  readonly notes: string | null;
}

export function bookingPlayerView(
  player: { firstName: string; lastName: string; dateOfBirth: string; notes: string | null } | null,
  startsAt: Date,
): BookingPlayerView | null {
  if (!player) return null;
  const age = ageOn(player.dateOfBirth, utcToLondon(startsAt).date);
  return { name: playerName(player), age, ageGroupLabel: ageGroupLabel(primaryAgeGroup(age)), notes: player.notes };
}

/** 'Ella Hughes, 11' */
export function playerLine(view: BookingPlayerView): string {
  return `${view.name}, ${view.age}`;
}
