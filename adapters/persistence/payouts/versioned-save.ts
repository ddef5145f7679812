import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../../../domain/shared/errors';
import { DomainFailure } from '../../../domain/shared/errors';

/**
 * Inserts a row (version 0 in the domain value) or updates it where its version still matches
 * (0 rows: someone else changed it meanwhile → a conflict, and the transaction rolls back).
 * Returns the row as stored.
 */
export async function saveVersioned<Row>(
  em: EntityManager,
  spec: { table: string; key: string; keyValue: unknown; version: number; columns: readonly string[]; values: readonly unknown[]; casts?: Readonly<Record<string, string>> },
): Promise<Row> {
  const placeholder = (column: string) => (spec.casts?.[column] ? `?::${spec.casts[column]}` : '?');
  if (spec.version === 0) {
    const rows = await em.execute<Row[]>(`insert into ${spec.table} (${spec.columns.join(', ')}, version) values (${spec.columns.map(placeholder).join(', ')}, 1) returning *`, [...spec.values]);
    return rows[0]!;
  }
  const sets = spec.columns.filter((c) => c !== spec.key).map((c) => `${c} = ${placeholder(c)}`);
  const values = spec.columns
    .map((c, i) => [c, spec.values[i]] as const)
    .filter(([c]) => c !== spec.key)
    .map(([, v]) => v);
  const rows = await em.execute<Row[]>(`update ${spec.table} set ${sets.join(', ')}, version = version + 1 where ${spec.key} = ? and version = ? returning *`, [
    ...values,
    spec.keyValue,
    spec.version,
  ]);
  if (!rows[0]) throw new DomainFailure(conflict('PAYOUT_CHANGED', 'This payout changed while you were working on it. Please try again.'));
  return rows[0];
}
