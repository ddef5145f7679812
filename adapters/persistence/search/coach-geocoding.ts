import type { EntityManager } from '@mikro-orm/postgresql';
import type { IdSource } from '../../../domain/shared/ids';
import { pgArrayLiteral } from '../accounts/sql-rows';

/** A coach without a base place, with the free-text location the geocoding reads. */
export interface UnplacedCoach {
  readonly userId: string;
  readonly fullName: string;
  readonly location: string | null;
}

export interface CoachPlacing {
  readonly userId: string;
  readonly placeId: number;
  readonly label: string;
}

/** Coaches (not erased) who meet players in person and have no base place yet, by name (an online-only coach needs none). */
export async function unplacedCoaches(em: EntityManager): Promise<UnplacedCoach[]> {
  const rows = await em.getConnection().execute<{ user_id: string; full_name: string; location_address: string | null }[]>(
    `select cp.user_id, u.full_name, u.location_address
       from coach_profiles cp join users u on u.id = cp.user_id
      where cp.base_place_id is null and cp.session_mode <> 'online' and u.erased_at is null
      order by u.full_name, cp.user_id`,
  );
  return rows.map((r) => ({ userId: r.user_id, fullName: r.full_name, location: r.location_address }));
}

/**
 * Gives each coach their matched place, in one transaction with one audit_log row per coach
 * placed (action 'coach.geocode', via the CLI, by the acting administrator). A coach who chose a
 * place meanwhile keeps it (`base_place_id is null`); the version moves, so a profile form loaded
 * before this does not overwrite it unseen. Returns the coaches placed.
 */
export async function placeCoaches(em: EntityManager, ids: IdSource, actorId: string, placings: readonly CoachPlacing[]): Promise<string[]> {
  if (placings.length === 0) return [];
  return em.fork().transactional(async (tx) => {
    const placed = await tx.getConnection().execute<{ user_id: string }[]>(
      `update coach_profiles cp set base_place_id = t.place_id, version = cp.version + 1, updated_at = now()
         from unnest(?::uuid[], ?::int[]) as t (user_id, place_id)
        where cp.user_id = t.user_id and cp.base_place_id is null
        returning cp.user_id`,
      [pgArrayLiteral(placings.map((p) => p.userId)), pgArrayLiteral(placings.map((p) => String(p.placeId)))],
      'all',
      tx.getTransactionContext(),
    );
    const done = new Set(placed.map((r) => r.user_id));
    const audited = placings.filter((p) => done.has(p.userId));
    if (audited.length > 0) {
      await tx.getConnection().execute(
        `insert into audit_log (id, actor_id, action, target_type, target_id, details)
         select t.id, ?, 'coach.geocode', 'user', t.user_id, jsonb_build_object('via', 'cli', 'placeId', t.place_id, 'place', t.label)
           from unnest(?::uuid[], ?::text[], ?::int[], ?::text[]) as t (id, user_id, place_id, label)`,
        [
          actorId,
          pgArrayLiteral(audited.map(() => ids.newId())),
          pgArrayLiteral(audited.map((p) => p.userId)),
          pgArrayLiteral(audited.map((p) => String(p.placeId))),
          pgArrayLiteral(audited.map((p) => p.label)),
        ],
        'run',
        tx.getTransactionContext(),
      );
    }
    return audited.map((p) => p.userId);
  });
}
