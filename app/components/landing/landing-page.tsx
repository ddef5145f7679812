import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Brand } from '../brand';
import { SiteFooter } from '../site-footer';

const features: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Defensive training',
    text: 'Positioning, tackling and reading the game with coaches who played at the back.',
    icon: <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z" />,
  },
  {
    title: 'Midfield mastery',
    text: 'First touch, scanning and passing range to run the game from the middle.',
    icon: <path d="M4 12h16M12 4v16M6 6l12 12" />,
  },
  {
    title: 'Striker finishing',
    text: 'Movement in the box and finishing with both feet, drilled until it is instinct.',
    icon: <path d="M5 19L19 5M19 5h-7M19 5v7" />,
  },
  {
    title: 'Verified coaches',
    text: 'Every coach shows their credentials, rate and reviews from real sessions.',
    icon: <path d="M5 12l4 4 10-10" />,
  },
];

/** SPEC §2 Landing: headline, the three training areas, verified coaches, calls to action, and 'Browse coaches' without an account (decision 048). */
export function LandingPage({ loginButton }: { loginButton?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-slate-100 px-4 py-3 sm:px-6">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4">
          <Brand />
          {loginButton ?? (
            <Link to="/?login=1" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              Login
            </Link>
          )}
        </div>
      </header>

      <main className="flex-1">
        <section className="bg-gradient-to-b from-pitch-50 to-white px-4 pb-16 pt-14 sm:px-6 sm:pt-20">
          <div className="mx-auto max-w-4xl text-center">
            <p className="mb-4 inline-block rounded-full bg-pitch-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-pitch-800">One-to-one coaching across the UK</p>
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">Elevate your game with expert football coaching</h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
              Find a verified coach for defensive, midfield or striker training, book a session that fits your week, and track every session from first whistle to review.
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Link to="/Register?type=user" className="w-full rounded-lg bg-pitch-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-pitch-700 sm:w-auto">
                Find a Coach
              </Link>
              <Link to="/Register?type=coach" className="w-full rounded-lg border border-pitch-600 px-6 py-3 text-base font-semibold text-pitch-700 hover:bg-pitch-50 sm:w-auto">
                Become a Coach
              </Link>
            </div>
            <p className="mt-5 text-sm text-slate-600">
              Not ready to sign up?{' '}
              <Link to="/FindCoaches" className="font-semibold text-pitch-700 underline-offset-2 hover:underline">
                Browse coaches
              </Link>{' '}
              first: no account needed.
            </p>
          </div>
        </section>

        <section aria-labelledby="what-we-offer" className="px-4 py-14 sm:px-6">
          <div className="mx-auto max-w-6xl">
            <h2 id="what-we-offer" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
              Training for every position
            </h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {features.map((f) => (
                <li key={f.title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
                  <svg viewBox="0 0 24 24" className="h-8 w-8 fill-none stroke-pitch-600" strokeWidth={2} aria-hidden="true">
                    {f.icon}
                  </svg>
                  <h3 className="mt-4 font-semibold text-slate-900">{f.title}</h3>
                  <p className="mt-2 text-sm text-slate-600">{f.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="px-4 pb-16 sm:px-6">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 rounded-2xl bg-slate-900 px-6 py-10 text-center text-white">
            <h2 className="text-2xl font-bold">Ready for your first session?</h2>
            <p className="max-w-xl text-slate-300">Pay securely by card: payments are processed by Stripe, and your money is held until your session is complete.</p>
            <Link to="/Register?type=user" className="rounded-lg bg-white px-6 py-3 font-semibold text-slate-900 hover:bg-slate-100">
              Get Started
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
