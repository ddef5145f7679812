import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { SignedOutPageFrame } from '../auth/signed-out-page-frame';

/**
 * The frame of the signed-out password pages (ForgotPassword, ResetPassword): the Register
 * page's frame (Back, brand, plain footer) around one card in the middle.
 */
export function PasswordPageFrame({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <SignedOutPageFrame width="max-w-md">
      <main className="flex-1 px-4 py-10 sm:px-6 sm:py-16">
        <div className="mx-auto max-w-md">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {intro ? <div className="mt-2 text-sm leading-relaxed text-slate-600">{intro}</div> : null}
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
    </SignedOutPageFrame>
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
