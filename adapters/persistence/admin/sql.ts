import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../orm';

/**
 * The admin read models run plain SQL through MikroORM's connection (engineering.md: read paths
 * may use SQL with keyset pagination). Parameters are `?` placeholders, escaped by the driver.
 * Timestamps come back as PostgreSQL text ('2026-11-21 10:00:00.123456+00'), which keeps the
 * microseconds a keyset cursor needs.
 */
export type Sql = <T extends object>(sql: string, params?: readonly unknown[]) => Promise<T[]>;

export function sqlOf(source: Orm | EntityManager): Sql {
  const em = 'em' in source ? (source.em as EntityManager) : source;
  return async <T extends object>(sql: string, params: readonly unknown[] = []) => await em.getConnection().execute<T[]>(sql, params);
}

/** A LIKE pattern matching `text` anywhere (or as a prefix), with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** bigint counts arrive as strings. */
export function toCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** A PostgreSQL timestamp (text or Date) as an ISO string, or null. */
export function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(typeof value === 'string' ? value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00') : Number.NaN);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function toIsoRequired(value: unknown): string {
  return toIso(value) ?? new Date(0).toISOString();
}

export function toText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function toList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
