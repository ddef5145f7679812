import { decodeKeyset, encodeKeyset } from '../shared/keyset-cursor';

/**
 * Keyset pagination on (created_at desc, id desc): a cursor names the row a page starts after
 * (or ends before). It carries PostgreSQL's own timestamp text, so no microsecond is lost, and
 * is opaque to the browser (base64url of JSON; ../shared/keyset-cursor.ts). A cursor that does
 * not parse means page one.
 */
export interface PageRequest {
  /** Rows after this cursor (the next page)… */
  readonly after?: string | null;
  /** …or before it (the previous page). */
  readonly before?: string | null;
  readonly limit?: number;
}

export interface Page<T> {
  readonly items: T[];
  /** Cursor of the next (older) page, or null on the last page. */
  readonly next: string | null;
  /** Cursor of the previous (newer) page, or null on the first page. */
  readonly prev: string | null;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** A CSV export streams pages this long: one statement per 500 lines. */
export const EXPORT_PAGE_SIZE = 500;

export function pageSize(limit: number | undefined, max = MAX_PAGE_SIZE): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(max, Math.max(1, Math.floor(limit)));
}

/** Row fields every keyset query selects besides its own. */
export interface KeysetRow {
  readonly cursor_at: string;
  readonly id: string;
}

/**
 * The WHERE fragment and ORDER BY for a page request, for a table aliased `alias`.
 * `before` pages are read in ascending order and reversed by `finishPage`.
 */
export function keysetClause(alias: string, request: PageRequest): { where: string; params: unknown[]; order: string; direction: 'after' | 'before' | 'first' } {
  const before = decodeKeyset(request.before);
  const after = before ? null : decodeKeyset(request.after);
  if (before)
    return {
      where: `(${alias}.created_at, ${alias}.id) > (?::timestamptz, ?::uuid)`,
      params: [before.at, before.id],
      order: `${alias}.created_at asc, ${alias}.id asc`,
      direction: 'before',
    };
  if (after)
    return {
      where: `(${alias}.created_at, ${alias}.id) < (?::timestamptz, ?::uuid)`,
      params: [after.at, after.id],
      order: `${alias}.created_at desc, ${alias}.id desc`,
      direction: 'after',
    };
  return { where: 'true', params: [], order: `${alias}.created_at desc, ${alias}.id desc`, direction: 'first' };
}

/** Turns limit+1 rows into a page with its cursors. */
export function finishPage<R extends KeysetRow, T>(rows: R[], limit: number, direction: 'after' | 'before' | 'first', map: (row: R) => T): Page<T> {
  const more = rows.length > limit;
  const kept = rows.slice(0, limit);
  if (direction === 'before') kept.reverse();
  const first = kept[0];
  const last = kept[kept.length - 1];
  const cursorOf = (row: R) => encodeKeyset({ at: row.cursor_at, id: row.id });
  const hasNext = direction === 'before' ? kept.length > 0 : more;
  const hasPrev = direction === 'before' ? more : direction === 'after' && kept.length > 0;
  return {
    items: kept.map(map),
    next: hasNext && last ? cursorOf(last) : null,
    prev: hasPrev && first ? cursorOf(first) : null,
  };
}
