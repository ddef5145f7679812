import { starsFor } from '../../../domain/reviews/coach-rating';
import { spriteHref } from '../icon';

/**
 * Five stars for a 0–5 rating (SPEC: five-star rating on the coach card), drawn as one row from
 * the sprite: each half step has its own symbol (stars-0 … stars-10), so a card carries one short
 * `<use>` instead of five star paths.
 */
export function Stars({ rating, className = 'h-4 w-20' }: { rating: number; className?: string }) {
  const { full, half } = starsFor(rating);
  return (
    <svg className={className} role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      <use href={spriteHref(`stars-${full * 2 + (half ? 1 : 0)}`)} />
    </svg>
  );
}
