import { formatPence } from '../domain/shared/money';
import { formatLondonDate, utcToLondon } from '../domain/shared/london-time';

/** Plain-text output for people: aligned columns, London times, pounds. */
export function table(rows: readonly Record<string, string>[], columns: readonly string[]): string {
  if (rows.length === 0) return '';
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.toUpperCase())), ...rows.map((r) => line(columns.map((c) => r[c] ?? '')))].join('\n');
}

export function when(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${formatLondonDate(d)} ${utcToLondon(d).time}`;
}

export const money = (pence: number): string => formatPence(pence);

export function nameOf(fullName: string): string {
  return fullName.trim() === '' ? 'Unnamed' : fullName;
}

/** key: value lines, for `show` commands. */
export function details(pairs: readonly (readonly [string, string | number | boolean | null | undefined])[]): string {
  const width = Math.max(...pairs.map(([k]) => k.length));
  return pairs.map(([k, v]) => `${`${k}:`.padEnd(width + 2)}${v === null || v === undefined || v === '' ? '-' : String(v)}`).join('\n');
}

/** The hint printed under a listing when there is a next page. */
export function moreHint(next: string | null, command: string): string {
  return next ? `\nMore: ${command} --after ${next}` : '';
}
