import type { FileStorage } from '../../../shared/file-storage';
import type { UnitOfWork } from '../../../unit-of-work';
import { isPhotoServed, photoOwnerOf } from '../photo-file';

/**
 * GET /uploads/<key>: the stored photo, or null (answered 404) unless its owner's live profile
 * shows it (decision 038). One read of the owner's row by its primary key, then the file.
 */
export async function serveProfilePhoto(deps: { uow: UnitOfWork; storage: FileStorage }, key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const ownerId = photoOwnerOf(key);
  if (!ownerId) return null;
  const owner = await deps.uow.read.users.findById(ownerId);
  const ownerPhotoKey = owner?.avatarUrl ? deps.storage.keyFromUrl(owner.avatarUrl) : null;
  if (!isPhotoServed(key, owner && { id: owner.id, erasedAt: owner.erasedAt, ownerPhotoKey })) return null;
  return deps.storage.get(key);
}
