import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Brand } from './brand';
import { SiteFooter } from './site-footer';

/** Frame for the static legal pages: brand, 'Back to Home', the text, the plain footer. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <div className="mx-auto flex max-w-3xl items-center justify-between">
          <Brand withTagline={false} />
          <Link to="/" className="text-sm font-medium text-pitch-700 hover:underline">
            Back to Home
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated {updated}</p>
        <div className="prose-legal mt-8 space-y-6 leading-relaxed text-slate-700 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 [&_ul]:list-disc [&_ul]:pl-6">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}
