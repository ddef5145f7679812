import { useId } from 'react';
import { starsFor } from '../../../domain/reviews/coach-rating';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3 6.1 20.5l1.3-6.5L2.5 9.4l6.6-.8z';

/**
 * Five stars for a 0–5 rating (SPEC: five-star rating on the coach card). Only a half star
 * carries a gradient, with an id unique to this rating (a page lists many cards: one gradient
 * per star per card was most of FindCoaches' markup, and duplicate ids).
 */
export function Stars({ rating, className = 'h-4 w-4' }: { rating: number; className?: string }) {
  const { full, half } = starsFor(rating);
  const gradient = `half-star-${useId().replace(/:/g, '')}`;
  return (
    <span className="inline-flex items-center" role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => {
        const kind = i < full ? 'full' : i === full && half ? 'half' : 'empty';
        return (
          <svg key={i} viewBox="0 0 24 24" className={className} aria-hidden="true">
            {kind === 'half' ? (
              <defs>
                <linearGradient id={gradient}>
                  <stop offset="50%" stopColor="#f59e0b" />
                  <stop offset="50%" stopColor="#e2e8f0" />
                </linearGradient>
              </defs>
            ) : null}
            <path d={STAR} fill={kind === 'full' ? '#f59e0b' : kind === 'half' ? `url(#${gradient})` : '#e2e8f0'} />
          </svg>
        );
      })}
    </span>
  );
}
