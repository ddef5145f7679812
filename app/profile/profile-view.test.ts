import { describe, expect, it } from 'vitest';
import { adminActor, clientActor, clientUser, coachActor, coachUser, NOW } from '../../domain/testing/fixtures';
import { createCoachProfile } from '../../domain/accounts/users/coach-profile';
import { profileViewFor } from './profile-view';

describe('profileViewFor (PRODUCT.md: who sees what)', () => {
  const coach = coachUser({ phone: '+44 7700 900123', deactivationReason: null, videoClip1: 'https://youtu.be/dQw4w9WgXcQ', videoClip2: 'https://vimeo.com/about' });
  const profile = createCoachProfile(coach.id, {}, NOW);

  it('never shows email and phone to another party', () => {
    const view = profileViewFor(clientActor, coach, profile);
    expect(view).toMatchObject({ email: null, phone: null, readOnly: true, coachProfile: profile });
  });

  it('shows email and phone to the owner and to admins, read-only for admins', () => {
    expect(profileViewFor(coachActor, coach, profile)).toMatchObject({ email: coach.email, phone: '+44 7700 900123', readOnly: false });
    expect(profileViewFor(adminActor, coach, profile)).toMatchObject({ email: coach.email, readOnly: true });
  });

  it('shows the removal reason to admins only', () => {
    const removed = clientUser({ isActive: false, deactivatedAt: NOW, deactivationReason: 'Spam' });
    expect(profileViewFor(adminActor, removed, null).deactivationReason).toBe('Spam');
    expect(profileViewFor(clientActor, removed, null).deactivationReason).toBeNull();
  });

  it('gives each video its privacy-friendly player or none', () => {
    expect(profileViewFor(clientActor, coach, profile).videoClips).toEqual([
      { url: 'https://youtu.be/dQw4w9WgXcQ', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
      { url: 'https://vimeo.com/about', embedUrl: null },
    ]);
  });
});
