import type { AnchorHTMLAttributes } from 'react';
import sprite from '../icons/sprite.svg';

// The two elements nearly every page draws, an app link and a sprite icon, in one module: the
// browser build makes one file of a module shared by many routes, and each file a page loads
// costs its own bytes (the 100 KB budget of issue 20 §4). Import them from app-link.tsx and
// icon.tsx.

/**
 * A link to an app page as one plain element: Remix's `<Link>` costs a dozen hooks per link in the
 * browser (path resolution, prefetch, click handler) and reads the router's location, so each one
 * rendered again on every navigation, a query change included (issue 20 §4). The document's body
 * follows such links in the app (`useAppLinkClicks` in root.tsx: one handler for the whole page);
 * without JavaScript, or with a modifier key, it is an ordinary link. The markup is the one
 * `<Link>` writes, `data-discover` included, so Remix still learns the target's route ahead of the
 * click (decisions 025 and 031).
 */
export function AppLink({ to, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: `/${string}` }) {
  return <a {...rest} data-app-link="" data-discover="true" href={to} />;
}

/** The icons of app/icons/sprite.svg (its `<symbol id>`s). */
export type IconName =
  | 'check'
  | 'pin'
  | 'place'
  | 'date'
  | 'time'
  | 'price'
  | 'search'
  | 'menu'
  | 'logout'
  | 'close'
  | 'copy'
  | 'logo'
  | 'nav-dashboard'
  | 'nav-messages'
  | 'nav-earnings'
  | 'nav-profile'
  | 'nav-find'
  | 'nav-bookings'
  | 'nav-other'
  | `stars-${number}`;

/**
 * An icon drawn from the one sprite file (issue 20 §1): a page repeats a short `<use>` instead of
 * each icon's paths, and the sprite is a hashed asset the browser caches for good. The symbols
 * carry their own stroke and fill, drawn in the text colour (`currentColor`), so `className` sets
 * size and colour as before.
 */
export function Icon({ name, className }: { name: IconName; className: string }) {
  return (
    <svg className={className} aria-hidden="true">
      <use href={spriteHref(name)} />
    </svg>
  );
}

export function spriteHref(name: IconName): string {
  return `${sprite}#${name}`;
}
