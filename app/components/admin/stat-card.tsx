import { Link } from '@remix-run/react';

const TONES = {
  slate: 'text-slate-900',
  yellow: 'text-yellow-700',
  green: 'text-green-700',
  blue: 'text-blue-700',
  red: 'text-red-700',
  grey: 'text-slate-700',
  orange: 'text-orange-700',
} as const;

/** A number on the dashboard that links to the list it counts. */
export function StatCard({ label, value, to, tone = 'slate', hint }: { label: string; value: number; to: `/${string}`; tone?: keyof typeof TONES; hint?: string }) {
  return (
    <Link to={to} className="group block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-pitch-500 hover:shadow focus-visible:border-pitch-600">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={`mt-1 text-3xl font-bold tabular-nums ${TONES[tone]}`}>{value.toLocaleString('en-GB')}</p>
      <p className="mt-1 text-xs text-slate-500 group-hover:text-pitch-700">{hint ?? 'View list →'}</p>
    </Link>
  );
}
