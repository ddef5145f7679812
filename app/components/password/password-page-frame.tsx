import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Brand } from '../brand';
import { SiteFooter } from '../site-footer';

/**
 * The frame of the signed-out password pages (ForgotPassword, ResetPassword): the Register
 * page's header (Back, brand), one card in the middle, the plain footer.
 */
export function PasswordPageFrame({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <div className="mx-auto flex max-w-md items-center justify-between gap-4">
          <Link to="/" className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            <span aria-hidden="true">←</span> Back
          </Link>
          <Brand withTagline={false} />
        </div>
      </header>
      <main className="flex-1 px-4 py-10 sm:px-6 sm:py-16">
        <div className="mx-auto max-w-md">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {intro ? <div className="mt-2 text-sm leading-relaxed text-slate-600">{intro}</div> : null}
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** The way back to the login dialog. */
export function BackToLogin({ label = 'Back to login' }: { label?: string }) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      <Link to="/?login=1" className="font-semibold text-pitch-700 hover:underline">
        {label}
      </Link>
    </p>
  );
}
