import { describe, expect, it } from 'vitest';
import { requestDeletion } from '../../../domain/accounts/erasure/use-cases/request-deletion';
import { updateCoachProfile } from '../../../domain/accounts/users/use-cases/update-coach-profile';
import { updateProfile } from '../../../domain/accounts/users/use-cases/update-profile';
import { viewProfile } from '../../../domain/accounts/users/use-cases/view-profile';
import { profileViewFor } from '../../../app/profile/profile-view';
import { toActor } from '../../../domain/accounts/users/user';
import { createAvailability } from '../../../domain/availability/use-cases/create-availability';
import { deleteAvailability } from '../../../domain/availability/use-cases/delete-availability';
import { listAvailability } from '../../../domain/availability/use-cases/list-availability';
import { updateAvailability } from '../../../domain/availability/use-cases/update-availability';
import { utcToLondon } from '../../../domain/shared/london-time';
import { createUser } from '../../support/accounts';
import { useTestApp } from '../../support/app';

const daysFromNow = (n: number) => utcToLondon(new Date(Date.now() + n * 86_400_000)).date;

describe('profiles, availability and deletion requests over PostgreSQL', () => {
  const ctx = useTestApp();

  it('saves the profile form and the coach block, and shows them to another signed-in user without contact details', async () => {
    const { user } = await createUser(ctx.app, { userType: 'coach', fullName: 'Dee Fender' });
    const coach = toActor(user);
    const saved = await updateProfile(ctx.app.deps(), {
      actor: coach,
      form: { fullName: 'Dee Fender-Jones', bio: 'Back four specialist', 'preferredSessionTimes[]': [''], videoClip1: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(saved.ok).toBe(true);
    const coachBlock = await updateCoachProfile(ctx.app.deps(), {
      actor: coach,
      form: { hourlyRate: '75', servicesOffered: ['defense'], ageGroups: ['under_14', 'under_16'], credentials: 'UEFA B\nFA Level 2', serviceRadius: '10' },
    });
    expect(coachBlock.ok && coachBlock.value).toMatchObject({ hourlyRatePence: 7500, credentials: ['UEFA B', 'FA Level 2'], serviceRadiusMiles: 10 });

    const { user: viewer } = await createUser(ctx.app, {});
    const view = await viewProfile(ctx.app.deps(), { viewer: toActor(viewer), userId: user.id });
    expect(view.ok && profileViewFor(toActor(viewer), view.value.user, view.value.coachProfile)).toMatchObject({
      fullName: 'Dee Fender-Jones',
      email: null,
      phone: null,
      readOnly: true,
      videoClips: [{ url: 'https://youtu.be/dQw4w9WgXcQ', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
    });
    const refused = await updateCoachProfile(ctx.app.deps(), { actor: coach, form: { hourlyRate: '5', servicesOffered: [], ageGroups: [] } });
    expect(refused.ok ? [] : Object.keys(refused.error.fieldErrors ?? {}).sort()).toEqual(['ageGroups', 'hourlyRate', 'servicesOffered']);
  });

  it('adds, changes, lists and deletes availability periods, only for their coach', async () => {
    const { user } = await createUser(ctx.app, { userType: 'coach' });
    const { user: other } = await createUser(ctx.app, { userType: 'coach' });
    const coach = toActor(user);
    const created = await createAvailability(ctx.app.deps(), {
      actor: coach,
      form: { startDate: daysFromNow(3), endDate: daysFromNow(5), locationOverride: 'Regent’s Park', isAvailable: 'true' },
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const stranger = await deleteAvailability(ctx.app.deps(), { actor: toActor(other), periodId: created.value.id });
    expect(stranger.ok ? 'deleted' : stranger.error.code).toBe('NOT_AVAILABILITY_OWNER');
    const changed = await updateAvailability(ctx.app.deps(), {
      actor: coach,
      periodId: created.value.id,
      form: { startDate: daysFromNow(3), endDate: daysFromNow(3), dailyStart: '09:00', dailyEnd: '12:00', notes: 'Mornings', isAvailable: 'false' },
    });
    expect(changed.ok && changed.value).toMatchObject({ notes: 'Mornings', isAvailable: false, locationOverride: null });
    const listed = await listAvailability(ctx.app.deps(), { viewer: toActor(other), coachId: user.id });
    expect(listed.ok && listed.value.map((p) => p.id)).toEqual([created.value.id]);
    const badRange = await createAvailability(ctx.app.deps(), { actor: coach, form: { startDate: daysFromNow(4), endDate: daysFromNow(2) } });
    expect(badRange.ok ? 'saved' : badRange.error.message).toBe('End date must be after start date');
    expect((await deleteAvailability(ctx.app.deps(), { actor: coach, periodId: created.value.id })).ok).toBe(true);
    const empty = await listAvailability(ctx.app.deps(), { viewer: coach, coachId: user.id });
    expect(empty.ok && empty.value).toEqual([]);
  });

  it('accepts one pending deletion request per user', async () => {
    const { user } = await createUser(ctx.app, {});
    const first = await requestDeletion(ctx.app.deps(), { actor: toActor(user), form: { reason: 'No longer playing' } });
    expect(first.ok && first.value).toMatchObject({ status: 'pending', reason: 'No longer playing' });
    const second = await requestDeletion(ctx.app.deps(), { actor: toActor(user), form: {} });
    expect(second.ok ? 'saved' : second.error.code).toBe('DELETION_ALREADY_PENDING');
  });
});
