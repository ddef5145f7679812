import type { Application } from '../composition-root';
import type { DemoCoach } from './seed-world-data';

/**
 * The demo coaches' base places and ways of coaching: by gazetteer label, so a
 * label the places migration no longer holds fails the seed instead of leaving a coach unplaced.
 */
export async function placeDemoCoaches(app: Application, coaches: readonly DemoCoach[]): Promise<void> {
  const connection = app.orm.em.getConnection();
  for (const c of coaches) {
    const [row] = await connection.execute<{ base_place_id: number | null }[]>(
      `update coach_profiles cp set base_place_id = (select p.id from places p where p.label = ?::text), session_mode = ?
         from users u where u.id = cp.user_id and u.email = ?
       returning cp.base_place_id`,
      [c.place, c.sessionMode, c.email],
    );
    if (!row || (c.place !== null && row.base_place_id === null)) throw new Error(`Demo seed: no place '${c.place ?? ''}' for ${c.email}`);
  }
}
