import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, photoFileSchema } from './photo';

describe('profile photo rules (SPEC §5)', () => {
  it("accepts raster images only: 'Please select an image file'", () => {
    expect(photoFileSchema.safeParse({ mimeType: 'image/png', sizeBytes: 1000 }).success).toBe(true);
    expect(photoFileSchema.safeParse({ mimeType: 'application/pdf', sizeBytes: 1000 }).error?.issues[0]?.message).toBe('Please select an image file');
    expect(photoFileSchema.safeParse({ mimeType: 'image/svg+xml', sizeBytes: 1000 }).error?.issues[0]?.message).toBe('Please select an image file');
  });

  it("accepts files under 5MB: 'Image must be smaller than 5MB'", () => {
    expect(photoFileSchema.safeParse({ mimeType: 'image/jpeg', sizeBytes: MAX_PHOTO_BYTES - 1 }).success).toBe(true);
    expect(photoFileSchema.safeParse({ mimeType: 'image/jpeg', sizeBytes: MAX_PHOTO_BYTES }).error?.issues[0]?.message).toBe('Image must be smaller than 5MB');
  });
});
