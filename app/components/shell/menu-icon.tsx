import type { PageName } from '../../../domain/navigation/pages';

const PATHS: Partial<Record<PageName, string>> = {
  AdminDashboard: 'M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-4H4zM14 4v4h6V4z',
  Messages: 'M4 5h16v11H8l-4 4z',
  CoachDashboard: 'M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-4H4zM14 4v4h6V4z',
  CoachEarnings: 'M16 6.5a4 4 0 00-7.5 1.9V13c0 3-1 4.6-2.5 6H18M6.5 13h7.5',
  CoachProfile: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 20c0-4 4-6 8-6s8 2 8 6',
  UserProfile: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 20c0-4 4-6 8-6s8 2 8 6',
  FindCoaches: 'M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-5-5',
  MyBookings: 'M5 5h14v15H5zM5 10h14M9 3v4M15 3v4',
};

export function MenuIcon({ page }: { page: PageName }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0 fill-none stroke-current" strokeWidth={1.8} strokeLinejoin="round" strokeLinecap="round" aria-hidden="true">
      <path d={PATHS[page] ?? 'M5 12h14'} />
    </svg>
  );
}
