import * as z from 'zod';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from './photo-limits';

/** The limits live in photo-limits.ts (zod-free: the browser's resizer uses them). */
export { MAX_PHOTO_BYTES, PHOTO_JPEG_QUALITY, PHOTO_MAX_DIMENSION, PHOTO_MESSAGES } from './photo-limits';

/** Raster types only: SVG can carry script, so it is refused as "not an image file". */
const ACCEPTED = /^image\/(jpeg|jpg|pjpeg|png|gif|webp|avif|heic|heif|bmp|tiff)$/i;

export const photoFileSchema = z.object({
  mimeType: z.string({ error: PHOTO_MESSAGES.notImage }).regex(ACCEPTED, PHOTO_MESSAGES.notImage),
  sizeBytes: z.number({ error: PHOTO_MESSAGES.readFailed }).int().positive(PHOTO_MESSAGES.readFailed).lt(MAX_PHOTO_BYTES, PHOTO_MESSAGES.tooLarge),
});
export type PhotoFile = z.output<typeof photoFileSchema>;
