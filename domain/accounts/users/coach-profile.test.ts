import { describe, expect, it } from 'vitest';
import { unwrap } from '../../shared/result';
import { adminActor, clientActor, coach2Actor, coachActor, IDS, NOW } from '../../testing/fixtures';
import {
  coachProfilePatchFromForm,
  coachProfilePatchFromRegistration,
  createCoachProfile,
  eraseCoachProfile,
  parseCoachProfile,
  setCoachVerified,
  updateCoachProfile,
  withCoachStats,
} from './coach-profile';

describe('coach profile', () => {
  it('starts at £50 per session, a 25-mile radius, unverified and without stats', () => {
    expect(createCoachProfile(IDS.coach, {}, NOW)).toMatchObject({
      hourlyRatePence: 5000,
      serviceRadiusMiles: 25,
      isVerified: false,
      rating: 0,
      reviewCount: 0,
      totalSessions: 0,
      servicesOffered: [],
      basePlaceId: null,
      sessionMode: 'in_person',
    });
  });

  it('takes a base place and a way of coaching from the form, clears the place on a blank, and keeps both when absent', () => {
    const profile = createCoachProfile(IDS.coach, {}, NOW);
    const form = { hourlyRate: 50, servicesOffered: undefined, ageGroups: undefined, credentials: undefined, serviceRadius: undefined, sessionLengths: undefined };
    const placed = unwrap(updateCoachProfile(profile, coachActor, coachProfilePatchFromForm({ ...form, basePlace: 2636882, sessionMode: 'both' }), NOW));
    expect(placed).toMatchObject({ basePlaceId: 2636882, sessionMode: 'both' });
    expect(unwrap(updateCoachProfile(placed, coachActor, coachProfilePatchFromForm({ ...form, basePlace: undefined, sessionMode: undefined }), NOW))).toMatchObject({
      basePlaceId: 2636882,
      sessionMode: 'both',
    });
    expect(unwrap(updateCoachProfile(placed, coachActor, coachProfilePatchFromForm({ ...form, basePlace: null, sessionMode: 'online' }), NOW))).toMatchObject({
      basePlaceId: null,
      sessionMode: 'online',
    });
  });

  it('takes the registration form in pounds and stores pence', () => {
    const patch = coachProfilePatchFromRegistration({ hourlyRate: 45, servicesOffered: ['striker'], ageGroups: ['adults'], credentials: ['UEFA B'], serviceRadius: undefined });
    expect(createCoachProfile(IDS.coach, patch, NOW)).toMatchObject({ hourlyRatePence: 4500, servicesOffered: ['striker'], ageGroups: ['adults'], credentials: ['UEFA B'], serviceRadiusMiles: 25 });
  });

  it("saves the chosen lengths' prices in pence, a blank price at the form's rate, and every length at the rate as no choice", () => {
    const profile = createCoachProfile(IDS.coach, {}, NOW);
    const form = { hourlyRate: 40, servicesOffered: undefined, ageGroups: undefined, credentials: undefined, serviceRadius: undefined, basePlace: undefined, sessionMode: undefined };
    const chosen = unwrap(
      updateCoachProfile(
        profile,
        coachActor,
        coachProfilePatchFromForm({
          ...form,
          sessionLengths: [
            { minutes: 30, pricePounds: 25 },
            { minutes: 90, pricePounds: undefined },
          ],
        }),
        NOW,
      ),
    );
    expect(chosen.sessionLengths).toEqual([
      { minutes: 30, pricePence: 2500 },
      { minutes: 90, pricePence: 4000 },
    ]);
    const all = [30, 60, 90, 120].map((minutes) => ({ minutes: minutes as 30 | 60 | 90 | 120, pricePounds: undefined }));
    expect(unwrap(updateCoachProfile(chosen, coachActor, coachProfilePatchFromForm({ ...form, sessionLengths: all }), NOW)).sessionLengths).toEqual([]);
    expect(unwrap(updateCoachProfile(chosen, coachActor, coachProfilePatchFromForm({ ...form, sessionLengths: undefined }), NOW)).sessionLengths).toEqual(chosen.sessionLengths);
  });

  it('is changed by its coach only, leaving absent fields as they were', () => {
    const profile = createCoachProfile(IDS.coach, { credentials: ['FA Level 2'] }, NOW);
    const patch = coachProfilePatchFromForm({
      hourlyRate: 60,
      servicesOffered: ['goalkeeping'],
      ageGroups: ['under_10'],
      credentials: undefined,
      serviceRadius: undefined,
      basePlace: undefined,
      sessionMode: undefined,
      sessionLengths: undefined,
    });
    const updated = unwrap(updateCoachProfile(profile, coachActor, patch, NOW));
    expect(updated).toMatchObject({ hourlyRatePence: 6000, servicesOffered: ['goalkeeping'], credentials: ['FA Level 2'] });
    expect(updateCoachProfile(profile, coach2Actor, patch, NOW)).toMatchObject({ ok: false, error: { code: 'NOT_PROFILE_OWNER' } });
    expect(updateCoachProfile(profile, adminActor, patch, NOW)).toMatchObject({ ok: false, error: { code: 'NOT_PROFILE_OWNER' } });
    expect(updateCoachProfile({ ...profile, userId: IDS.client }, clientActor, patch, NOW)).toMatchObject({ ok: false, error: { code: 'NOT_A_COACH' } });
  });

  it('is verified by an admin only', () => {
    const profile = createCoachProfile(IDS.coach, {}, NOW);
    expect(unwrap(setCoachVerified(profile, adminActor, true, NOW)).isVerified).toBe(true);
    expect(setCoachVerified(profile, coachActor, true, NOW)).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY' } });
    expect(setCoachVerified(profile, clientActor, true, NOW)).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY' } });
  });

  it('loses its verification when an admin takes it away, stamping the change', () => {
    const later = new Date(NOW.getTime() + 60_000);
    const verified = unwrap(setCoachVerified(createCoachProfile(IDS.coach, {}, NOW), adminActor, true, NOW));
    const unverified = unwrap(setCoachVerified(verified, adminActor, false, later));
    expect(unverified).toMatchObject({ isVerified: false, updatedAt: later });
    expect(unverified).toEqual({ ...verified, isVerified: false, updatedAt: later });
  });

  it('is left exactly as it was when an admin asks for the state it is already in', () => {
    const later = new Date(NOW.getTime() + 60_000);
    const unverified = createCoachProfile(IDS.coach, {}, NOW);
    expect(unwrap(setCoachVerified(unverified, adminActor, false, later))).toBe(unverified);
    const verified = unwrap(setCoachVerified(unverified, adminActor, true, NOW));
    expect(unwrap(setCoachVerified(verified, adminActor, true, later))).toBe(verified);
  });

  it('stores derived stats and forgets credentials on erasure', () => {
    const profile = withCoachStats(createCoachProfile(IDS.coach, { credentials: ['x'] }, NOW), { rating: 4.5, reviewCount: 2, totalSessions: 7 }, NOW);
    expect(profile).toMatchObject({ rating: 4.5, reviewCount: 2, totalSessions: 7 });
    expect(eraseCoachProfile(profile, NOW).credentials).toEqual([]);
  });

  it('re-validates stored rows, reading a numeric rating given as text', () => {
    const profile = createCoachProfile(IDS.coach, {}, NOW);
    expect(unwrap(parseCoachProfile({ ...profile, rating: '4.3' })).rating).toBe(4.3);
    expect(parseCoachProfile({ ...profile, hourlyRatePence: 99 }).ok).toBe(false);
    expect(parseCoachProfile({ ...profile, rating: 6 }).ok).toBe(false);
  });
});
