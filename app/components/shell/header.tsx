import { Link } from '@remix-run/react';
import { LogoMark, PRODUCT_NAME } from '../brand';
import { Icon } from '../icon';
import { UnreadBadge } from '../messaging/unread-badge';

/**
 * SPEC §2 header: logo, the sidebar toggle (small screens) and Logout. No router hook of its own, so the
 * memoised header renders again when the sidebar is toggled; its <Link>s follow the router.
 */
export function ShellHeader({ home, onToggle, sheetOpen }: { home: `/${string}`; onToggle: () => void; sheetOpen: boolean }) {
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-5">
      <button
        type="button"
        onClick={onToggle}
        aria-label="Toggle sidebar"
        aria-expanded={sheetOpen}
        aria-controls="mobile-sidebar"
        className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <Icon name="menu" className="h-5 w-5" />
        <UnreadBadge collapsed testId="menu-unread-dot" />
      </button>
      <Link to={home} className="flex items-center gap-2 rounded-md" aria-label={`${PRODUCT_NAME} home`}>
        <LogoMark className="h-8 w-8" />
        <span className="text-base font-extrabold tracking-tight text-slate-900 md:hidden">{PRODUCT_NAME}</span>
      </Link>
      <div className="flex-1" />
      {/* A whole-document POST, the browser's own: signing out leaves nothing of the person's
          pages in memory, and no fetcher still loading (e.g. the profile's email settings) turns
          into a login redirect. */}
      <form method="post" action="/auth/logout">
        <button type="submit" className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          <Icon name="logout" className="h-4 w-4" />
          Logout
        </button>
      </form>
    </header>
  );
}
