import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unavailable } from '../../domain/shared/errors';
import type { FileStorage } from '../../domain/shared/file-storage';
import { err, ok } from '../../domain/shared/result';

/** Keys are relative paths of safe segments: 'avatars/<id>-<n>.jpg'. */
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.(?:jpg|jpeg|png|webp)$/i;
export const UPLOADS_URL_PREFIX = '/uploads/';

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}

/** Files under `<DATA_DIR>/uploads`, served at /uploads/<key> (see adapters/http/uploads-route.ts). */
export function createLocalFileStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, 'uploads');
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    async put(key, bytes, contentType) {
      if (!isStorageKey(key)) return err(unavailable('STORAGE_BAD_KEY', 'The file could not be stored.'));
      void contentType; // the extension of the key carries the type for local files
      const file = fileOf(key);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(temp, bytes);
        await rename(temp, file);
        return ok({ key, url: `${UPLOADS_URL_PREFIX}${key}` });
      } catch {
        return err(unavailable('STORAGE_UNAVAILABLE', 'The file could not be stored. Please try again.'));
      }
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const bytes = await readFile(fileOf(key));
        const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
        return { bytes: new Uint8Array(bytes), contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' };
      } catch {
        return null;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await unlink(fileOf(key)).catch(() => {});
    },
    keyFromUrl(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
      const key = url.slice(UPLOADS_URL_PREFIX.length).split(/[?#]/)[0] ?? '';
      return isStorageKey(key) ? key : null;
    },
  };
}
