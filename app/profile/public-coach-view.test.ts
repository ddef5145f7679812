import { describe, expect, it } from 'vitest';
import { createCoachProfile } from '../../domain/accounts/users/coach-profile';
import { coachUser } from '../../domain/testing/fixtures';
import { publicCoachView } from './public-coach-view';

const now = new Date('2027-01-11T09:00:00Z');

describe("a coach's profile as a signed-out visitor sees it", () => {
  const user = coachUser({
    email: 'cole@example.com',
    phone: '+44 7700 900999',
    bio: 'UEFA B coach',
    locationAddress: 'Leeds',
    videoClip1: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    deactivationReason: 'kept private',
  });
  const view = publicCoachView(user, createCoachProfile(user.id, { hourlyRatePence: 4000, servicesOffered: ['striker'] }, now));

  it('holds the public fields: name, place, bio, videos and the offer', () => {
    expect(view).toMatchObject({ id: user.id, fullName: 'Cole Coach', locationAddress: 'Leeds', bio: 'UEFA B coach' });
    expect(view.videoClips).toHaveLength(1);
    expect(view.coachProfile).toMatchObject({ hourlyRatePence: 4000, servicesOffered: ['striker'], rating: 0, reviewCount: 0 });
  });

  it('holds no email address, phone number or account state, not even as an empty field', () => {
    const sent = JSON.stringify(view);
    for (const secret of ['cole@example.com', '900999', 'kept private']) expect(sent).not.toContain(secret);
    for (const key of ['email', 'phone', 'role', 'isActive', 'deactivationReason', 'passwordHash', 'sessionVersion', 'googleId']) expect(Object.keys(view)).not.toContain(key);
  });
});
