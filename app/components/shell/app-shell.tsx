import { useLocation } from '@remix-run/react';
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import { menuFor } from '../../navigation/menus';
import { SiteFooter } from '../site-footer';
import { ShellHeader } from './header';
import { MobileSheet } from './mobile-sheet';
import type { ShellData } from './shell-user';
import { SidebarContent } from './sidebar';
import { useSidebarState } from './sidebar-state';

// The shell's parts keep their props across a navigation (the user, the menu, the page's path,
// stable callbacks) and call no router hook themselves: memoised, they render
// again when the page changes or after an action (the shell's data loaded again), not on each of a
// navigation's states; only their <Link>s follow the router.
const Sidebar = memo(SidebarContent);
const Header = memo(ShellHeader);
const Footer = memo(SiteFooter);

/** SPEC §2 signed-in shell: sidebar (16rem, or 3rem icons), header, page, footer with the notice. */
export function AppShell({ data, children }: { data: ShellData; children: ReactNode }) {
  const { open, openMobile, setOpenMobile, toggle } = useSidebarState(data.sidebarOpen);
  const closeSheet = useCallback(() => setOpenMobile(false), [setOpenMobile]);
  const { role, userType } = data.user;
  const menu = useMemo(() => menuFor({ role, userType }), [role, userType]);
  const home = menu[0]?.href ?? '/';
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside
        aria-label="Sidebar"
        data-state={open ? 'expanded' : 'collapsed'}
        className={`hidden shrink-0 border-r border-slate-200 bg-white transition-[width] duration-200 md:block ${open ? 'w-64' : 'w-12'}`}
      >
        <div className="sticky top-0 h-screen">
          <Sidebar user={data.user} menu={menu} pathname={pathname} collapsed={!open} />
        </div>
      </aside>
      <MobileSheet open={openMobile} onClose={closeSheet}>
        <Sidebar user={data.user} menu={menu} pathname={pathname} onNavigate={closeSheet} />
      </MobileSheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <Header home={home} onToggle={toggle} sheetOpen={openMobile} />
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
        <Footer signedIn />
      </div>
    </div>
  );
}
