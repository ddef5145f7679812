import { describe, expect, it } from 'vitest';
import { createCoachProfile } from '../../accounts/users/coach-profile';
import { conflict } from '../../shared/errors';
import { err, unwrap } from '../../shared/result';
import { adminActor, adminUser, clientActor, clientUser, coach2Actor, coachActor, coachUser, IDS, NOW } from '../../testing/fixtures';
import { fixedClock, memoryUnitOfWork } from '../../testing';
import { setCoachVerification } from './set-coach-verification';

const LATER = new Date(NOW.getTime() + 3_600_000);

function setup() {
  const uow = memoryUnitOfWork();
  uow.data.users.set(IDS.admin, adminUser());
  uow.data.users.set(IDS.client, clientUser());
  uow.data.users.set(IDS.coach, coachUser());
  uow.data.coachProfiles.set(IDS.coach, createCoachProfile(IDS.coach, { credentials: ['UEFA B'] }, NOW));
  return { uow, deps: { uow, clock: fixedClock(LATER) } };
}

describe('setCoachVerification', () => {
  it('lets an admin verify a coach and take the verification away again, stamping the profile', async () => {
    const { uow, deps } = setup();
    const verified = unwrap(await setCoachVerification(deps, { actor: adminActor, coachId: IDS.coach, verified: true }));
    expect(verified).toEqual({ coachId: IDS.coach, fullName: 'Cole Coach', verified: true, changed: true });
    expect(uow.data.coachProfiles.get(IDS.coach)).toMatchObject({ isVerified: true, updatedAt: LATER, credentials: ['UEFA B'] });
    const removed = unwrap(await setCoachVerification(deps, { actor: adminActor, coachId: IDS.coach, verified: false }));
    expect(removed).toMatchObject({ verified: false, changed: true });
    expect(uow.data.coachProfiles.get(IDS.coach)?.isVerified).toBe(false);
  });

  it('succeeds without writing when the coach is already in the state asked for', async () => {
    const { uow, deps } = setup();
    const before = uow.data.coachProfiles.get(IDS.coach);
    expect(unwrap(await setCoachVerification(deps, { actor: adminActor, coachId: IDS.coach, verified: false }))).toMatchObject({ verified: false, changed: false });
    expect(uow.data.coachProfiles.get(IDS.coach)).toBe(before);
    unwrap(await setCoachVerification(deps, { actor: adminActor, coachId: IDS.coach, verified: true }));
    const once = uow.data.coachProfiles.get(IDS.coach);
    expect(unwrap(await setCoachVerification(deps, { actor: adminActor, coachId: IDS.coach, verified: true }))).toMatchObject({ verified: true, changed: false });
    expect(uow.data.coachProfiles.get(IDS.coach)).toBe(once);
  });

  it('refuses clients and coaches with a 403, the coach themself included, and changes nothing', async () => {
    const { uow, deps } = setup();
    for (const actor of [clientActor, coachActor, coach2Actor]) {
      expect(await setCoachVerification(deps, { actor, coachId: IDS.coach, verified: true })).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY', kind: 'forbidden' } });
    }
    expect(uow.data.coachProfiles.get(IDS.coach)?.isVerified).toBe(false);
  });

  it('answers 404 for a client, an administrator, an unknown or malformed id, an erased coach and a coach without a profile', async () => {
    const { uow, deps } = setup();
    const notFound = { ok: false, error: { code: 'COACH_NOT_FOUND', kind: 'not_found', message: 'Coach not found' } };
    for (const coachId of [IDS.client, IDS.admin, IDS.coach2, 'not-an-id']) {
      expect(await setCoachVerification(deps, { actor: adminActor, coachId, verified: true })).toMatchObject(notFound);
    }
    uow.data.users.set(IDS.coach2, coachUser({ id: IDS.coach2 }));
    expect(await setCoachVerification(deps, { actor: adminActor, coachId: IDS.coach2, verified: true })).toMatchObject(notFound);
    uow.data.users.set(IDS.coach, coachUser({ erasedAt: NOW, isActive: false }));
    expect(await setCoachVerification(deps, { actor: adminActor, coachId: IDS.coach, verified: true })).toMatchObject(notFound);
    expect(uow.data.coachProfiles.get(IDS.coach)?.isVerified).toBe(false);
  });

  it('verifies a deactivated coach, whose badge shows again once they are restored', async () => {
    const { uow, deps } = setup();
    uow.data.users.set(IDS.coach, coachUser({ isActive: false, deactivatedAt: NOW }));
    expect(unwrap(await setCoachVerification(deps, { actor: adminActor, coachId: IDS.coach, verified: true })).changed).toBe(true);
    expect(uow.data.coachProfiles.get(IDS.coach)?.isVerified).toBe(true);
  });

  it('passes on a refused save (a concurrent change) instead of reporting success', async () => {
    const { uow, deps } = setup();
    const stale = conflict('CONCURRENT_UPDATE', 'This record changed while you were working on it. Please reload and try again.');
    const refusing = {
      read: uow.read,
      transaction: <T>(work: Parameters<typeof uow.transaction<T>>[0]) => uow.transaction((tx) => work({ ...tx, coachProfiles: { ...tx.coachProfiles, save: async () => err(stale) } })),
    };
    expect(await setCoachVerification({ ...deps, uow: refusing }, { actor: adminActor, coachId: IDS.coach, verified: true })).toEqual({ ok: false, error: stale });
    expect(uow.data.coachProfiles.get(IDS.coach)?.isVerified).toBe(false);
  });
});
