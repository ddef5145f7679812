import type { PageName } from '../../navigation/pages';
import { Icon, type IconName } from '../icon';

const ICONS: Partial<Record<PageName, IconName>> = {
  AdminDashboard: 'nav-dashboard',
  Messages: 'nav-messages',
  CoachDashboard: 'nav-dashboard',
  CoachEarnings: 'nav-earnings',
  CoachAvailability: 'date',
  CoachProfile: 'nav-profile',
  UserProfile: 'nav-profile',
  FindCoaches: 'nav-find',
  MyBookings: 'nav-bookings',
};

export function MenuIcon({ page }: { page: PageName }) {
  return <Icon name={ICONS[page] ?? 'nav-other'} className="h-5 w-5 shrink-0" />;
}
