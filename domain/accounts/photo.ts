import * as z from 'zod';

/**
 * SPEC §5/§9 profile photo: an image under 5 MB; the adapter scales it to fit 800x800 and
 * re-encodes it as JPEG at quality 0.7 before storing it.
 */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_DIMENSION = 800;
export const PHOTO_JPEG_QUALITY = 0.7;

export const PHOTO_MESSAGES = {
  notImage: 'Please select an image file',
  tooLarge: 'Image must be smaller than 5MB',
  loadFailed: 'Failed to load image',
  readFailed: 'Failed to read file',
} as const;

/** Raster types only: SVG can carry script, so it is refused as "not an image file". */
const ACCEPTED = /^image\/(jpeg|jpg|pjpeg|png|gif|webp|avif|heic|heif|bmp|tiff)$/i;

export const photoFileSchema = z.object({
  mimeType: z.string({ error: PHOTO_MESSAGES.notImage }).regex(ACCEPTED, PHOTO_MESSAGES.notImage),
  sizeBytes: z
    .number({ error: PHOTO_MESSAGES.readFailed })
    .int()
    .positive(PHOTO_MESSAGES.readFailed)
    .lt(MAX_PHOTO_BYTES, PHOTO_MESSAGES.tooLarge),
});
export type PhotoFile = z.output<typeof photoFileSchema>;
