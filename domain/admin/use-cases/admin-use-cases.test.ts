import { describe, expect, it } from 'vitest';
import { unwrap } from '../../shared/result';
import { adminActor, adminUser, clientActor, clientUser, IDS, NOW } from '../../testing/fixtures';
import { fakeHasher, fixedClock, memoryUnitOfWork, sequentialIds } from '../../testing';
import { actAsAdministrator } from './act-as-administrator';
import { createAdministrator } from './create-administrator';

function setup(withAdmin: boolean) {
  const uow = memoryUnitOfWork();
  if (withAdmin) uow.data.users.set(IDS.admin, adminUser({ email: 'ada@fact.test' }));
  uow.data.users.set(IDS.client, clientUser({ email: 'cleo@example.com' }));
  const admins = { hasAnyAdministrator: async () => [...uow.data.users.values()].some((u) => u.role === 'admin') };
  return { uow, deps: { uow, hasher: fakeHasher, ids: sequentialIds(), clock: fixedClock(NOW), admins } };
}

const form = { email: 'Root@Fact.test', fullName: 'Rita Root', password: 'correct horse battery' };

describe('createAdministrator', () => {
  it('creates the first administrator without anyone acting, verified and able to sign in', async () => {
    const { uow, deps } = setup(false);
    const admin = unwrap(await createAdministrator(deps, { actor: null, form }));
    expect(admin).toMatchObject({ email: 'root@fact.test', role: 'admin', fullName: 'Rita Root', isActive: true });
    expect(admin.emailVerifiedAt).toEqual(NOW);
    expect(admin.passwordHash).not.toBe(form.password);
    expect(uow.data.users.get(admin.id)?.role).toBe('admin');
  });

  it('once an administrator exists, needs an administrator to create another', async () => {
    const { deps } = setup(true);
    expect(await createAdministrator(deps, { actor: null, form })).toMatchObject({ ok: false, error: { code: 'ACTING_ADMIN_REQUIRED' } });
    expect(await createAdministrator(deps, { actor: clientActor, form })).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY' } });
    expect((await createAdministrator(deps, { actor: adminActor, form })).ok).toBe(true);
  });

  it('refuses a short password, a bad email and an email already registered', async () => {
    const { deps } = setup(false);
    expect(await createAdministrator(deps, { actor: null, form: { ...form, password: 'short1' } })).toMatchObject({ ok: false, error: { code: 'ADMIN_PASSWORD_TOO_SHORT' } });
    expect(await createAdministrator(deps, { actor: null, form: { ...form, email: 'nope' } })).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(await createAdministrator(deps, { actor: null, form: { ...form, email: 'cleo@example.com' } })).toMatchObject({ ok: false, error: { code: 'EMAIL_TAKEN' } });
  });
});

describe('actAsAdministrator', () => {
  it('gives the actor of an active administrator, whatever the case of the email', async () => {
    const { deps } = setup(true);
    expect(unwrap(await actAsAdministrator(deps, { email: ' ADA@fact.test ' }))).toEqual(adminActor);
  });

  it('refuses a missing --as, an unknown email, a non-admin and a deactivated admin', async () => {
    const { uow, deps } = setup(true);
    expect(await actAsAdministrator(deps, { email: '' })).toMatchObject({ ok: false, error: { code: 'ACTING_ADMIN_REQUIRED', kind: 'invalid' } });
    expect(await actAsAdministrator(deps, { email: 'who@fact.test' })).toMatchObject({ ok: false, error: { code: 'ACTING_ADMIN_NOT_FOUND' } });
    expect(await actAsAdministrator(deps, { email: 'cleo@example.com' })).toMatchObject({ ok: false, error: { code: 'ACTING_USER_NOT_ADMIN' } });
    const admin2 = adminUser({ id: IDS.admin2, email: 'gone@fact.test' });
    uow.data.users.set(IDS.admin2, { ...admin2, isActive: false, deactivatedAt: NOW });
    expect(await actAsAdministrator(deps, { email: 'gone@fact.test' })).toMatchObject({ ok: false, error: { code: 'ACTING_ADMIN_INACTIVE' } });
  });
});
