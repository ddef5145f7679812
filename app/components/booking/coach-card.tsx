import { Link } from '@remix-run/react';
import type { CoachCard as CoachCardData } from '../../../domain/search/coach-search';
import { coachingTypeLabel } from '../../../domain/shared/catalogue';
import { formatPenceShort } from '../../../domain/shared/money';
import { pricesVary } from '../../../domain/shared/session-lengths';
import { primaryButton, secondaryButton } from './button-classes';
import { Stars } from './stars';
import { CoachReach } from './coach-reach';

/** SPEC §2: the card shows at most 3 services. */
export const CARD_SERVICES = 3;

/**
 * A coach on FindCoaches (SPEC §2): initial avatar, verified badge, five-star rating, session
 * count, location, up to 3 service badges, bio clamped to 3 lines, rate 'per session' ('from' the
 * least price when the coach's session lengths cost different amounts: decision 045), View
 * Profile and Book.
 */
export function CoachCard({
  coach,
  nextAvailable,
  canBook,
  onBook,
  onReachBook,
  forPlayerId,
}: {
  coach: CoachCardData;
  /** The player the search was made for: the profile's booking dialog chooses them too. */
  forPlayerId?: string | null;
  /** When the coach is next free, in words; null: nothing free in the window; undefined: not known yet. */
  nextAvailable?: string | null;
  canBook: boolean;
  onBook: (coach: CoachCardData) => void;
  /** The pointer or the focus reached 'Book': the dialog's data can start on its way. */
  onReachBook?: (coach: CoachCardData) => void;
}) {
  const name = coach.fullName?.trim() || 'Coach';
  const sessions = coach.totalSessions;
  return (
    <article className="card coach-card" aria-label={name}>
      <div className="flex items-start gap-3">
        <div aria-hidden="true" className="avatar coach-avatar">
          {name.charAt(0).toUpperCase()}
        </div>
        <div className="min-w-0 flex-1">
          <div className="coach-title">
            <h3 className="coach-name">{name}</h3>
            {coach.isVerified ? <span className="verified">Verified</span> : null}
          </div>
          <div className="coach-rating muted">
            <Stars rating={coach.rating} />
            {coach.reviewCount > 0 ? <span className="font-medium text-slate-800">{coach.rating.toFixed(1)}</span> : <span className="text-slate-500">No reviews yet</span>}
          </div>
          <p className="mt-0.5 muted">{`${sessions} ${sessions === 1 ? 'session' : 'sessions'}`}</p>
        </div>
      </div>

      {coach.location ? (
        <p className="coach-line muted">
          <span className="truncate">{coach.location}</span>
        </p>
      ) : null}
      <CoachReach coach={coach} />

      {coach.servicesOffered.length > 0 ? (
        <ul className="coach-tags" aria-label="Services">
          {coach.servicesOffered.slice(0, CARD_SERVICES).map((s) => (
            <li key={s} className="tag">
              {coachingTypeLabel(s)}
            </li>
          ))}
        </ul>
      ) : null}

      {coach.bio ? <p className="coach-bio muted">{coach.bio}</p> : null}

      <p className="coach-line muted mt-2">
        {nextAvailable === null ? (
          'No free times in the next 90 days'
        ) : (
          <>
            Next available: <span className="font-medium text-slate-800">{nextAvailable ?? '…'}</span>
          </>
        )}
      </p>

      <div className="mt-auto pt-4">
        <p>
          {pricesVary(coach.sessionOffer) ? <span className="coach-per">from </span> : null}
          <span className="coach-rate">{formatPenceShort(coach.fromPricePence)}</span> <span className="coach-per">per session</span>
        </p>
        <div className="coach-actions">
          <Link to={`/CoachProfile?userId=${coach.userId}${forPlayerId ? `&for=${forPlayerId}` : ''}`} prefetch="intent" className={secondaryButton} aria-label={`View profile of ${name}`}>
            View Profile
          </Link>
          {canBook ? (
            <button type="button" className={primaryButton} onClick={() => onBook(coach)} onPointerEnter={() => onReachBook?.(coach)} onFocus={() => onReachBook?.(coach)} aria-label={`Book ${name}`}>
              Book
            </button>
          ) : (
            <span className="inline-flex items-center justify-center rounded-lg bg-slate-50 px-3 text-xs text-slate-500">Your profile</span>
          )}
        </div>
      </div>
    </article>
  );
}

/** One of the six placeholder cards shown while the list loads. */
export function CoachCardPlaceholder() {
  return (
    <div className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-hidden="true" data-testid="coach-placeholder">
      <div className="flex items-center gap-3">
        <div className="h-12 w-12 rounded-full bg-slate-200" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-1/2 rounded bg-slate-200" />
        </div>
      </div>
      <div className="mt-4 h-3 w-1/2 rounded bg-slate-200" />
      <div className="mt-3 flex gap-2">
        <div className="h-5 w-20 rounded-full bg-slate-200" />
        <div className="h-5 w-24 rounded-full bg-slate-200" />
      </div>
      <div className="mt-4 space-y-2">
        <div className="h-3 rounded bg-slate-200" />
        <div className="h-3 rounded bg-slate-200" />
        <div className="h-3 w-3/4 rounded bg-slate-200" />
      </div>
      <div className="mt-6 h-7 w-24 rounded bg-slate-200" />
      <div className="mt-3 grid grid-cols-2 gap-2">
        <div className="h-9 rounded-lg bg-slate-200" />
        <div className="h-9 rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
