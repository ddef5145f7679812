import type { Application } from '../composition-root';
import { seedWorld, type DemoWorldSummary } from './seed-world';

export interface SeedSummary {
  summary: DemoWorldSummary;
  /** What to print: how to sign in to the demo world. */
  lines: string[];
}

/** The sign-in instructions printed by `npm start` and `fact db seed --demo`. */
export function signInLines(summary: DemoWorldSummary, url?: string): string[] {
  const where = url ? `${url}/?login=1` : 'the Login button on the landing page';
  return [
    'Demo world loaded. Sign in with "Continue with Email" at ' + where + ':',
    `  administrator  ${summary.admin}`,
    `  coach          ${summary.coaches[0] ?? '-'}  (${summary.coaches.length} coaches: ${summary.coaches.map((e) => e.split('@')[0]).join(', ')})`,
    `  client         ${summary.clients[0] ?? '-'}  (${summary.clients.length} clients: ${summary.clients.map((e) => e.split('@')[0]).join(', ')})`,
    `  password       ${summary.password}  (every demo account)`,
    `  bookings       ${Object.entries(summary.bookings)
      .map(([s, n]) => `${n} ${s}`)
      .join(', ')}; ${summary.pendingDeletionRequests} deletion request waiting`,
  ];
}

/** Loads the demo world into an empty database; returns undefined when there was data already. */
export async function seedDemoIfEmpty(app: Application): Promise<SeedSummary | undefined> {
  const rows = await app.orm.em.fork().getConnection().execute<{ count: string }[]>('select count(*)::text as count from users');
  if (rows[0] && rows[0].count !== '0') return undefined;
  const summary = await seedWorld(app);
  return { summary, lines: signInLines(summary) };
}
