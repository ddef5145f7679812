import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { makeRepositories } from './repositories';

// Making a repository does not touch the EntityManager: only its queries do.
const em = {} as EntityManager;

describe('the repositories of one unit of work', () => {
  it('give the same repository each time one is read', () => {
    const repos = makeRepositories(em);
    expect(repos.users).toBe(repos.users);
    expect(repos.bookings).toBe(repos.bookings);
    expect(makeRepositories(em).users).not.toBe(repos.users);
  });

  it('are all copied by a spread, as a test replacing one repository does', () => {
    const repos = makeRepositories(em);
    const copy = { ...repos, bookings: null };
    const names = [
      'users',
      'coachProfiles',
      'deletionRequests',
      'players',
      'availability',
      'calendarLinks',
      'scheduleSettings',
      'coachSchedules',
      'messages',
      'enquiries',
      'reviews',
      'bookingParties',
      'payoutAccounts',
      'coachTransfers',
      'chargebacks',
      'packageOffers',
      'packagePurchases',
      'packageEmails',
      'outbox',
      'accountErasure',
      'deletionEmails',
      'bookingEmails',
      'accountEnd',
      'packageSessions',
    ] as const;
    for (const name of names) expect(copy[name], name).toBe(repos[name]);
    expect(Object.keys(copy)).toHaveLength(25);
  });

  it('share one getter per repository, so that no set has functions of its own to hold its EntityManager', () => {
    const a = makeRepositories(em);
    const b = makeRepositories({} as EntityManager);
    const names = Object.keys(a);
    expect(names).toHaveLength(25);
    for (const name of names) {
      const mine = Object.getOwnPropertyDescriptor(a, name);
      expect(mine?.get, name).toBeTypeOf('function');
      expect(mine?.enumerable, name).toBe(true);
      expect(Object.getOwnPropertyDescriptor(b, name)?.get, name).toBe(mine?.get);
    }
  });
});
