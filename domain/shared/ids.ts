import * as z from 'zod';

export type Id = string;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** SPEC §5: ids are UUIDs ('Invalid ID format'). */
export const idSchema = z.string().regex(UUID_PATTERN, 'Invalid ID format');

export function isId(value: unknown): value is Id {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** Port: where new ids come from (crypto in production, a sequence in tests). */
export interface IdSource {
  newId(): Id;
}
