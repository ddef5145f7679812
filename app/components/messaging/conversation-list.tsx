import { Link } from '@remix-run/react';
import type { ConversationRowView } from '../../messaging/view-types';
import { relativeTime } from '../../messaging/format';
import { EnquiryChip } from './enquiry-chip';

function initialOf(name: string): string {
  return (name.trim().charAt(0) || 'U').toUpperCase();
}

/**
 * One row per booking (or enquiry, labelled 'Enquiry'): avatar, name, 'Re: … Session', last message, relative time, unread badge.
 * `overseeing`: an administrator's list (no 'Say hello!' to conversations they are not part of).
 */
export function ConversationList({ rows, now, overseeing = false }: { rows: readonly ConversationRowView[]; now: Date; overseeing?: boolean }) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {rows.map((row) => {
        const unread = row.unread > 0;
        return (
          <li key={row.bookingId}>
            <Link
              to={`/Conversation?${row.enquiry ? 'enquiry_id' : 'booking_id'}=${row.bookingId}`}
              className="flex items-start gap-3 px-4 py-3.5 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-5"
              aria-label={`${row.title}, ${row.enquiry ? 'Enquiry' : `Re: ${row.serviceLabel} Session`}${unread ? `, ${row.unread} unread` : ''}`}
            >
              <span aria-hidden="true" className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-pitch-100 text-sm font-bold text-pitch-800">
                {initialOf(row.title)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-3">
                  <span className={`truncate ${unread ? 'font-bold text-slate-900' : 'font-semibold text-slate-800'}`}>{row.title}</span>
                  <time dateTime={row.at} className={`shrink-0 text-xs ${unread ? 'font-semibold text-pitch-700' : 'text-slate-500'}`}>
                    {relativeTime(new Date(row.at), now)}
                  </time>
                </span>
                {row.enquiry ? (
                  <EnquiryChip />
                ) : (
                  <span className="block truncate text-xs text-slate-500">
                    Re: {row.serviceLabel} Session<span className="hidden sm:inline"> · </span>
                    <span className="hidden font-mono sm:inline">{row.reference}</span>
                  </span>
                )}
                <span className="mt-1 flex items-center justify-between gap-3">
                  <span className={`truncate text-sm ${unread ? 'font-medium text-slate-900' : 'text-slate-600'}`} data-testid="conversation-preview">
                    {row.preview === null ? (
                      <span className="italic text-slate-500">{overseeing ? 'No messages yet' : 'No messages yet. Say hello!'}</span>
                    ) : (
                      <>
                        {row.previewAuthor ? <span className="text-slate-500">{row.previewAuthor}: </span> : null}
                        {row.preview}
                      </>
                    )}
                  </span>
                  {unread ? (
                    <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-pitch-600 px-1.5 text-xs font-bold text-white" data-testid="unread-badge">
                      {row.unread > 99 ? '99+' : row.unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** SPEC §2 Messages empty state. */
export function NoConversations() {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <svg viewBox="0 0 24 24" className="mb-4 h-12 w-12 text-slate-300" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M4 5h16v11H8l-4 4z" strokeLinejoin="round" />
      </svg>
      <h2 className="text-lg font-semibold text-slate-900">No messages yet</h2>
      <p className="mt-1 text-sm text-slate-600">Your conversations will appear here.</p>
    </div>
  );
}
