import { describe, expect, it } from 'vitest';
import { unwrap } from '../../../shared/result';
import { adminActor, adminUser, clientActor, clientUser, coachActor, coachUser, IDS, NOW } from '../../../testing/fixtures';
import { fixedClock, memoryStorage, memoryUnitOfWork, sequentialIds } from '../../../testing';
import { createCoachProfile } from '../../users/coach-profile';
import { PHOTO_FILE_REMOVAL_JOB } from '../../media/photo-file';
import { decideDeletionRequest } from './decide-deletion-request';
import { removeUser } from './remove-user';
import { requestDeletion } from './request-deletion';
import { restoreUser } from './restore-user';

function setup() {
  const uow = memoryUnitOfWork();
  uow.data.users.set(IDS.admin, adminUser());
  uow.data.users.set(IDS.admin2, adminUser({ id: IDS.admin2, email: 'admin2@example.com' }));
  uow.data.users.set(IDS.client, clientUser({ avatarUrl: '/media/avatars/cleo.jpg' }));
  uow.data.users.set(IDS.coach, coachUser());
  uow.data.coachProfiles.set(IDS.coach, createCoachProfile(IDS.coach, { credentials: ['UEFA B (Cole Coach)'] }, NOW));
  return { uow, deps: { uow, clock: fixedClock(NOW), ids: sequentialIds(), storage: memoryStorage() } };
}

describe('requestDeletion use case', () => {
  it('stores one pending request per user', async () => {
    const { uow, deps } = setup();
    const request = unwrap(await requestDeletion(deps, { actor: clientActor, form: { reason: 'No longer playing' } }));
    expect(request).toMatchObject({ userId: IDS.client, status: 'pending', reason: 'No longer playing' });
    expect(await requestDeletion(deps, { actor: clientActor, form: {} })).toMatchObject({ ok: false, error: { code: 'DELETION_ALREADY_PENDING' } });
    expect(uow.data.deletionRequests.size).toBe(1);
  });

  it('is refused to admins', async () => {
    const { deps } = setup();
    expect(await requestDeletion(deps, { actor: adminActor, form: {} })).toMatchObject({ ok: false, error: { code: 'ADMINS_CANNOT_REQUEST_DELETION' } });
  });
});

describe('decideDeletionRequest use case', () => {
  it("on approval erases the user and their coach credentials, and queues the removal of their stored photo's file", async () => {
    const { uow, deps } = setup();
    await deps.storage.put('avatars/cleo.jpg', new Uint8Array([1]), 'image/jpeg');
    const request = unwrap(await requestDeletion(deps, { actor: clientActor, form: {} }));
    const decided = unwrap(await decideDeletionRequest(deps, { actor: adminActor, form: { requestId: request.id, decision: 'approved', reason: '' } }));
    expect(decided.request).toMatchObject({ status: 'approved', adminId: IDS.admin, decisionReason: null });
    expect(uow.data.users.get(IDS.client)).toMatchObject({ fullName: 'Deleted user', isActive: false, avatarUrl: null });
    // The file is the storage owner's to remove (decision 038): queued in the same transaction, not removed here.
    expect(decided.photoFileRemoval).toBe('pending');
    expect(uow.outbox.jobs.filter((j) => j.type === PHOTO_FILE_REMOVAL_JOB).map((j) => j.payload)).toEqual([{ key: 'avatars/cleo.jpg' }]);
    expect(deps.storage.files.size).toBe(1);

    const coachRequest = unwrap(await requestDeletion(deps, { actor: coachActor, form: {} }));
    await decideDeletionRequest(deps, { actor: adminActor, form: { requestId: coachRequest.id, decision: 'approved' } });
    expect(uow.data.coachProfiles.get(IDS.coach)?.credentials).toEqual([]);
  });

  it('on rejection keeps the user and allows a new request later', async () => {
    const { uow, deps } = setup();
    const request = unwrap(await requestDeletion(deps, { actor: clientActor, form: {} }));
    unwrap(await decideDeletionRequest(deps, { actor: adminActor, form: { requestId: request.id, decision: 'rejected', reason: 'Open dispute first' } }));
    expect(uow.data.users.get(IDS.client)?.isActive).toBe(true);
    expect((await requestDeletion(deps, { actor: clientActor, form: {} })).ok).toBe(true);
  });

  it('is for admins, on existing pending requests', async () => {
    const { deps } = setup();
    const request = unwrap(await requestDeletion(deps, { actor: clientActor, form: {} }));
    expect(await decideDeletionRequest(deps, { actor: coachActor, form: { requestId: request.id, decision: 'approved' } })).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY' } });
    expect(await decideDeletionRequest(deps, { actor: adminActor, form: { requestId: IDS.booking, decision: 'approved' } })).toMatchObject({
      ok: false,
      error: { code: 'DELETION_REQUEST_NOT_FOUND', kind: 'not_found' },
    });
    await decideDeletionRequest(deps, { actor: adminActor, form: { requestId: request.id, decision: 'rejected' } });
    expect(await decideDeletionRequest(deps, { actor: adminActor, form: { requestId: request.id, decision: 'approved' } })).toMatchObject({
      ok: false,
      error: { code: 'DELETION_REQUEST_NOT_PENDING' },
    });
  });
});

describe('removeUser and restoreUser use cases', () => {
  it('removes a non-admin with an optional reason and restores them', async () => {
    const { uow, deps } = setup();
    const { user: removed, settlement } = unwrap(await removeUser(deps, { actor: adminActor, form: { userId: IDS.coach, reason: 'Fake credentials' } }));
    expect(removed).toMatchObject({ isActive: false, deactivationReason: 'Fake credentials' });
    expect(settlement).toEqual({ declined: [], cancelled: [], leftForAdministrator: [] });
    expect(uow.data.users.get(IDS.coach)?.sessionVersion).toBe(1);
    const restored = unwrap(await restoreUser(deps, { actor: adminActor, userId: IDS.coach }));
    expect(restored).toMatchObject({ isActive: true, deactivationReason: null, deactivatedAt: null });
  });

  it('never removes an admin and is for admins only', async () => {
    const { deps } = setup();
    expect(await removeUser(deps, { actor: adminActor, form: { userId: IDS.admin2 } })).toMatchObject({ ok: false, error: { code: 'CANNOT_REMOVE_ADMIN' } });
    expect(await removeUser(deps, { actor: clientActor, form: { userId: IDS.coach } })).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY' } });
    expect(await removeUser(deps, { actor: adminActor, form: { userId: 'nope' } })).toMatchObject({ ok: false, error: { message: 'Invalid ID format' } });
    expect(await restoreUser(deps, { actor: adminActor, userId: IDS.booking })).toMatchObject({ ok: false, error: { code: 'USER_NOT_FOUND' } });
  });
});
