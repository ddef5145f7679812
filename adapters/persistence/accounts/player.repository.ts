import type { EntityManager } from '@mikro-orm/postgresql';
import { parsePlayer, type Player } from '../../../domain/accounts/players/player';
import type { PlayerLock, PlayerRepository } from '../../../domain/accounts/players/player.repository';
import { conflict } from '../../../domain/shared/errors';
import { isId, type Id } from '../../../domain/shared/ids';
import { err, ok } from '../../../domain/shared/result';
import { rebuild } from '../shared/stored-data';

const COLUMNS = `p.id, p.guardian_id as "guardianId", p.first_name as "firstName", p.last_name as "lastName",
       to_char(p.date_of_birth, 'YYYY-MM-DD') as "dateOfBirth", p.notes, p.guardian_consent_at as "guardianConsentAt",
       p.removed_at as "removedAt", p.created_at as "createdAt", p.updated_at as "updatedAt", p.version`;
const SELECT = `select ${COLUMNS} from players p`;
const LOCKS = { share: ' for share', update: ' for update' } as const;

/** The booking statuses of a session still to happen, whose player's age the coach agreed to. */
const OPEN_STATUSES = `('pending', 'confirmed', 'in_session')`;

interface SessionCoachRow {
  coachFullName: string | null;
  coachAgeGroups: string[] | null;
}

/** Players of guardians' accounts (decision 017): plain SQL, every row re-validated by parsePlayer. */
export function createPlayerRepository(em: EntityManager): PlayerRepository {
  const load = async (where: string, params: unknown[]): Promise<Player[]> => {
    const rows = await em.execute<Record<string, unknown>[]>(`${SELECT} where ${where}`, params);
    return rows.map((row) => rebuild('players', parsePlayer, row));
  };
  return {
    async findById(id: Id, options?: { lock?: PlayerLock }) {
      if (!isId(id)) return null;
      return (await load(`p.id = ?${options?.lock ? LOCKS[options.lock] : ''}`, [id]))[0] ?? null;
    },
    async findForSession(playerId: Id, coachId: Id) {
      if (!isId(playerId) || !isId(coachId)) return null;
      const rows = await em.execute<(Record<string, unknown> & SessionCoachRow)[]>(
        `select ${COLUMNS}, u.full_name as "coachFullName", cp.age_groups as "coachAgeGroups"
           from players p left join users u on u.id = ? left join coach_profiles cp on cp.user_id = u.id
          where p.id = ? for share of p`,
        [coachId, playerId],
      );
      const row = rows[0];
      if (!row) return null;
      return { player: rebuild('players', parsePlayer, row), coach: { fullName: row.coachFullName, ageGroups: row.coachAgeGroups ?? [] } };
    },
    async listOpenSessions(playerId: Id) {
      if (!isId(playerId)) return [];
      const rows = await em.execute<({ referenceCode: string; startsAt: Date | string } & SessionCoachRow)[]>(
        `select b.reference_code as "referenceCode", b.starts_at as "startsAt", u.full_name as "coachFullName", cp.age_groups as "coachAgeGroups"
           from bookings b join users u on u.id = b.coach_id left join coach_profiles cp on cp.user_id = b.coach_id
          where b.player_id = ? and b.status in ${OPEN_STATUSES}
          order by b.starts_at, b.reference_code`,
        [playerId],
      );
      return rows.map((row) => ({
        referenceCode: row.referenceCode,
        startsAt: new Date(row.startsAt),
        coach: { fullName: row.coachFullName, ageGroups: row.coachAgeGroups ?? [] },
      }));
    },
    async listActiveByGuardian(guardianId: Id) {
      return isId(guardianId) ? load('p.guardian_id = ? and p.removed_at is null order by p.created_at, p.id', [guardianId]) : [];
    },
    async listAllByGuardian(guardianId: Id) {
      return isId(guardianId) ? load('p.guardian_id = ? order by p.created_at, p.id', [guardianId]) : [];
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
