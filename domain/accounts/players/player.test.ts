import { describe, expect, it } from 'vitest';
import { fixedClock, memoryUnitOfWork, sequentialIds } from '../../testing';
import type { Actor } from '../../policy/actor';
import { addPlayer, editPlayer, listPlayers, removePlayer } from './use-cases/manage-players';

const now = new Date('2026-11-25T10:00:00Z');
const guardian: Actor = { userId: '00000000-0000-4000-8000-0000000000a1', role: 'user', userType: 'client' };
const other: Actor = { userId: '00000000-0000-4000-8000-0000000000b2', role: 'user', userType: 'client' };
const coach: Actor = { userId: '00000000-0000-4000-8000-0000000000c3', role: 'user', userType: 'coach' };
const ella = { firstName: 'Ella', lastName: 'Hughes', dateOfBirth: '2015-03-02', notes: 'Left winger. Asthma: inhaler in her bag.' };

function setup() {
  const uow = memoryUnitOfWork();
  return { uow, deps: { uow, clock: fixedClock(now), ids: sequentialIds(7) } };
}

describe('adding a player', () => {
  it('refuses a player under 18 without the guardian’s confirmation and consent', async () => {
    const { deps } = setup();
    const r = await addPlayer(deps, { actor: guardian, form: ella });
    expect(!r.ok && r.error).toMatchObject({ kind: 'invalid', code: 'PLAYER_CONSENT_REQUIRED' });
    expect(!r.ok && r.error.message).toMatch(/parent or guardian/);
  });

  it('keeps the consent and its time for a player under 18', async () => {
    const { deps } = setup();
    const r = await addPlayer(deps, { actor: guardian, form: { ...ella, guardianConsent: 'on' } });
    expect(r.ok && r.value).toMatchObject({ firstName: 'Ella', guardianConsentAt: now, guardianId: guardian.userId, version: 1 });
  });

  it('adds an adult player without consent', async () => {
    const { deps } = setup();
    const r = await addPlayer(deps, { actor: guardian, form: { ...ella, dateOfBirth: '1990-01-01' } });
    expect(r.ok && r.value.guardianConsentAt).toBeNull();
  });

  it('refuses a date of birth today or in the future, and a player of 100 or more', async () => {
    const { deps } = setup();
    for (const [dateOfBirth, message] of [
      ['2026-11-25', 'The date of birth must be in the past'],
      ['2027-01-01', 'The date of birth must be in the past'],
      ['1926-11-25', 'The player must be younger than 100'],
      ['2015-02-30', 'Please enter the player’s date of birth'],
    ] as const) {
      const r = await addPlayer(deps, { actor: guardian, form: { ...ella, dateOfBirth, guardianConsent: 'on' } });
      expect(!r.ok && r.error.fieldErrors?.dateOfBirth).toEqual([message]);
    }
    const almost = await addPlayer(deps, { actor: guardian, form: { ...ella, dateOfBirth: '1926-11-26' } });
    expect(almost.ok).toBe(true);
  });

  it('refuses notes over 1000 characters and blank names', async () => {
    const { deps } = setup();
    const r = await addPlayer(deps, { actor: guardian, form: { ...ella, firstName: ' ', notes: 'x'.repeat(1001), guardianConsent: 'on' } });
    expect(!r.ok && r.error.fieldErrors).toMatchObject({ firstName: ['Please enter the player’s first name'], notes: [expect.stringMatching(/1000/)] });
  });

  it('is for clients only', async () => {
    const { deps } = setup();
    const r = await addPlayer(deps, { actor: coach, form: { ...ella, guardianConsent: 'on' } });
    expect(!r.ok && r.error.code).toBe('PLAYERS_CLIENTS_ONLY');
  });
});

describe('editing and removing a player', () => {
  it('keeps the consent given earlier when editing', async () => {
    const { deps } = setup();
    const added = await addPlayer(deps, { actor: guardian, form: { ...ella, guardianConsent: 'on' } });
    if (!added.ok) throw new Error(added.error.message);
    const edited = await editPlayer(deps, { actor: guardian, playerId: added.value.id, form: { ...ella, notes: 'Plays centre midfield' } });
    expect(edited.ok && edited.value).toMatchObject({ notes: 'Plays centre midfield', guardianConsentAt: now, version: 2 });
  });

  it('hides another guardian’s player (not found) and removes softly', async () => {
    const { deps, uow } = setup();
    const added = await addPlayer(deps, { actor: guardian, form: { ...ella, guardianConsent: 'on' } });
    if (!added.ok) throw new Error(added.error.message);
    const theirs = await editPlayer(deps, { actor: other, playerId: added.value.id, form: ella });
    expect(!theirs.ok && theirs.error.kind).toBe('not_found');
    expect((await removePlayer(deps, { actor: other, playerId: added.value.id })).ok).toBe(false);
    const removed = await removePlayer(deps, { actor: guardian, playerId: added.value.id });
    expect(removed.ok && removed.value.removedAt).toEqual(now);
    expect(await listPlayers(deps, { actor: guardian })).toEqual([]);
    expect(uow.data.players.get(added.value.id)?.firstName).toBe('Ella');
    const again = await editPlayer(deps, { actor: guardian, playerId: added.value.id, form: ella });
    expect(!again.ok && again.error.code).toBe('PLAYER_REMOVED');
  });
});
