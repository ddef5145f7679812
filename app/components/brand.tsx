import { Link } from '@remix-run/react';

export const PRODUCT_NAME = 'FACT';
export const TAGLINE = 'Football Academy Coaching & Training';

export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" className="fill-pitch-600" />
      <circle cx="32" cy="32" r="18" fill="#fff" />
      <path d="M32 20l8 6-3 10h-10l-3-10z" className="fill-slate-900" />
    </svg>
  );
}

/** Logo, product name and (optionally) the tagline, linking home. */
export function Brand({ withTagline = true, to = '/' }: { withTagline?: boolean; to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-3 rounded-md" aria-label={`${PRODUCT_NAME} home`}>
      <LogoMark />
      <span className="flex flex-col leading-tight">
        <span className="text-lg font-extrabold tracking-tight text-slate-900">{PRODUCT_NAME}</span>
        {withTagline ? <span className="text-xs text-slate-500">{TAGLINE}</span> : null}
      </span>
    </Link>
  );
}
