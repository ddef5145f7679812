import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { CalendarFeedView } from '../../../domain/notifications/use-cases/calendar-feed';
import { formatLondonDate, formatLondonTime } from '../../../domain/shared/london-time';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../auth/field-styles';
import { showToast } from '~/components/toaster';
import type { CalendarFeedResponse } from '~/routes/api.calendar-feed';
import { useLoadOnce } from '../forms/use-load-once';
import { useLoginWhenSignedOut } from '~/auth/use-login-when-signed-out';

const ENDPOINT = '/api/calendar-feed';

const when = (iso: string): string => {
  const d = new Date(iso);
  return `${formatLondonDate(d)}, ${formatLondonTime(d)}`;
};

async function copy(text: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    showToast({ type: 'success', title: 'Calendar link copied' });
  } catch {
    showToast({ type: 'error', title: 'Could not copy: select the link and copy it yourself' });
  }
}

/**
 * The profile page's 'Add to your calendar' card (decision 014): turns on a private
 * iCalendar feed of the person's sessions, shows its webcal:// link, a Google Calendar link and a
 * copy button, and offers 'Reset link' and 'Turn off'. Loads its state after hydration from
 * /api/calendar-feed (the page's own loader is not touched). FACT keeps only a hash of the link,
 * so the link is shown in the answer that made it; on a later visit the card says the feed is on
 * and a reset gives a new link.
 */
export function CalendarFeedCard() {
  const load = useLoadOnce<CalendarFeedResponse>(ENDPOINT);
  const change = useFetcher<CalendarFeedResponse>();
  useLoginWhenSignedOut(change.data);
  const [view, setView] = useState<CalendarFeedView | null>(null);

  useEffect(() => {
    const loaded = load.data;
    if (loaded?.ok) setView((v) => v ?? loaded.feed);
  }, [load.data]);
  useEffect(() => {
    if (change.state === 'idle' && change.data?.ok) setView(change.data.feed);
  }, [change.state, change.data]);

  const busy = change.state !== 'idle';
  const pending = busy ? change.formData?.get('intent') : null;
  const failure = change.state === 'idle' && change.data && !change.data.ok ? change.data.error : load.data && !load.data.ok ? load.data.error : null;
  const submit = (intent: 'enable' | 'reset' | 'disable') => change.submit({ intent }, { method: 'post', action: ENDPOINT });
  const links = view?.links ?? null;

  return (
    <section id="calendar-feed" aria-labelledby="calendar-feed-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="calendar-feed-title" className="text-lg font-semibold text-slate-900">
        Add to your calendar
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A private link to your confirmed sessions (from 90 days ago to a year ahead) that Google Calendar, Apple Calendar or Outlook keeps up to date. Anyone with the link can see your sessions: keep
        it to yourself.
      </p>
      {failure ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      {view === null ? (
        <p className="mt-4 text-sm text-slate-500" aria-live="polite">
          Loading your calendar settings…
        </p>
      ) : !view.enabled ? (
        <div className="mt-4">
          <button type="button" className={primaryButtonClass} disabled={busy} onClick={() => submit('enable')}>
            {pending === 'enable' ? 'Turning on…' : 'Turn on calendar feed'}
          </button>
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          {links ? (
            <div className="flex flex-col gap-3" data-testid="calendar-feed-links">
              <div>
                <label htmlFor="calendar-feed-url" className="mb-1.5 block text-sm font-medium text-slate-800">
                  Your calendar link
                </label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <input id="calendar-feed-url" readOnly value={links.webcalUrl} onFocus={(e) => e.currentTarget.select()} className={`${inputClass} min-w-0 font-mono text-xs sm:text-xs`} />
                  <button type="button" className={`${secondaryButtonClass} shrink-0`} onClick={() => void copy(links.webcalUrl)}>
                    Copy link
                  </button>
                </div>
                <p className="mt-1 text-xs text-slate-500">This is the only time FACT shows this link. Copy it now; you can always reset it to get a new one.</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a href={links.webcalUrl} className={`${primaryButtonClass} w-full sm:w-auto`}>
                  Open in your calendar app
                </a>
                <a href={links.googleUrl} target="_blank" rel="noopener noreferrer" className={`${secondaryButtonClass} w-full sm:w-auto`}>
                  Add to Google Calendar
                </a>
              </div>
            </div>
          ) : (
            <p className="text-sm text-slate-700" data-testid="calendar-feed-on">
              Your calendar feed is on. For your safety FACT keeps no copy of its link: if you need it again, reset it (the old link stops working).
            </p>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Link made</dt>
            <dd className="text-slate-800">{view.createdAt ? when(view.createdAt) : '—'}</dd>
            <dt className="text-slate-500">Last fetched</dt>
            <dd className="text-slate-800">{view.lastUsedAt ? when(view.lastUsedAt) : 'Not yet'}</dd>
          </dl>
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => submit('reset')}>
              {pending === 'reset' ? 'Resetting…' : 'Reset link'}
            </button>
            <button type="button" className={secondaryButtonClass.replace('text-slate-800', 'text-red-700')} disabled={busy} onClick={() => submit('disable')}>
              {pending === 'disable' ? 'Turning off…' : 'Turn off'}
            </button>
          </div>
          <p className="text-xs text-slate-500">Reset link stops the old link at once and makes a new one. Turn off stops it and removes the feed.</p>
        </div>
      )}
    </section>
  );
}
