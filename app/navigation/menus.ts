import type { Actor } from '../../domain/policy/actor';
import { pagePath, type PageName } from './pages';

export interface MenuItem {
  readonly label: string;
  readonly page: PageName;
  readonly href: `/${string}`;
}

const item = (label: string, page: PageName): MenuItem => ({ label, page, href: pagePath(page) });

/**
 * SPEC §2 menus. Admin: Admin Dashboard, Messages. Coach: Dashboard, Availability (weekly hours, exceptions, rules), Earnings, Messages, Profile.
 * Client: Find Coaches, My Bookings, Messages, Profile. Signed-out visitors have none.
 */
export function menuFor(actor: Pick<Actor, 'role' | 'userType'> | null): readonly MenuItem[] {
  if (!actor) return [];
  if (actor.role === 'admin') return [item('Admin Dashboard', 'AdminDashboard'), item('Messages', 'Messages')];
  if (actor.userType === 'coach') {
    return [item('Dashboard', 'CoachDashboard'), item('Availability', 'CoachAvailability'), item('Earnings', 'CoachEarnings'), item('Messages', 'Messages'), item('Profile', 'CoachProfile')];
  }
  return [item('Find Coaches', 'FindCoaches'), item('My Bookings', 'MyBookings'), item('Messages', 'Messages'), item('Profile', 'UserProfile')];
}

/** The chips in the sidebar footer (SPEC §2: a user-type chip and a role chip). */
export function userChips(actor: Pick<Actor, 'role' | 'userType'>): { userType: string; role: string } {
  return { userType: actor.userType === 'coach' ? 'coach' : 'client', role: actor.role };
}
