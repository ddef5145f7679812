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
