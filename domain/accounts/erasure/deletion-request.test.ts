import { describe, expect, it } from 'vitest';
import { unwrap } from '../../shared/result';
import { adminActor, clientActor, clientUser, coachActor, IDS, NOW } from '../../testing/fixtures';
import { decideDeletionRequest, parseDeletionRequest, requestDeletion } from './deletion-request';

const id = '50000000-0000-4000-8000-000000000001';

describe('requestDeletion', () => {
  it('creates a pending request for the signed-in user with an optional reason', () => {
    expect(unwrap(requestDeletion({ id, actor: clientActor, reason: ' Moving abroad ', hasPendingRequest: false }, NOW))).toEqual({
      id,
      userId: IDS.client,
      reason: 'Moving abroad',
      status: 'pending',
      requestedAt: NOW,
      decidedAt: null,
      decisionReason: null,
      adminId: null,
    });
    expect(unwrap(requestDeletion({ id, actor: coachActor, reason: '', hasPendingRequest: false }, NOW)).reason).toBeNull();
  });

  it("refuses a second pending request: 'DELETION_ALREADY_PENDING'", () => {
    expect(requestDeletion({ id, actor: clientActor, reason: null, hasPendingRequest: true }, NOW)).toMatchObject({
      ok: false,
      error: { kind: 'conflict', code: 'DELETION_ALREADY_PENDING' },
    });
  });

  it('is not open to admins', () => {
    expect(requestDeletion({ id, actor: adminActor, reason: null, hasPendingRequest: false }, NOW)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden', code: 'ADMINS_CANNOT_REQUEST_DELETION' },
    });
  });
});

describe('decideDeletionRequest', () => {
  const pending = unwrap(requestDeletion({ id, actor: clientActor, reason: null, hasPendingRequest: false }, NOW));
  const later = new Date(NOW.getTime() + 3_600_000);

  it('approves: records the decision and erases the user', () => {
    const { request, user } = unwrap(decideDeletionRequest(pending, clientUser(), adminActor, { decision: 'approved', reason: 'As asked' }, later));
    expect(request).toMatchObject({ status: 'approved', decidedAt: later, decisionReason: 'As asked', adminId: IDS.admin });
    expect(user).toMatchObject({ isActive: false, erasedAt: later, fullName: 'Deleted user' });
  });

  it('rejects: records the decision and leaves the user alone', () => {
    const before = clientUser();
    const { request, user } = unwrap(decideDeletionRequest(pending, before, adminActor, { decision: 'rejected', reason: null }, later));
    expect(request).toMatchObject({ status: 'rejected', decisionReason: null });
    expect(user).toBe(before);
  });

  it('is decided by an admin, once', () => {
    expect(decideDeletionRequest(pending, clientUser(), clientActor, { decision: 'approved', reason: null }, later)).toMatchObject({
      ok: false,
      error: { code: 'ADMIN_ONLY' },
    });
    const decided = unwrap(decideDeletionRequest(pending, clientUser(), adminActor, { decision: 'rejected', reason: null }, later)).request;
    expect(decideDeletionRequest(decided, clientUser(), adminActor, { decision: 'approved', reason: null }, later)).toMatchObject({
      ok: false,
      error: { code: 'DELETION_REQUEST_NOT_PENDING', kind: 'conflict' },
    });
  });

  it('re-validates stored rows', () => {
    expect(unwrap(parseDeletionRequest({ ...pending, requestedAt: NOW.toISOString() })).requestedAt).toEqual(NOW);
    expect(parseDeletionRequest({ ...pending, status: 'approved' }).ok).toBe(false);
  });
});
