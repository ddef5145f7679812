import sharp from 'sharp';
import type { PhotoProcessor } from '../../domain/accounts/media/photo-processor';
import { PHOTO_JPEG_QUALITY, PHOTO_MAX_DIMENSION, PHOTO_MESSAGES } from '../../domain/accounts/media/photo';
import { invalid } from '../../domain/shared/errors';
import { err, ok } from '../../domain/shared/result';

/** What the first bytes say the file is: only JPEG, PNG and WebP are accepted (not the name). */
export function sniffImageType(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

const notImage = () => invalid('PHOTO_NOT_IMAGE', PHOTO_MESSAGES.notImage, { photo: [PHOTO_MESSAGES.notImage] });
const unreadable = () => invalid('PHOTO_UNREADABLE', PHOTO_MESSAGES.loadFailed, { photo: [PHOTO_MESSAGES.loadFailed] });

/**
 * Re-encodes an upload whatever the browser did: EXIF orientation applied, metadata dropped,
 * scaled to fit 800x800 (never enlarged), JPEG at quality 70 (SPEC §9: 0.7). The decoder is
 * bounded (pixel limit) so a crafted image cannot exhaust memory.
 */
export function createSharpPhotoProcessor(): PhotoProcessor {
  return {
    async toProfilePhoto(bytes) {
      if (!sniffImageType(bytes)) return err(notImage());
      try {
        const out = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
          .rotate()
          .resize(PHOTO_MAX_DIMENSION, PHOTO_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: Math.round(PHOTO_JPEG_QUALITY * 100), mozjpeg: true })
          .toBuffer();
        return ok({ bytes: new Uint8Array(out), contentType: 'image/jpeg' as const });
      } catch {
        return err(unreadable());
      }
    },
  };
}
