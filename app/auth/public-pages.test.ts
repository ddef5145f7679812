import { describe, expect, it } from 'vitest';
import { isPublicBrowsingPath } from './public-pages';

describe('the pages a signed-out visitor may open in the app layout', () => {
  it('are the coach search and a coach profile, however the path is written', () => {
    for (const path of ['/FindCoaches', '/findcoaches', '/CoachProfile', '/coachprofile/']) expect(isPublicBrowsingPath(path), path).toBe(true);
  });

  it('are no other page', () => {
    for (const path of ['/MyBookings', '/Messages', '/UserProfile', '/CoachDashboard', '/AdminDashboard', '/FindCoaches/x', '/']) expect(isPublicBrowsingPath(path), path).toBe(false);
  });
});
