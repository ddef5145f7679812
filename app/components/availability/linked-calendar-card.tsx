import { useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { LinkedCalendarView } from '~/availability/linked-calendar-view';
import { useLoginWhenSignedOut } from '~/auth/use-login-when-signed-out';
import { showToast } from '~/components/toaster';
import type { LinkedCalendarResponse } from '~/routes/api.linked-calendar';
import { errorTextClass, inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '../auth/field-styles';

const ENDPOINT = '/api/linked-calendar';
/** While a sync is on its way the card asks for its state this often, this many times at most. */
const POLL_MS = 3_000;
const POLL_TIMES = 20;

/** Asks /api/linked-calendar for the card's state while a sync is pending, until it has run. */
function usePendingPoll(view: LinkedCalendarView, onView: (next: LinkedCalendarView) => void): void {
  const pending = view.linked && view.pending;
  const latest = useRef(onView);
  latest.current = onView;
  useEffect(() => {
    if (!pending) return;
    const controller = new AbortController();
    let tries = 0;
    const timer = setInterval(() => {
      if (++tries > POLL_TIMES) return clearInterval(timer);
      fetch(ENDPOINT, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal })
        .then((response) => response.json() as Promise<{ ok: boolean; calendar?: LinkedCalendarView }>)
        .then(
          (answer) => answer.ok && answer.calendar && latest.current(answer.calendar),
          () => undefined,
        );
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [pending]);
}

/**
 * 'Your own calendar' on the coach's Availability page: paste the calendar's secret address
 * (Google's 'Secret address in iCal format', Outlook's ICS link, Apple's private address), see
 * when it was last synced or why the last sync failed, sync it now or unlink it. The forms are
 * plain posts to /api/linked-calendar until the page's JavaScript runs (then the route answers
 * with a redirect back here and a toast); after it, a fetcher that gets JSON and the new state.
 * The address is never shown back: only its host and last characters.
 */
export function LinkedCalendarCard({ calendar }: { calendar: LinkedCalendarView }) {
  const fetcher = useFetcher<LinkedCalendarResponse>();
  useLoginWhenSignedOut(fetcher.data);
  const location = useLocation();
  const [view, setView] = useState(calendar);
  const [hydrated, setHydrated] = useState(false);
  const [address, setAddress] = useState('');
  const ids = useId();
  const addressId = `${ids}-address`;
  const errorId = `${ids}-address-error`;

  useEffect(() => setHydrated(true), []);
  useEffect(() => setView(calendar), [calendar]);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== 'idle' || !answer || !('intent' in answer)) return;
    if (answer.ok) {
      setView(answer.calendar);
      if (answer.intent === 'link') setAddress('');
      showToast({ type: 'success', title: answer.message });
    } else if (!answer.fieldErrors.address) showToast({ type: 'error', title: answer.error });
  }, [fetcher.state, fetcher.data]);
  usePendingPoll(view, setView);

  const busy = fetcher.state !== 'idle';
  const submitting = busy ? fetcher.formData?.get('intent') : null;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const addressError = answer && !answer.ok ? (answer.fieldErrors.address?.[0] ?? null) : null;
  const hidden = (
    <>
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="reply" value="json" /> : null}
    </>
  );

  const linkForm = (label: string) => (
    <fetcher.Form method="post" action={ENDPOINT} className="flex flex-col gap-3">
      {hidden}
      <input type="hidden" name="intent" value="link" />
      <div>
        <label htmlFor={addressId} className={labelClass}>
          Secret address in iCal format
        </label>
        <input
          id={addressId}
          name="address"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          aria-invalid={addressError ? true : undefined}
          aria-describedby={addressError ? errorId : undefined}
          className={`${inputClass} font-mono`}
        />
        {addressError ? (
          <p id={errorId} role="alert" className={errorTextClass}>
            {addressError}
          </p>
        ) : null}
        <p className="mt-1 text-xs text-slate-500">
          Google: Settings › your calendar › ‘Secret address in iCal format’. Outlook: Settings › Calendar › Shared calendars › Publish › ICS. Apple: share the calendar as public and copy its link.
        </p>
      </div>
      <div>
        <button type="submit" className={`${primaryButtonClass} w-full sm:w-auto`} disabled={busy}>
          {submitting === 'link' ? 'Linking…' : label}
        </button>
      </div>
    </fetcher.Form>
  );

  const intentButton = (intent: 'sync' | 'unlink', label: string, working: string, className: string) => (
    <fetcher.Form method="post" action={ENDPOINT}>
      {hidden}
      <button type="submit" name="intent" value={intent} className={`${className} w-full sm:w-auto`} disabled={busy}>
        {submitting === intent ? working : label}
      </button>
    </fetcher.Form>
  );

  return (
    <section id="linked-calendar" aria-labelledby={`${ids}-title`} className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-slate-900">
        Your own calendar
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Link the calendar you already use and its busy times block your slots, checked every 15 minutes. FACT only reads it: it never changes it and never shows its events to anyone. Keep its secret
        address to yourself.
      </p>
      <div className="mt-4">
        {!view.linked ? (
          linkForm('Link calendar')
        ) : (
          <div className="flex flex-col gap-4">
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-slate-500">Linked calendar</dt>
              <dd className="break-all font-mono text-slate-800" data-testid="linked-calendar-hint">
                {view.hint}
              </dd>
              <dt className="text-slate-500">Status</dt>
              <dd className="text-slate-800" data-testid="linked-calendar-status" aria-live="polite">
                {view.error ? <span className="block text-red-700">{view.error}</span> : null}
                <span className="block">{view.error && view.synced !== 'Not synced yet' ? `${view.synced} (these busy times are still used)` : view.synced}</span>
                {view.pending ? <span className="block text-slate-500">Sync on its way…</span> : null}
                {view.note ? <span className="block text-amber-800">{view.note}</span> : null}
              </dd>
            </dl>
            <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:flex-wrap">
              {intentButton('sync', 'Sync now', 'Asking…', primaryButtonClass)}
              {intentButton('unlink', 'Unlink', 'Unlinking…', secondaryButtonClass.replace('text-slate-800', 'text-red-700'))}
            </div>
            <details className="rounded-lg border border-slate-200 p-3">
              <summary className="cursor-pointer text-sm font-semibold text-slate-800">Use another address</summary>
              <div className="mt-3">{linkForm('Link this address')}</div>
            </details>
          </div>
        )}
      </div>
    </section>
  );
}
