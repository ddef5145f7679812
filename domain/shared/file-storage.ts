import type { Result } from './result';

/**
 * Port: stored files (profile photos). Local disk by default, S3-compatible in production
 * (ARCHITECTURE 'Scale-out'). Keys are relative paths such as 'avatars/<userId>-<n>.jpg'.
 */
export interface StoredFile {
  readonly key: string;
  /** The address pages use to show it (root-relative for local storage). */
  readonly url: string;
}

export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<Result<StoredFile>>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** The key of a file this storage serves at `url`, or null for any other address. */
  keyFromUrl(url: string): string | null;
}
