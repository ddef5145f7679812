import { describe, expect, it } from 'vitest';
import { isPhotoServed, photoOwnerOf, profilePhotoKey } from './photo-file';

const OWNER = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
const key = profilePhotoKey(OWNER, new Date(1_700_000_000_000));

describe('which stored photo is answered', () => {
  it('names its owner in its key, and nobody in a key no upload makes', () => {
    expect(key).toBe(`avatars/${OWNER}-1700000000000.jpg`);
    expect(photoOwnerOf(key)).toBe(OWNER);
    expect(photoOwnerOf('avatars/cleo.jpg')).toBeNull();
    expect(photoOwnerOf(`other/${OWNER}-1.jpg`)).toBeNull();
  });

  it("is only the photo its owner's live profile shows: not an erased owner's, a replaced one or another person's", () => {
    expect(isPhotoServed(key, { id: OWNER, erasedAt: null, ownerPhotoKey: key })).toBe(true);
    expect(isPhotoServed(key, { id: OWNER, erasedAt: new Date(), ownerPhotoKey: key })).toBe(false);
    expect(isPhotoServed(key, { id: OWNER, erasedAt: null, ownerPhotoKey: null })).toBe(false);
    expect(isPhotoServed(key, { id: OWNER, erasedAt: null, ownerPhotoKey: profilePhotoKey(OWNER, new Date(1_800_000_000_000)) })).toBe(false);
    expect(isPhotoServed(key, { id: 'aaaaaaaa-5b7d-4e8f-9a0b-1c2d3e4f5a6b', erasedAt: null, ownerPhotoKey: key })).toBe(false);
    expect(isPhotoServed(key, null)).toBe(false);
  });
});
