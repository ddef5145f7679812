import { isId } from '../../../domain/shared/ids';

/**
 * Keyset pagination on (created_at desc, id desc): a cursor names the row a page starts after
 * (or ends before). It carries PostgreSQL's own timestamp text, so no microsecond is lost, and
 * is opaque to the browser (base64url of JSON). A cursor that does not parse means page one.
 */
export interface Cursor {
  readonly at: string;
  readonly id: string;
}

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

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

export function decodeCursor(text: string | null | undefined): Cursor | null {
  if (!text || text.length > 200) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as unknown[];
    if (typeof at !== 'string' || !TIMESTAMP_TEXT.test(at) || !isId(id)) return null;
    return { at, id };
  } catch {
    return null;
  }
}

export function pageSize(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(limit)));
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
  const before = decodeCursor(request.before);
  const after = before ? null : decodeCursor(request.after);
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
  const cursorOf = (row: R) => encodeCursor({ at: row.cursor_at, id: row.id });
  const hasNext = direction === 'before' ? kept.length > 0 : more;
  const hasPrev = direction === 'before' ? more : direction === 'after' && kept.length > 0;
  return {
    items: kept.map(map),
    next: hasNext && last ? cursorOf(last) : null,
    prev: hasPrev && first ? cursorOf(first) : null,
  };
}
