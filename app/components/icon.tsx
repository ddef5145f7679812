import sprite from '../icons/sprite.svg';

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
 * An icon drawn from the one sprite file: a page repeats a short `<use>` instead of
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
