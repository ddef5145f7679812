import type { Result } from '../../../domain/shared/result';

/**
 * A row that does not pass the domain's re-validation. It is not the user's fault, so it is an
 * exception (a 500 with the table and id in the log), never a silently trusted value.
 */
export class StoredDataError extends Error {
  override name = 'StoredDataError';
  constructor(
    readonly table: string,
    readonly rowId: string,
    readonly detail: string,
  ) {
    super(`Stored ${table} row ${rowId} is invalid: ${detail}`);
  }
}

/** Rebuilds a domain value from a row with the domain's own parse function (ENGINEERING: never trust a row). */
export function rebuild<T>(table: string, parse: (row: unknown) => Result<T>, row: object & { id?: unknown; userId?: unknown }): T {
  const parsed = parse(row);
  const id = row.id ?? row.userId;
  if (!parsed.ok) throw new StoredDataError(table, typeof id === 'string' || typeof id === 'number' ? String(id) : '?', parsed.error.message);
  return parsed.value;
}

export function rebuildAll<T>(table: string, parse: (row: unknown) => Result<T>, rows: readonly (object & { id?: unknown })[]): T[] {
  return rows.map((row) => rebuild(table, parse, row));
}
