import { describe, expect, it } from 'vitest';
import { isCurrentPath } from './current-path';

describe('isCurrentPath', () => {
  it('marks the same path current, whatever its case', () => {
    expect(isCurrentPath('/FindCoaches', '/FindCoaches')).toBe(true);
    expect(isCurrentPath('/findcoaches', '/FindCoaches')).toBe(true);
  });

  it('marks a path under the link current, but not a path that only starts with the same letters', () => {
    expect(isCurrentPath('/Messages/123', '/Messages')).toBe(true);
    expect(isCurrentPath('/MessagesArchive', '/Messages')).toBe(false);
  });

  it("ignores the link's query and a trailing slash, and does not mark other pages", () => {
    expect(isCurrentPath('/CoachProfile', '/CoachProfile?userId=1')).toBe(true);
    expect(isCurrentPath('/AdminUsers', '/AdminUsers/')).toBe(true);
    expect(isCurrentPath('/MyBookings', '/FindCoaches')).toBe(false);
    expect(isCurrentPath('/AdminDashboard', '/AdminUsers')).toBe(false);
  });
});
