import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AdminBookingRow } from '../../../adapters/persistence/admin/admin-bookings.query';
import { isSignedOutReply } from '~/auth/signed-out';
import { useSendToLogin } from '~/auth/use-login-when-signed-out';
import { showToast } from '~/components/toaster';
import type { ResultsView } from './reference-search-results';
import { SEARCH_MESSAGES, type ReferenceSearchReply } from './reference-search-types';

type View = { kind: 'idle' } | { kind: 'none' } | ResultsView;

/** The box's length limit, also applied to a reference that arrives in the address. */
const MAX_TEXT = 40;

/** The list and the detail card arrive with the first search (fetched beside it), or on focus. */
const loadResults = () => import('./reference-search-results');
const Results = lazy(loadResults);

/** The reply, 'signed-out' when the session has ended (401), null when it failed. */
async function search(text: string): Promise<ReferenceSearchReply | 'signed-out' | null> {
  try {
    const res = await fetch(`/admin/booking-search?q=${encodeURIComponent(text)}`, { headers: { Accept: 'application/json' } });
    const body = (await res.json()) as ReferenceSearchReply;
    if (isSignedOutReply(body)) return 'signed-out';
    return typeof body === 'object' && body !== null && 'ok' in body ? body : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §2 'Booking reference search' (admin sidebar and AdminBookings): case-insensitive, a
 * prefix or the whole code. One result opens the detail card; several are listed (the list
 * scrolls above 15rem); picking one toasts 'Viewing details for {reference}'. Every message is
 * SPEC §8 'Search'.
 */
export function ReferenceSearchForm({ variant = 'sidebar', initial }: { variant?: 'sidebar' | 'page'; initial?: string }) {
  const fromAddress = (initial ?? '').slice(0, MAX_TEXT);
  const [text, setText] = useState(fromAddress);
  const [busy, setBusy] = useState(false);
  const [view, setView] = useState<View>({ kind: 'idle' });
  const inputId = useId();
  const latest = useRef(0);
  const trimmed = text.trim();
  // Enabled in the server's markup: a disabled default button would stop the Enter pressed in the
  // box before the code arrived, which then submits the form as a plain GET to AdminBookings.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // An admin whose session ended elsewhere is taken to the login dialog, back to this page.
  const sendToLogin = useSendToLogin();

  // A reference in the page's address (?reference=, below) is looked up once the code is in.
  useEffect(() => {
    if (fromAddress.trim()) void find(fromAddress.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!trimmed || busy) return;
    void find(trimmed);
  }

  async function find(code: string) {
    const ticket = ++latest.current;
    setBusy(true);
    void loadResults();
    const reply = await search(code);
    if (ticket !== latest.current) return;
    setBusy(false);
    if (reply === 'signed-out') {
      sendToLogin();
    } else if (!reply) {
      setView({ kind: 'idle' });
      showToast({ type: 'error', title: SEARCH_MESSAGES.failed });
    } else if (!reply.ok && reply.code !== 'REFERENCE_SEARCH_INVALID') {
      setView({ kind: 'idle' });
      showToast({ type: 'error', title: SEARCH_MESSAGES.failedWith(reply.message) });
    } else if (!reply.ok || reply.items.length === 0) {
      // Text no reference can start with (the domain says so) finds nothing, like an unknown code.
      setView({ kind: 'none' });
      showToast({ type: 'info', title: SEARCH_MESSAGES.noneToast(code) });
    } else if (reply.items.length === 1) {
      setView({ kind: 'one', booking: reply.items[0]!, from: null, more: false });
      showToast({ type: 'success', title: SEARCH_MESSAGES.one(reply.items[0]!.referenceCode) });
    } else {
      setView({ kind: 'list', items: reply.items, more: reply.more });
      showToast({ type: 'success', title: SEARCH_MESSAGES.many(reply.items.length) });
    }
  }

  const pick = (booking: AdminBookingRow, from: AdminBookingRow[], more: boolean) => {
    setView({ kind: 'one', booking, from, more });
    showToast({ type: 'info', title: SEARCH_MESSAGES.viewing(booking.referenceCode) });
  };

  const page = variant === 'page';
  return (
    <section aria-label="Booking reference search" className={page ? 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm' : 'rounded-xl bg-slate-50 p-3'}>
      {/* Without its code (a click before the page has hydrated, or no JavaScript), the form still
          works: it asks AdminBookings for the reference, whose lookup searches it once loaded. */}
      <form onSubmit={onSubmit} role="search" method="get" action="/AdminBookings#lookup" className={page ? 'flex flex-col gap-2 sm:flex-row sm:items-end' : 'space-y-2'}>
        <div className="flex-1">
          <label htmlFor={inputId} className={page ? 'mb-1 block text-sm font-medium text-slate-700' : 'mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-500'}>
            {page ? 'Look up a booking by reference' : 'Booking reference'}
          </label>
          <input
            id={inputId}
            name="reference"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onFocus={() => void loadResults()}
            placeholder="FACT-20250924-A7B2"
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_TEXT}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm uppercase placeholder:normal-case placeholder:text-slate-400 focus:border-pitch-600 focus:outline-none focus:ring-2 focus:ring-pitch-600/20"
          />
        </div>
        <button
          type="submit"
          disabled={hydrated && (!trimmed || busy)}
          className={`rounded-lg bg-pitch-600 px-3 py-2 text-sm font-semibold text-white hover:bg-pitch-700 disabled:cursor-not-allowed disabled:opacity-50 ${page ? '' : 'w-full'}`}
        >
          {busy ? 'Searching…' : 'Search'}
        </button>
      </form>

      <div className={page ? 'mt-3 max-w-md' : 'mt-3'} aria-live="polite">
        {view.kind === 'none' ? <p className="text-sm text-slate-600">{SEARCH_MESSAGES.noneInline}</p> : null}
        {view.kind === 'list' || view.kind === 'one' ? (
          <Suspense fallback={null}>
            <Results view={view} onPick={pick} onBack={(items, more) => setView({ kind: 'list', items, more })} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
