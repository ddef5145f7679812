import { describe, expect, it } from 'vitest';
import { unwrap } from '../../shared/result';
import { adminActor, adminUser, clientActor, clientUser, coachActor, coachUser, IDS, NOW } from '../../testing/fixtures';
import { canSignIn, deactivateUser, displayName, eraseUser, linkGoogleAccount, parseUser, profilePatchFromForm, registerUser, restoreUser, toActor, updateProfile, verifyEmail } from './user';

const later = new Date(NOW.getTime() + 60_000);

describe('registerUser', () => {
  it('creates an active, unverified email account with a lower-cased email', () => {
    const user = unwrap(registerUser({ id: IDS.client, email: ' Cleo@Example.COM ', fullName: ' Cleo ', passwordHash: 'h', emailVerified: false, userType: 'client' }, NOW));
    expect(user).toMatchObject({
      email: 'cleo@example.com',
      fullName: 'Cleo',
      emailVerifiedAt: null,
      role: 'user',
      userType: 'client',
      isActive: true,
      sessionVersion: 0,
      googleId: null,
    });
  });

  it('creates a verified Google account without a password', () => {
    const user = unwrap(registerUser({ id: IDS.coach, email: 'c@example.com', fullName: 'C', googleId: 'g-1', emailVerified: true, userType: 'coach' }, NOW));
    expect(user).toMatchObject({ passwordHash: null, googleId: 'g-1', emailVerifiedAt: NOW, userType: 'coach' });
  });

  it('refuses an account with no way to sign in or a malformed id or email', () => {
    expect(registerUser({ id: IDS.client, email: 'a@b.co', fullName: 'A', emailVerified: false, userType: 'client' }, NOW).ok).toBe(false);
    expect(registerUser({ id: 'x', email: 'a@b.co', fullName: 'A', passwordHash: 'h', emailVerified: false, userType: 'client' }, NOW).ok).toBe(false);
    expect(registerUser({ id: IDS.client, email: 'nope', fullName: 'A', passwordHash: 'h', emailVerified: false, userType: 'client' }, NOW).ok).toBe(false);
  });
});

describe('verifyEmail and Google linking', () => {
  it('marks the email verified once', () => {
    const user = clientUser({ emailVerifiedAt: null });
    const verified = verifyEmail(user, NOW);
    expect(verified.emailVerifiedAt).toEqual(NOW);
    expect(verifyEmail(verified, later)).toBe(verified);
  });

  it('links a Google id and counts the email as verified', () => {
    const linked = unwrap(linkGoogleAccount(clientUser({ emailVerifiedAt: null }), 'g-9', NOW));
    expect(linked).toMatchObject({ googleId: 'g-9', emailVerifiedAt: NOW });
  });
});

describe('updateProfile', () => {
  it('changes only the fields given, and flattens the location to its address', () => {
    const user = clientUser({ bio: 'Old bio', phone: '+44 7700 900123' });
    const patch = profilePatchFromForm({ fullName: 'Cleo New', location: 'York', phone: null });
    const updated = unwrap(updateProfile(user, clientActor, patch, later));
    expect(updated).toMatchObject({ fullName: 'Cleo New', locationAddress: 'York', phone: null, bio: 'Old bio', updatedAt: later });
  });

  it("saves a client's home place as an explicit choice, clears it on a blank, and keeps no home place for a coach", () => {
    const saved = unwrap(updateProfile(clientUser(), clientActor, profilePatchFromForm({ homePlace: 2651476 }), later));
    expect(saved.homePlaceId).toBe(2651476);
    expect(unwrap(updateProfile(saved, clientActor, profilePatchFromForm({ bio: 'x' }), later)).homePlaceId).toBe(2651476);
    expect(unwrap(updateProfile(saved, clientActor, profilePatchFromForm({ homePlace: null }), later)).homePlaceId).toBeNull();
    expect(unwrap(updateProfile(coachUser(), coachActor, profilePatchFromForm({ homePlace: 2651476 }), later)).homePlaceId).toBeNull();
  });

  it('lets nobody but the owner change a profile, not even an admin', () => {
    const user = clientUser();
    expect(updateProfile(user, coachActor, { bio: 'x' }, NOW)).toMatchObject({ ok: false, error: { code: 'NOT_PROFILE_OWNER', kind: 'forbidden' } });
    expect(updateProfile(user, adminActor, { bio: 'x' }, NOW)).toMatchObject({ ok: false, error: { code: 'NOT_PROFILE_OWNER' } });
  });

  it('refuses changes to an erased account', () => {
    const erased = eraseUser(clientUser(), IDS.admin, NOW);
    expect(updateProfile(erased, clientActor, { bio: 'x' }, NOW)).toMatchObject({ ok: false, error: { code: 'USER_ERASED' } });
  });
});

