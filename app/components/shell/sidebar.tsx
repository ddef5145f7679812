import { Link } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { userChips, type MenuItem } from '../../navigation/menus';
import { LogoMark, PRODUCT_NAME, TAGLINE } from '../brand';
import { UnreadBadge } from '../messaging/unread-badge';
import * as server from './admin-sidebar-slot.server';
import { isCurrentPath } from './current-path';
import { MenuIcon } from './menu-icon';
import type { ShellUser } from './shell-user';

/**
 * Administrators only: on the server the search itself; in the browser its code is fetched when an
 * administrator's sidebar renders (React keeps the server's markup until it arrives), so nobody
 * else's pages carry it.
 */
const AdminSidebarSlot = server.AdminSidebarSlot ?? lazy(() => import('./admin-sidebar-slot').then((m) => ({ default: m.AdminSidebarSlot })));

function Chip({ children, tone }: { children: string; tone: 'green' | 'slate' | 'amber' }) {
  const tones = {
    green: 'bg-pitch-100 text-pitch-800',
    slate: 'bg-slate-100 text-slate-700',
    amber: 'bg-amber-100 text-amber-800',
  };
  return <span className={`chip ${tones[tone]}`}>{children}</span>;
}

/**
 * SPEC §2 sidebar: logo, product name and tagline; the role's menu; (admins) the booking
 * reference search; a footer with the initial, full name (or 'User'), user-type and role chips.
 * `collapsed` is the desktop icon mode (3rem): labels stay for screen readers and tooltips.
 * `pathname` is the current page's path, passed in so that the memoised sidebar calls no router
 * hook itself and renders again when the page changes or the shell's data is loaded again (after
 * an action); its <Link>s follow the router themselves.
 */
export function SidebarContent({
  user,
  menu,
  pathname,
  collapsed = false,
  onNavigate,
}: {
  user: ShellUser;
  menu: readonly MenuItem[];
  pathname: string;
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <div className="flex h-full flex-col">
      <div className={`flex items-center gap-3 border-b border-slate-200 py-4 ${collapsed ? 'justify-center px-1' : 'px-4'}`}>
        <LogoMark className={collapsed ? 'h-8 w-8' : 'h-10 w-10'} />
        <div className={collapsed ? 'sr-only' : 'min-w-0 leading-tight'}>
          <p className="text-lg font-extrabold tracking-tight text-slate-900">{PRODUCT_NAME}</p>
          <p className="text-xs text-slate-500">{TAGLINE}</p>
        </div>
      </div>

      <nav aria-label="Main" className={`flex-1 overflow-y-auto py-4 ${collapsed ? 'px-1.5' : 'px-3'}`}>
        <ul className="flex flex-col gap-1">
          {menu.map((item) => {
            const current = isCurrentPath(pathname, item.href);
            return (
              <li key={item.page}>
                <Link
                  to={item.href}
                  prefetch="intent"
                  onClick={onNavigate}
                  title={collapsed ? item.label : undefined}
                  aria-current={current ? 'page' : undefined}
                  className={`nav-link ${collapsed ? 'justify-center px-0' : 'px-3'} ${current ? 'nav-on' : 'nav-off'}`}
                >
                  <MenuIcon page={item.page} />
                  <span className={collapsed ? 'sr-only' : undefined}>{item.label}</span>
                  {item.page === 'Messages' ? <UnreadBadge collapsed={collapsed} /> : null}
                </Link>
              </li>
            );
          })}
        </ul>
        {user.role === 'admin' ? (
          <div className="mt-6">
            <Suspense fallback={null}>
              <AdminSidebarSlot collapsed={collapsed} />
            </Suspense>
          </div>
        ) : null}
      </nav>

      <div className={`border-t border-slate-200 py-3 ${collapsed ? 'px-1.5' : 'px-3'}`}>
        <div className={collapsed ? 'flex items-center justify-center gap-3' : 'flex items-center gap-3'} title={collapsed ? user.displayName : undefined}>
          <span aria-hidden="true" className="avatar h-9 w-9 bg-pitch-600 text-sm text-white">
            {user.initial}
          </span>
          <div className={collapsed ? 'sr-only' : 'min-w-0 flex-1'}>
            <p className="truncate text-sm font-semibold text-slate-900">{user.displayName}</p>
            <div className="mt-1 flex flex-wrap gap-1">
              <Chip tone="green">{userChips(user).userType}</Chip>
              <Chip tone={user.role === 'admin' ? 'amber' : 'slate'}>{userChips(user).role}</Chip>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
