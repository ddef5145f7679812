import type { Application } from '../composition-root';

export interface SeedSummary {
  summary: Record<string, unknown>;
}

/** Loads the demo world into an empty database; returns undefined when there was data already. */
export async function seedDemoIfEmpty(app: Application): Promise<SeedSummary | undefined> {
  const rows = await app.orm.em.fork().getConnection().execute<{ count: string }[]>('select count(*)::text as count from users');
  if (rows[0] && rows[0].count !== '0') return undefined;
  // The demo world is assembled from the real use cases in seed-world.ts once they exist.
  return undefined;
}
