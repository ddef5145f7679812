import type { Id } from '../shared/ids';
import type { Result } from '../shared/result';
import type { Player } from './player';

/** Port: players of guardians' accounts (decision 017). */
export interface PlayerRepository {
  findById(id: Id): Promise<Player | null>;
  /** The guardian's players not removed, oldest first. */
  listActiveByGuardian(guardianId: Id): Promise<Player[]>;
  /** Every player the guardian ever added, removed ones too (erasure searches for their names). */
  listAllByGuardian(guardianId: Id): Promise<Player[]>;
  /** Inserts version 0 as 1, or updates where id and version (0 rows → conflict). */
  save(player: Player): Promise<Result<Player>>;
}
