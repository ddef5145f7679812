import type { TestServer } from './server';

/**
 * The first row of `sql` once there is one: what a browser test waits on when the server's
 * background jobs (the outbox) do the work after the page has answered. Fails after `timeoutMs`
 * with the jobs not yet done and the end of the server's output.
 */
export async function untilRow<T extends Record<string, unknown>>(server: TestServer, what: string, sql: string, params: unknown[] = [], timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await server.db.query<T>(sql, params);
    if (rows.length > 0) return rows[0]!;
    if (Date.now() > deadline) {
      const jobs = await server.db.query(`select type, status, last_error from outbox_jobs where status <> 'done' order by created_at`);
      throw new Error(`${what} did not happen: ${JSON.stringify(jobs)}\n${server.output().slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
