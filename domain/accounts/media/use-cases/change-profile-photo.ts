import type { Clock } from '../../../shared/clock';
import type { FileStorage } from '../../../shared/file-storage';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import { accountErrors } from '../../users/account-errors';
import type { Actor } from '../../../policy/actor';
import { photoFileSchema } from '../photo';
import { profilePhotoKey } from '../photo-file';
import type { PhotoProcessor } from '../photo-processor';
import { updateProfile, type User } from '../../users/user';

/**
 * SPEC §5 photo upload: an image under 5 MB, scaled to fit 800x800 and stored as JPEG
 * (quality 0.7); the profile then points at it and the previous stored photo is removed.
 */
export async function changeProfilePhoto(
  deps: { uow: UnitOfWork; clock: Clock; storage: FileStorage; photos: PhotoProcessor },
  input: { actor: Actor; file: { mimeType: string; sizeBytes: number; bytes: Uint8Array } },
): Promise<Result<User>> {
  const checked = parseForm(photoFileSchema, { mimeType: input.file.mimeType, sizeBytes: input.file.sizeBytes });
  if (!checked.ok) return checked;
  const photo = await deps.photos.toProfilePhoto(input.file.bytes);
  if (!photo.ok) return photo;
  const now = deps.clock.now();
  const key = profilePhotoKey(input.actor.userId, now);
  const stored = await deps.storage.put(key, photo.value.bytes, photo.value.contentType);
  if (!stored.ok) return stored;

  let previous: string | null = null;
  const result = await deps.uow.transaction(async (tx) => {
    const user = await tx.users.findById(input.actor.userId);
    if (!user) return err(accountErrors.userNotFound());
    previous = user.avatarUrl;
    const updated = updateProfile(user, input.actor, { avatarUrl: stored.value.url }, now);
    if (!updated.ok) return updated;
    const saved = await tx.users.save(updated.value);
    return saved.ok ? ok(updated.value) : saved;
  });
  const oldKey = result.ok ? (previous ? deps.storage.keyFromUrl(previous) : null) : key;
  if (oldKey) await deps.storage.delete(oldKey);
  return result;
}
