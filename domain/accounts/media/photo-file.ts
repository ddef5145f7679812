import * as z from 'zod';
import type { Id } from '../../shared/ids';
import type { OutboxJob } from '../../shared/outbox';
import type { User } from '../users/user';

/**
 * Stored profile photos (decision 038). A photo's key names its owner and the moment it was
 * uploaded: `avatars/<user id>-<ms>.jpg`. A stored photo is answered only while its owner's profile
 * shows it, so a photo stops being served the moment its owner is erased (the erasure clears the
 * profile's photo in its transaction), whichever process approved the erasure and whether or not
 * the file is gone yet. Removing the file itself is work for the process that owns the storage:
 * an outbox job queued in the same transaction.
 */

export function profilePhotoKey(userId: Id, at: Date): string {
  return `avatars/${userId}-${at.getTime()}.jpg`;
}

const OWNED_KEY = /^avatars\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-\d+\.(?:jpg|jpeg|png|webp)$/i;

/** The user a stored photo belongs to, from its key; null for a key no upload makes. */
export function photoOwnerOf(key: string): Id | null {
  return OWNED_KEY.exec(key)?.[1]?.toLowerCase() ?? null;
}

/**
 * Whether the file under `key` may be answered: only the photo its owner's live profile shows.
 * An erased owner's, a replaced photo and a file nobody's profile names are not.
 * `ownerPhotoKey` is the storage key of the owner's current photo (null for none or an outside URL).
 */
export function isPhotoServed(key: string, owner: (Pick<User, 'id' | 'erasedAt'> & { readonly ownerPhotoKey: string | null }) | null): boolean {
  return owner !== null && owner.erasedAt === null && owner.id === photoOwnerOf(key) && owner.ownerPhotoKey === key;
}

/** The outbox job that removes a stored photo file; run only by a worker in the process that owns the storage. */
export const PHOTO_FILE_REMOVAL_JOB = 'storage.photo_removal';

const payloadSchema = z.object({ key: z.string().min(1).max(500) });

export function photoFileRemovalJob(key: string): OutboxJob {
  return { type: PHOTO_FILE_REMOVAL_JOB, payload: { key }, dedupeKey: `photo-removal:${key}` };
}

export function parsePhotoFileRemovalJob(payload: unknown): { key: string } | null {
  const parsed = payloadSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}
