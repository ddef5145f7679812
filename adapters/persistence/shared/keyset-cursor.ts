import { isId } from '../../../domain/shared/ids';

/**
 * An opaque keyset cursor: PostgreSQL's own timestamp text (so no microsecond is lost) and the
 * id that breaks ties, as base64url JSON. Anything that does not parse means "from the start".
 * Shared by the admin lists (admin/keyset.ts) and the conversation list (messaging/conversations.ts).
 */
export interface Keyset {
  readonly at: string;
  readonly id: string;
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

export function encodeKeyset(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.at, keyset.id])).toString('base64url');
}

export function decodeKeyset(text: string | null | undefined): Keyset | null {
  return decodeKeysetOf(text, isId);
}

/** The same for rows keyed by something else than a uuid (a card provider's chargeback id). */
export function decodeKeysetOf(text: string | null | undefined, isKey: (id: unknown) => boolean): Keyset | null {
  if (!text || text.length > 200) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as unknown[];
    if (typeof at !== 'string' || !TIMESTAMP_TEXT.test(at) || typeof id !== 'string' || !isKey(id)) return null;
    return { at, id };
  } catch {
    return null;
  }
}
