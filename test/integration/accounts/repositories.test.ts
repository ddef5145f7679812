import { describe, expect, it } from 'vitest';
import { createCoachProfile } from '../../../domain/accounts/users/coach-profile';
import { requestDeletion } from '../../../domain/accounts/erasure/deletion-request';
import { registerUser, type User } from '../../../domain/accounts/users/user';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';

const now = new Date('2026-11-22T10:00:00Z');

function newUser(id: string, email: string, extra: Partial<Parameters<typeof registerUser>[0]> = {}): User {
  return unwrap(registerUser({ id, email, fullName: 'Alex Morgan', passwordHash: 'scrypt$x', emailVerified: false, userType: 'client', ...extra }, now));
}

describe('account repositories over PostgreSQL', () => {
  const ctx = useTestApp();

  it('stores a user and loads it back re-validated, by id, email and Google id', async () => {
    const { uow, ids } = ctx.app.deps();
    const user = newUser(ids.newId(), 'Alex@Example.com', {
      googleId: 'g-123',
      preferredCoachingTypes: ['striker', 'midfield'],
      preferredSessionTimes: ['weekend'],
      phone: '+44 7700 900123',
    });
    expect((await uow.transaction((tx) => tx.users.save(user))).ok).toBe(true);
    const read = ctx.app.deps().uow.read.users;
    const byId = await read.findById(user.id);
    expect(byId).toMatchObject({ email: 'alex@example.com', fullName: 'Alex Morgan', phone: '+44 7700 900123', sessionVersion: 0 });
    expect(byId?.preferredCoachingTypes).toEqual(['striker', 'midfield']);
    expect((await read.findByEmail(' ALEX@example.com '))?.id).toBe(user.id);
    expect((await read.findByGoogleId('g-123'))?.id).toBe(user.id);
    expect(await read.findById('not-a-uuid')).toBeNull();
    expect((await read.findManyByIds([user.id, ids.newId()])).map((u) => u.id)).toEqual([user.id]);
  });

  it('refuses a second account with the same email with the SPEC message', async () => {
    const { uow, ids } = ctx.app.deps();
    await uow.transaction((tx) => tx.users.save(newUser(ids.newId(), 'taken@example.com')));
    const second = await ctx.app.deps().uow.transaction((tx) => tx.users.save(newUser(ids.newId(), 'TAKEN@example.com')));
    expect(second.ok).toBe(false);
    if (!second.ok) {
      expect(second.error.code).toBe('EMAIL_TAKEN');
      expect(second.error.message).toBe('An account with this email already exists. Please try logging in instead.');
    }
  });

  it('lets only one of two concurrent changes of the same user win', async () => {
    const { uow, ids } = ctx.app.deps();
    const user = newUser(ids.newId(), 'race@example.com');
    await uow.transaction((tx) => tx.users.save(user));
    const a = ctx.app.deps().uow.read.users;
    const b = ctx.app.deps().uow.read.users;
    const [first, second] = [await a.findById(user.id), await b.findById(user.id)];
    expect((await a.save({ ...first!, fullName: 'First' })).ok).toBe(true);
    const lost = await b.save({ ...second!, fullName: 'Second' });
    expect(lost.ok ? 'saved' : lost.error.code).toBe('CONCURRENT_UPDATE');
    expect((await ctx.app.deps().uow.read.users.findById(user.id))?.fullName).toBe('First');
  });

  it('stores a coach profile with its rate in pence and reads the rating as a number', async () => {
    const { uow, ids } = ctx.app.deps();
    const user = newUser(ids.newId(), 'coach@example.com', { userType: 'coach' });
    const profile = createCoachProfile(user.id, { hourlyRatePence: 4500, servicesOffered: ['goalkeeping'], ageGroups: ['adults'], credentials: ['UEFA B'] }, now);
    const saved = await uow.transaction(async (tx) => {
      const u = await tx.users.save(user);
      return u.ok ? tx.coachProfiles.save(profile) : u;
    });
    expect(saved.ok).toBe(true);
    const read = ctx.app.deps().uow.read.coachProfiles;
    const loaded = await read.findByUserId(user.id);
    expect(loaded).toMatchObject({ hourlyRatePence: 4500, servicesOffered: ['goalkeeping'], credentials: ['UEFA B'], rating: 0, serviceRadiusMiles: 25 });
    expect((await read.save({ ...loaded!, rating: 4.5 })).ok).toBe(true);
    expect((await ctx.app.deps().uow.read.coachProfiles.findByUserId(user.id))?.rating).toBe(4.5);
  });

  it('keeps one pending deletion request per user', async () => {
    const { uow, ids } = ctx.app.deps();
    const user = newUser(ids.newId(), 'leaver@example.com');
    await uow.transaction((tx) => tx.users.save(user));
    const actor = { userId: user.id, role: 'user' as const, userType: 'client' as const };
    const make = () => unwrap(requestDeletion({ id: ids.newId(), actor, reason: 'Moving abroad', hasPendingRequest: false }, now));
    expect((await ctx.app.deps().uow.transaction((tx) => tx.deletionRequests.save(make()))).ok).toBe(true);
    const second = await ctx.app.deps().uow.transaction((tx) => tx.deletionRequests.save(make()));
    expect(second.ok ? 'saved' : second.error.code).toBe('DELETION_ALREADY_PENDING');
    const pending = await ctx.app.deps().uow.read.deletionRequests.findPendingByUserId(user.id);
    expect(pending).toMatchObject({ userId: user.id, reason: 'Moving abroad', status: 'pending' });
  });
});
