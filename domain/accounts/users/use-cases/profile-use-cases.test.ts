import { describe, expect, it } from 'vitest';
import { unwrap, ok, err } from '../../../shared/result';
import { invalid } from '../../../shared/errors';
import { aBooking, adminActor, clientActor, clientUser, coach2Actor, coachActor, coachUser, IDS, NOW } from '../../../testing/fixtures';
import { fixedClock, memoryStorage, memoryUnitOfWork } from '../../../testing';
import { createCoachProfile } from '../coach-profile';
import type { PhotoProcessor } from '../../media/photo-processor';
import { changeProfilePhoto } from '../../media/use-cases/change-profile-photo';
import { updateCoachProfile } from './update-coach-profile';
import { updateProfile } from './update-profile';
import { viewProfile } from './view-profile';

function setup() {
  const uow = memoryUnitOfWork();
  uow.data.users.set(IDS.client, clientUser());
  uow.data.users.set(IDS.coach, coachUser());
  uow.data.users.set(IDS.coach2, coachUser({ id: IDS.coach2, email: 'c2@example.com' }));
  uow.data.users.set(IDS.admin, clientUser({ id: IDS.admin, role: 'admin', email: 'admin@example.com' }));
  return { uow, deps: { uow, clock: fixedClock(NOW) } };
}

describe('updateProfile use case', () => {
  it("saves the signed-in user's profile form", async () => {
    const { uow, deps } = setup();
    const user = unwrap(await updateProfile(deps, { actor: clientActor, form: { fullName: 'Cleo Kicks', location: 'Bristol', preferredSessionTimes: ['evening'] } }));
    expect(user).toMatchObject({ fullName: 'Cleo Kicks', locationAddress: 'Bristol', preferredSessionTimes: ['evening'] });
    expect(uow.data.users.get(IDS.client)?.fullName).toBe('Cleo Kicks');
  });

  it('returns field errors for an invalid form', async () => {
    const { deps } = setup();
    expect(await updateProfile(deps, { actor: clientActor, form: { phone: 'abc' } })).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: 'Invalid phone number format', fieldErrors: { phone: ['Invalid phone number format'] } },
    });
  });
});

describe('updateCoachProfile use case', () => {
  it("saves the coach's rate, services and age groups, creating the profile if missing", async () => {
    const { uow, deps } = setup();
    const profile = unwrap(await updateCoachProfile(deps, { actor: coachActor, form: { hourlyRate: '65', servicesOffered: ['midfield'], ageGroups: ['under_14'] } }));
    expect(profile).toMatchObject({ hourlyRatePence: 6500, servicesOffered: ['midfield'], ageGroups: ['under_14'], serviceRadiusMiles: 25 });
    expect(uow.data.coachProfiles.get(IDS.coach)).toEqual(profile);
  });

  it('is for coaches only', async () => {
    const { deps } = setup();
    expect(await updateCoachProfile(deps, { actor: clientActor, form: {} })).toMatchObject({ ok: false, error: { code: 'NOT_A_COACH' } });
  });

  it("refuses a rate under £10: 'Rate must be at least £10'", async () => {
    const { deps } = setup();
    expect(await updateCoachProfile(deps, { actor: coachActor, form: { hourlyRate: '5', servicesOffered: ['midfield'], ageGroups: ['adults'] } })).toMatchObject({
      ok: false,
      error: { message: 'Rate must be at least £10' },
    });
  });
});

describe('changeProfilePhoto', () => {
  const photos: PhotoProcessor = {
    toProfilePhoto: async (bytes) => (bytes.length > 0 ? ok({ bytes: new Uint8Array([1, 2]), contentType: 'image/jpeg' }) : err(invalid('PHOTO_UNREADABLE', 'Failed to load image'))),
  };

  it('stores the resized photo, points the profile at it and removes the old one', async () => {
    const { uow, deps } = setup();
    const storage = memoryStorage();
    await storage.put('avatars/old.jpg', new Uint8Array([9]), 'image/jpeg');
    uow.data.users.set(IDS.client, clientUser({ avatarUrl: '/media/avatars/old.jpg' }));
    const user = unwrap(await changeProfilePhoto({ ...deps, storage, photos }, { actor: clientActor, file: { mimeType: 'image/png', sizeBytes: 2000, bytes: new Uint8Array([7]) } }));
    expect(user.avatarUrl).toBe(`/media/avatars/${IDS.client}-${NOW.getTime()}.jpg`);
    expect([...storage.files.keys()]).toEqual([`avatars/${IDS.client}-${NOW.getTime()}.jpg`]);
  });

  it('refuses a file that is not an image or is too big, and an unreadable image', async () => {
    const { deps } = setup();
    const storage = memoryStorage();
    const run = (file: { mimeType: string; sizeBytes: number; bytes: Uint8Array }) => changeProfilePhoto({ ...deps, storage, photos }, { actor: clientActor, file });
    expect(await run({ mimeType: 'text/plain', sizeBytes: 10, bytes: new Uint8Array([1]) })).toMatchObject({ ok: false, error: { message: 'Please select an image file' } });
    expect(await run({ mimeType: 'image/jpeg', sizeBytes: 6 * 1024 * 1024, bytes: new Uint8Array([1]) })).toMatchObject({ ok: false, error: { message: 'Image must be smaller than 5MB' } });
    expect(await run({ mimeType: 'image/jpeg', sizeBytes: 10, bytes: new Uint8Array([]) })).toMatchObject({ ok: false, error: { message: 'Failed to load image' } });
    expect(storage.files.size).toBe(0);
  });
});

describe('viewProfile', () => {
  it("opens a coach's profile, with the coach block, to any signed-in user", async () => {
    const { uow, deps } = setup();
    uow.data.coachProfiles.set(IDS.coach, createCoachProfile(IDS.coach, {}, NOW));
    const view = unwrap(await viewProfile(deps, { viewer: clientActor, userId: IDS.coach }));
    expect(view).toMatchObject({ user: { id: IDS.coach }, coachProfile: { hourlyRatePence: 5000 } });
  });

  it("shows the viewer's own profile when no userId is given", async () => {
    const { deps } = setup();
    expect(unwrap(await viewProfile(deps, { viewer: clientActor })).user.id).toBe(clientActor.userId);
  });

  it("shows a client's profile to a coach only when they share a booking, as 'User not found' otherwise", async () => {
    const { uow, deps } = setup();
    expect(await viewProfile(deps, { viewer: coachActor, userId: IDS.client })).toMatchObject({ ok: false, error: { kind: 'not_found', message: 'User not found' } });
    uow.data.bookingParties.set(IDS.booking, aBooking());
    expect((await viewProfile(deps, { viewer: coachActor, userId: IDS.client })).ok).toBe(true);
    expect((await viewProfile(deps, { viewer: coach2Actor, userId: IDS.client })).ok).toBe(false);
    expect(unwrap(await viewProfile(deps, { viewer: adminActor, userId: IDS.client })).user.email).toBe(clientUser().email);
  });
});
