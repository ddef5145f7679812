import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Brand } from '../brand';
import { SiteFooter } from '../site-footer';

/**
 * The frame of the signed-out pages reached from the login dialog (Register, ForgotPassword,
 * ResetPassword): a header with Back (home) and the brand, the page's own <main>, the plain
 * footer. `width` lines the header up with the page's column.
 */
export function SignedOutPageFrame({ width, children }: { width: 'max-w-md' | 'max-w-2xl'; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <div className={`mx-auto flex ${width} items-center justify-between gap-4`}>
          <Link to="/" className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            <span aria-hidden="true">←</span> Back
          </Link>
          <Brand withTagline={false} />
        </div>
      </header>
      {children}
      <SiteFooter />
    </div>
  );
}
