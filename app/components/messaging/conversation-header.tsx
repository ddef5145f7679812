import { Link } from '@remix-run/react';
import type { ConversationPageView } from '../../messaging/view-types';
import { sessionWhen } from '../../messaging/format';

/**
 * SPEC §2 Conversation header: back button, the other party's name and 'Re: {service} Session';
 * an admin sees 'Chat for {service}' with both parties.
 */
export function ConversationHeader({ view }: { view: ConversationPageView }) {
  const { booking } = view;
  const title = view.other ? view.other.name : `Chat for ${booking.serviceLabel}`;
  // Decision 017: a session for one of the client's players names them and their age.
  const forPlayer = booking.player ? ` · for ${booking.player.name}, ${booking.player.age}` : '';
  const subtitle = view.other ? `Re: ${booking.serviceLabel} Session${forPlayer}` : `${booking.client.name} (Client) · ${booking.coach.name} (Coach)${forPlayer}`;
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-3 py-3 sm:px-5">
        <BackToMessages />
        <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-pitch-100 text-sm font-bold text-pitch-800">
          {view.other ? (
            view.other.name.charAt(0).toUpperCase()
          ) : (
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M4 5h16v11H8l-4 4z" strokeLinejoin="round" />
            </svg>
          )}
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-bold text-slate-900 sm:text-lg">{title}</h1>
          <p className="truncate text-xs text-slate-600 sm:text-sm">{subtitle}</p>
          {/* On a phone the session's reference and time sit under the name, wrapping rather than cut off. */}
          <p className="flex flex-wrap gap-x-2 text-xs text-slate-500 sm:hidden">
            <span className="font-mono">{booking.reference}</span>
            <span>{sessionWhen(new Date(booking.startsAt))}</span>
          </p>
          {booking.player?.notes && view.other?.role !== 'Coach' ? (
            <p className="truncate text-xs text-slate-500" title={booking.player.notes}>
              Player notes: {booking.player.notes}
            </p>
          ) : null}
        </div>
        <div className="hidden shrink-0 text-right text-xs text-slate-500 sm:block">
          <p className="font-mono">{booking.reference}</p>
          <p>{sessionWhen(new Date(booking.startsAt))}</p>
        </div>
      </div>
    </header>
  );
}

/** The header's way back to the Messages list, shared by a booking's and an enquiry's conversation. */
export function BackToMessages() {
  return (
    <Link to="/Messages" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100" aria-label="Back to Messages">
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Link>
  );
}
