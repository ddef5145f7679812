import type { RateLimitClearer } from '../../domain/rate-limit/rate-limit-clearer';
import type { RateLimitReader } from '../../domain/rate-limit/rate-limit-reader';
import type { RateLimitHit, RateLimitStore } from '../../domain/rate-limit/rate-limit-store';
import type { Orm } from '../persistence/orm';

/**
 * Fixed-window counters in PostgreSQL (table rate_limit_counters), shared by every app
 * instance. One atomic upsert per hit: a new key or an ended window starts at 1, otherwise the
 * count goes up by one (see domain/rate-limit/fixed-window.ts). Ended rows are swept now and then.
 */
const HIT_SQL = `
  insert into rate_limit_counters as c (key, window_started_at, hits, expires_at)
  values (?, ?, 1, ?)
  on conflict (key) do update set
    window_started_at = case when c.expires_at <= excluded.window_started_at then excluded.window_started_at else c.window_started_at end,
    hits = case when c.expires_at <= excluded.window_started_at then 1 else c.hits + 1 end,
    expires_at = case when c.expires_at <= excluded.window_started_at then excluded.expires_at else c.expires_at end
  returning hits, expires_at`;

interface Row {
  hits: number;
  expires_at: Date | string;
}

const toHit = (row: Row): RateLimitHit => ({ count: Number(row.hits), resetAt: new Date(row.expires_at) });

export function createPgRateLimitStore(orm: Orm): RateLimitStore & RateLimitReader & RateLimitClearer {
  const connection = () => orm.em.fork().getConnection();
  let hitsSinceSweep = 0;
  return {
    async hit(key, windowMs, now) {
      const rows = await connection().execute<Row[]>(HIT_SQL, [key, now, new Date(now.getTime() + windowMs)]);
      if (++hitsSinceSweep >= 500) {
        hitsSinceSweep = 0;
        await connection().execute('delete from rate_limit_counters where expires_at < ?', [now]);
      }
      return toHit(rows[0]!);
    },
    async clear(key) {
      await connection().execute('delete from rate_limit_counters where key = ?', [key]);
    },
    async current(key, now) {
      const rows = await connection().execute<Row[]>('select hits, expires_at from rate_limit_counters where key = ? and expires_at > ?', [key, now]);
      return rows[0] ? toHit(rows[0]) : null;
    },
  };
}
