import { Link } from '@remix-run/react';
import { Icon } from './icon';

export const PRODUCT_NAME = 'FACT';
export const TAGLINE = 'Football Academy Coaching & Training';

export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return <Icon name="logo" className={className} />;
}

/** Logo, product name and (optionally) the tagline, linking home. */
export function Brand({ withTagline = true, to = '/' }: { withTagline?: boolean; to?: `/${string}` }) {
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
