import { Link } from '@remix-run/react';
import type { CoachCard as CoachCardData } from '../../../domain/search/coach-search';
import { coachingTypeLabel } from '../../../domain/shared/catalogue';
import { formatPenceShort } from '../../../domain/shared/money';
import { primaryButton, secondaryButton } from './modal';
import { Stars } from './stars';

/** SPEC §2: the card shows at most 3 services. */
export const CARD_SERVICES = 3;

/**
 * A coach on FindCoaches (SPEC §2): initial avatar, verified badge, five-star rating, session
 * count, location, up to 3 service badges, bio clamped to 3 lines, rate 'per session', View
 * Profile and Book.
 */
export function CoachCard({ coach, canBook, onBook }: { coach: CoachCardData; canBook: boolean; onBook: (coach: CoachCardData) => void }) {
  const name = coach.fullName?.trim() || 'Coach';
  const sessions = coach.totalSessions;
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={name}>
      <div className="flex items-start gap-3">
        <div aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-pitch-100 text-lg font-bold text-pitch-800">
          {name.charAt(0).toUpperCase()}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="truncate text-base font-semibold text-slate-900">{name}</h3>
            {coach.isVerified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-700 ring-1 ring-sky-200">
                <svg viewBox="0 0 24 24" className="h-3.5 w-3.5 fill-none stroke-current" strokeWidth={2.5} aria-hidden="true">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
                Verified
              </span>
            ) : null}
          </div>
          <div className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            <Stars rating={coach.rating} />
            {coach.reviewCount > 0 ? <span className="font-medium text-slate-800">{coach.rating.toFixed(1)}</span> : <span className="text-slate-500">No reviews yet</span>}
          </div>
          <p className="mt-0.5 text-sm text-slate-600">
            {sessions} {sessions === 1 ? 'session' : 'sessions'}
          </p>
        </div>
      </div>

      {coach.location ? (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-600">
          <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
            <path d="M12 21s-7-6.2-7-11.5A7 7 0 0119 9.5C19 14.8 12 21 12 21z" />
            <circle cx="12" cy="9.5" r="2.5" />
          </svg>
          <span className="truncate">{coach.location}</span>
        </p>
      ) : null}

      {coach.servicesOffered.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Services">
          {coach.servicesOffered.slice(0, CARD_SERVICES).map((s) => (
            <li key={s} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
              {coachingTypeLabel(s)}
            </li>
          ))}
        </ul>
      ) : null}

      {coach.bio ? <p className="mt-3 line-clamp-3 text-sm text-slate-600">{coach.bio}</p> : null}

      <div className="mt-auto pt-4">
        <p className="text-slate-900">
          <span className="text-2xl font-bold">{formatPenceShort(coach.hourlyRatePence)}</span>{' '}
          <span className="text-sm text-slate-500">per session</span>
        </p>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <Link to={`/CoachProfile?userId=${coach.userId}`} className={secondaryButton} aria-label={`View profile of ${name}`}>
            View Profile
          </Link>
          {canBook ? (
            <button type="button" className={primaryButton} onClick={() => onBook(coach)} aria-label={`Book ${name}`}>
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
