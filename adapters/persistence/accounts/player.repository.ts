import type { EntityManager } from '@mikro-orm/postgresql';
import { parsePlayer, type Player } from '../../../domain/accounts/player';
import type { PlayerRepository } from '../../../domain/accounts/player.repository';
import { conflict } from '../../../domain/shared/errors';
import { isId, type Id } from '../../../domain/shared/ids';
import { err, ok } from '../../../domain/shared/result';
import { rebuild } from '../shared/stored-data';

const SELECT = `select id, guardian_id as "guardianId", first_name as "firstName", last_name as "lastName",
       to_char(date_of_birth, 'YYYY-MM-DD') as "dateOfBirth", notes, guardian_consent_at as "guardianConsentAt",
       removed_at as "removedAt", created_at as "createdAt", updated_at as "updatedAt", version
  from players`;

/** Players of guardians' accounts (decision 017): plain SQL, every row re-validated by parsePlayer. */
export function createPlayerRepository(em: EntityManager): PlayerRepository {
  const load = async (where: string, params: unknown[]): Promise<Player[]> => {
    const rows = await em.execute<Record<string, unknown>[]>(`${SELECT} where ${where}`, params);
    return rows.map((row) => rebuild('players', parsePlayer, row));
  };
  return {
    async findById(id: Id) {
      return isId(id) ? ((await load('id = ?', [id]))[0] ?? null) : null;
    },
    async listActiveByGuardian(guardianId: Id) {
      return isId(guardianId) ? load('guardian_id = ? and removed_at is null order by created_at, id', [guardianId]) : [];
    },
    async listAllByGuardian(guardianId: Id) {
      return isId(guardianId) ? load('guardian_id = ? order by created_at, id', [guardianId]) : [];
    },
    async save(player: Player) {
      const values = [player.firstName, player.lastName, player.dateOfBirth, player.notes, player.guardianConsentAt, player.removedAt, player.updatedAt];
      if (player.version === 0) {
        await em.execute(
          `insert into players (first_name, last_name, date_of_birth, notes, guardian_consent_at, removed_at, updated_at, id, guardian_id, created_at, version)
           values (?, ?, ?::date, ?, ?, ?, ?, ?, ?, ?, 1)`,
          [...values, player.id, player.guardianId, player.createdAt],
          'run',
        );
        return ok({ ...player, version: 1 });
      }
      const result = await em.execute<{ affectedRows?: number }>(
        `update players set first_name = ?, last_name = ?, date_of_birth = ?::date, notes = ?, guardian_consent_at = ?, removed_at = ?,
                updated_at = ?, version = version + 1
          where id = ? and version = ?`,
        [...values, player.id, player.version],
        'run',
      );
      if (!result.affectedRows) return err(conflict('PLAYER_CHANGED', 'This player changed while you were working on it. Please reload and try again.'));
      return ok({ ...player, version: player.version + 1 });
    },
  };
}