describe('deactivateUser (admin removal)', () => {
  it('deactivates with a reason for admins, ends every session and records who did it', () => {
    const user = clientUser();
    const removed = unwrap(deactivateUser(user, adminActor, ' Abusive messages ', NOW));
    expect(removed).toMatchObject({
      isActive: false,
      deactivatedAt: NOW,
      deactivationReason: 'Abusive messages',
      deactivatedBy: IDS.admin,
      sessionVersion: user.sessionVersion + 1,
    });
    expect(canSignIn(removed)).toBe(false);
  });

  it('accepts no reason', () => {
    expect(unwrap(deactivateUser(coachUser(), adminActor, null, NOW)).deactivationReason).toBeNull();
  });

  it('is for admins only, never against an admin, never twice', () => {
    expect(deactivateUser(clientUser(), coachActor, null, NOW)).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY', kind: 'forbidden' } });
    const otherAdmin = adminUser({ id: IDS.admin2 });
    expect(deactivateUser(otherAdmin, adminActor, null, NOW)).toMatchObject({ ok: false, error: { code: 'CANNOT_REMOVE_ADMIN' } });
    expect(deactivateUser(adminUser(), adminActor, null, NOW)).toMatchObject({ ok: false, error: { code: 'CANNOT_REMOVE_SELF' } });
    const removed = unwrap(deactivateUser(clientUser(), adminActor, null, NOW));
    expect(deactivateUser(removed, adminActor, null, NOW)).toMatchObject({ ok: false, error: { code: 'USER_ALREADY_DEACTIVATED', kind: 'conflict' } });
  });
});

describe('restoreUser', () => {
  it('sets the account active and clears the reason and the time', () => {
    const removed = unwrap(deactivateUser(clientUser(), adminActor, 'Spam', NOW));
    const restored = unwrap(restoreUser(removed, adminActor, later));
    expect(restored).toMatchObject({ isActive: true, deactivatedAt: null, deactivationReason: null, deactivatedBy: null });
    expect(canSignIn(restored)).toBe(true);
  });

  it('is for admins only and only for deactivated, not erased, accounts', () => {
    const removed = unwrap(deactivateUser(clientUser(), adminActor, null, NOW));
    expect(restoreUser(removed, clientActor, NOW)).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY' } });
    expect(restoreUser(clientUser(), adminActor, NOW)).toMatchObject({ ok: false, error: { code: 'USER_NOT_DEACTIVATED' } });
    expect(restoreUser(eraseUser(clientUser(), IDS.admin, NOW), adminActor, NOW)).toMatchObject({ ok: false, error: { code: 'USER_ERASED' } });
  });
});

describe('eraseUser (approved deletion)', () => {
  it('anonymises name, email, phone, bio, photo and videos, deactivates and ends sessions', () => {
    const user = coachUser({
      homePlaceId: 2651476,
      phone: '+44 7700 900123',
      bio: 'About me',
      avatarUrl: '/media/a.jpg',
      videoClip1: 'https://youtu.be/dQw4w9WgXcQ',
      locationAddress: 'Leeds',
      googleId: 'g-1',
    });
    const erased = eraseUser(user, IDS.admin, NOW);
    expect(erased).toMatchObject({
      id: user.id,
      fullName: 'Deleted user',
      email: `deleted-${user.id}@erased.invalid`,
      phone: null,
      bio: null,
      avatarUrl: null,
      videoClip1: null,
      locationAddress: null,
      homePlaceId: null,
      passwordHash: null,
      googleId: null,
      isActive: false,
      erasedAt: NOW,
      sessionVersion: user.sessionVersion + 1,
    });
    expect(canSignIn(erased)).toBe(false);
  });
});

describe('parseUser', () => {
  it("re-validates a stored row, mapping the legacy type 'user' to client and dropping unknown catalogue values", () => {
    const user = clientUser();
    const row = { ...user, userType: 'user', preferredCoachingTypes: ['striker', 'juggling'], createdAt: user.createdAt.toISOString() };
    const parsed = unwrap(parseUser(row));
    expect(parsed.userType).toBe('client');
    expect(parsed.preferredCoachingTypes).toEqual(['striker']);
    expect(parsed.createdAt).toEqual(user.createdAt);
  });

  it('refuses a malformed row', () => {
    expect(parseUser({ ...clientUser(), role: 'superuser' })).toMatchObject({ ok: false, error: { code: 'INVALID_RECORD' } });
    expect(parseUser({ ...clientUser(), id: 'nope' }).ok).toBe(false);
  });
});

describe('small helpers', () => {
  it("shows 'User' for a blank name and gives the actor of a user", () => {
    expect(displayName({ fullName: '  ' })).toBe('User');
    expect(toActor(coachUser())).toEqual(coachActor);
  });
});
