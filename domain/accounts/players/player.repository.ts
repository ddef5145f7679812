import type { Id } from '../../shared/ids';
import type { Result } from '../../shared/result';
import type { Player } from './player';

/** What the age-group rule needs of a session's coach (decision 017). */
export interface SessionCoach {
  readonly fullName: string | null;
  /** coach_profiles.age_groups; none: the coach is booked for no player. */
  readonly ageGroups?: readonly string[];
}

/** A booking of the player still to happen (pending, confirmed or in session), with its coach. */
export interface PlayerOpenSession {
  readonly referenceCode: string;
  readonly startsAt: Date;
  readonly coach: SessionCoach;
}

/**
 * How a read locks the player's row until the transaction ends. A date-of-birth change takes
 * 'update' before it reads the player's bookings; a change to a booking's session takes 'share'
 * before it checks the player's age: so each sees what the other committed (decision 034).
 */
export type PlayerLock = 'share' | 'update';

/** Port: players of guardians' accounts (decision 017). */
export interface PlayerRepository {
  findById(id: Id, options?: { lock?: PlayerLock }): Promise<Player | null>;
  /** The player and what the age-group rule needs of the coach, in one read; the player row locked FOR SHARE. */
  findForSession(playerId: Id, coachId: Id): Promise<{ player: Player; coach: SessionCoach } | null>;
  /** The player's pending, confirmed and in-session bookings with their coaches, soonest first. */
  listOpenSessions(playerId: Id): Promise<PlayerOpenSession[]>;
  /** The guardian's players not removed, oldest first. */
  listActiveByGuardian(guardianId: Id): Promise<Player[]>;
  /** Every player the guardian ever added, removed ones too (erasure searches for their names). */
  listAllByGuardian(guardianId: Id): Promise<Player[]>;
  /** Inserts version 0 as 1, or updates where id and version (0 rows → conflict). */
  save(player: Player): Promise<Result<Player>>;
}
