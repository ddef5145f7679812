import type { Result } from '../../shared/result';

/**
 * Port: turns an uploaded image into the stored profile photo: scaled to fit 800x800 and
 * re-encoded as JPEG at quality 0.7 (SPEC §5). An unreadable image fails with invalid
 * 'PHOTO_UNREADABLE' ('Failed to load image').
 */
export interface PhotoProcessor {
  toProfilePhoto(bytes: Uint8Array): Promise<Result<{ bytes: Uint8Array; contentType: 'image/jpeg' }>>;
}
