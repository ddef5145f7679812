/** Small builders for unit tests of accounts, messaging, reviews and availability. */
import type { Actor } from '../policy/actor';
import { registerUser, type User } from '../accounts/users/user';
import type { BookingParties } from '../policy/booking-parties';
import { unwrap } from '../shared/result';

export const NOW = new Date('2026-03-10T12:00:00Z');

export const IDS = {
  admin: '10000000-0000-4000-8000-000000000001',
  admin2: '10000000-0000-4000-8000-000000000002',
  coach: '20000000-0000-4000-8000-000000000001',
  coach2: '20000000-0000-4000-8000-000000000002',
  client: '30000000-0000-4000-8000-000000000001',
  client2: '30000000-0000-4000-8000-000000000002',
  booking: '40000000-0000-4000-8000-000000000001',
  booking2: '40000000-0000-4000-8000-000000000002',
} as const;

export const adminActor: Actor = { userId: IDS.admin, role: 'admin', userType: 'client' };
export const coachActor: Actor = { userId: IDS.coach, role: 'user', userType: 'coach' };
export const coach2Actor: Actor = { userId: IDS.coach2, role: 'user', userType: 'coach' };
export const clientActor: Actor = { userId: IDS.client, role: 'user', userType: 'client' };
export const client2Actor: Actor = { userId: IDS.client2, role: 'user', userType: 'client' };

export function aUser(overrides: Partial<User> & { id: string }, now: Date = NOW): User {
  const base = unwrap(
    registerUser(
      {
        id: overrides.id,
        email: overrides.email ?? `${overrides.id.slice(0, 8)}@example.com`,
        fullName: overrides.fullName ?? 'Sam Player',
        passwordHash: 'hash:secret1',
        emailVerified: true,
        userType: overrides.userType ?? 'client',
        role: overrides.role ?? 'user',
      },
      now,
    ),
  );
  return { ...base, ...overrides };
}

export const adminUser = (o: Partial<User> = {}) => aUser({ id: IDS.admin, role: 'admin', fullName: 'Ada Admin', ...o });
export const coachUser = (o: Partial<User> = {}) => aUser({ id: IDS.coach, userType: 'coach', fullName: 'Cole Coach', ...o });
export const clientUser = (o: Partial<User> = {}) => aUser({ id: IDS.client, userType: 'client', fullName: 'Cleo Client', ...o });

export function aBooking(overrides: Partial<BookingParties> = {}): BookingParties {
  return { id: IDS.booking, clientId: IDS.client, coachId: IDS.coach, status: 'confirmed', ...overrides };
}
