import { DomainFailure, conflict } from '../../../domain/shared/errors';
import type { Result } from '../../../domain/shared/result';
import type { EntityManager } from '@mikro-orm/postgresql';
import { refusable } from '../shared/savepoint';
import { rebuildAll } from '../shared/stored-data';

/** `col as "camelCase"` for every column, so rows come back shaped like the domain's records. */
export function selectList(columns: Readonly<Record<string, string>>, alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return Object.entries(columns)
    .map(([property, column]) => `${prefix}${column} as "${property}"`)
    .join(', ');
}

/** Re-validates rows loaded from PostgreSQL (never trusted); a bad row is a StoredDataError. */
export function parseRows<T>(table: string, rows: readonly Record<string, unknown>[], parse: (row: unknown) => Result<T>): T[] {
  return rebuildAll(table, parse, rows);
}

/**
 * A PostgreSQL array literal ('{"a","b"}'). Raw-query parameters that are JS arrays would be
 * expanded into lists, so text[] values travel as literals and PostgreSQL casts them by column.
 */
export function pgArrayLiteral(list: readonly string[]): string {
  return `{${list.map((item) => `"${item.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** The values of `keys` in order, arrays as array literals. */
export function columnValues<T extends object>(record: T, keys: readonly (keyof T)[]): unknown[] {
  return keys.map((key) => {
    const value = record[key];
    return Array.isArray(value) ? pgArrayLiteral(value as string[]) : value;
  });
}

/**
 * The `version` column of each row a repository loaded (users, coach profiles and deletion
 * requests carry no version in the domain). One per repository instance, i.e. per transaction.
 */
export class VersionTracker {
  readonly #versions = new Map<string, number>();
  rememberAll<R extends { version: number }>(key: (row: R) => string, rows: readonly R[]): void {
    for (const row of rows) this.#versions.set(key(row), Number(row.version));
  }
  remember(id: string, version: number): void {
    this.#versions.set(id, version);
  }
  versionOf(id: string): number | undefined {
    return this.#versions.get(id);
  }
}

export const CONCURRENT_UPDATE_MESSAGE = 'This record changed while you were working on it. Please reload and try again.';

/** Throw inside a `refusable` write to fail it with a conflict (the savepoint rolls back). */
export function concurrentUpdate(): never {
  throw new DomainFailure(conflict('CONCURRENT_UPDATE', CONCURRENT_UPDATE_MESSAGE));
}

/**
 * Inserts a new row (version 1) or updates a known one `where <key> = ? and version = ?`,
 * bumping the version; 0 rows updated means someone else changed it: CONCURRENT_UPDATE. Runs
 * inside `refusable`, so a refused write (unique email, one pending request) is a failed Result.
 */
export function saveVersionedRow(
  em: EntityManager,
  row: { table: string; key: string; id: string; columns: readonly string[]; values: readonly unknown[]; tracker: VersionTracker },
): Promise<Result<void>> {
  const { table, key, id, columns, values, tracker } = row;
  return refusable(em, async (tx) => {
    let version = tracker.versionOf(id);
    if (version === undefined) {
      const found = await tx.execute<{ version: number }[]>(`select version from ${table} where ${key} = ?`, [id]);
      if (found.length === 0) {
        await tx.execute(`insert into ${table} (${columns.join(', ')}, version) values (${columns.map(() => '?').join(', ')}, 1)`, [...values]);
        tracker.remember(id, 1);
        return;
      }
      version = Number(found[0]!.version);
      tracker.remember(id, version);
    }
    const sets = columns.map((c) => `${c} = ?`).filter((_, i) => columns[i] !== key);
    const setValues = values.filter((_, i) => columns[i] !== key);
    const result = await tx.execute<{ affectedRows?: number }>(`update ${table} set ${sets.join(', ')}, version = version + 1 where ${key} = ? and version = ?`, [...setValues, id, version], 'run');
    if (!result.affectedRows) concurrentUpdate();
    tracker.remember(id, version + 1);
  });
}
