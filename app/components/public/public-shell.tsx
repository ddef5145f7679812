import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { loginPathFor } from '~/auth/signed-out';
import { Brand } from '../brand';
import { SiteFooter } from '../site-footer';
import { primaryButton, secondaryButton } from '../booking/button-classes';

/**
 * The signed-out shell of the public pages (FindCoaches and coach profiles, decision 048): the
 * brand, 'Browse coaches', Login (the landing page's dialog, back to this page) and Sign up, the
 * page, and SPEC §2's plain footer. No sidebar: there is nothing of the visitor's own to reach.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3">
          <Brand withTagline={false} />
          <nav aria-label="Account" className="flex flex-wrap items-center gap-2">
            <Link to="/FindCoaches" className="hidden rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 sm:inline-flex">
              Browse coaches
            </Link>
            <Link to={loginPathFor(here)} className={secondaryButton}>
              Login
            </Link>
            <Link to={`/Register?type=user&redirectTo=${encodeURIComponent(here)}`} className={primaryButton}>
              Sign up
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
