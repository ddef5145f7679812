import type { Actor } from '../../domain/policy/actor';
import { ADMIN_PAGES, PUBLIC_PAGES, type PageName } from './pages';

/** The home page of a signed-in person: admin → AdminDashboard, coach → CoachDashboard, others → FindCoaches. */
export function homePageFor(actor: Actor): PageName {
  if (actor.role === 'admin') return 'AdminDashboard';
  if (actor.userType === 'coach') return 'CoachDashboard';
  return 'FindCoaches';
}

/**
 * SPEC §4 Session, after sign-in: if profile data was kept from registration it is applied,
 * then coaches go to CoachDashboard and everyone else to FindCoaches; otherwise the home page
 * of the role.
 */
export function postLoginDestination(actor: Actor, options: { hadPendingProfileData: boolean }): PageName {
  if (options.hadPendingProfileData) return actor.userType === 'coach' ? 'CoachDashboard' : 'FindCoaches';
  return homePageFor(actor);
}

/** The pages of a coach's own work; clients go to FindCoaches, admins to AdminDashboard. */
const COACH_PAGES: readonly PageName[] = ['CoachDashboard', 'CoachAvailability', 'CoachEarnings'];

/** Non-admins on admin pages: coaches → CoachDashboard, others → FindCoaches (SPEC §2). */
function awayFromAdminPages(actor: Actor): PageName {
  return actor.userType === 'coach' ? 'CoachDashboard' : 'FindCoaches';
}

/**
 * Where a request for `page` must go instead, or null to show it (SPEC §2, §6):
 * - signed-out visitors see only the public pages and go to Landing otherwise;
 * - admins are sent from FindCoaches, MyBookings and their own profile pages to AdminDashboard;
 * - non-admins are sent from admin pages to their dashboard (coach) or FindCoaches;
 * - CoachDashboard, CoachAvailability and CoachEarnings are the coach's pages (clients go to FindCoaches, admins to AdminDashboard); a client's own CoachProfile
 *   is their UserProfile.
 * `viewingUserId` is the profile pages' userId parameter (someone else's profile, read-only).
 */
export function redirectFor(page: PageName, actor: Actor | null, options: { viewingUserId?: string | null } = {}): PageName | null {
  if (PUBLIC_PAGES.includes(page)) return null;
  if (!actor) return 'Landing';
  const ownProfile = !options.viewingUserId || options.viewingUserId === actor.userId;
  if (actor.role === 'admin') {
    if (page === 'FindCoaches' || page === 'MyBookings') return 'AdminDashboard';
    if ((page === 'UserProfile' || page === 'CoachProfile') && ownProfile) return 'AdminDashboard';
    if (COACH_PAGES.includes(page)) return 'AdminDashboard';
    return null;
  }
  if (ADMIN_PAGES.includes(page)) return awayFromAdminPages(actor);
  if (COACH_PAGES.includes(page) && actor.userType !== 'coach') return 'FindCoaches';
  if (page === 'CoachProfile' && ownProfile && actor.userType !== 'coach') return 'UserProfile';
  return null;
}
