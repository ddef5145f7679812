import { useState, type MouseEvent } from 'react';
import { secondaryButtonClass } from '../auth/field-styles';

const ENDPOINT = '/account/export';

/** The file name from `Content-Disposition: attachment; filename="…"`, else a dated default. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? `fact-data-${new Date().toISOString().slice(0, 10)}.json`;
}

/**
 * The profile page's 'Download my data' card (PRODUCT.md): a link to GET
 * /account/export, which makes the JSON file on the server. With JavaScript the file is fetched
 * and saved from here, so a refusal (3 downloads an hour) shows in the card instead of leaving
 * the page; without it the link downloads the file (or shows the refusal's sentence). Nothing
 * is loaded for the card until it is used: the profile page's loader is untouched.
 */
export function DataExportCard() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      const response = await fetch(ENDPOINT, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      const type = response.headers.get('Content-Type') ?? '';
      if (response.ok && type.startsWith('application/json')) {
        const name = fileNameOf(response);
        const url = URL.createObjectURL(await response.blob());
        const link = document.createElement('a');
        link.href = url;
        link.download = name;
        document.body.appendChild(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
        setDone(name);
      } else if (response.ok && response.redirected) {
        // Signed out meanwhile: the answer is the sign-in page.
        window.location.assign(response.url);
      } else {
        const text = type.startsWith('text/plain') ? (await response.text()).trim() : '';
        setFailure(text || 'We could not make your file. Please try again.');
      }
    } catch {
      setFailure('We could not make your file. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section id="data-export" aria-labelledby="data-export-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="data-export-title" className="text-lg font-semibold text-slate-900">
        Download my data
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A copy of your data as one JSON file: your account and preferences, bookings and payments, messages, reviews, deletion requests and the record of what was done to your account. Other people
        appear by their first name only. You can download it 3 times an hour.
      </p>
      {failure ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <a href={ENDPOINT} onClick={(e) => void download(e)} aria-disabled={busy} className={`${secondaryButtonClass} ${busy ? 'pointer-events-none opacity-60' : ''}`}>
          {busy ? 'Preparing your file…' : 'Download my data'}
        </a>
        {done ? (
          <span className="text-sm text-slate-600" aria-live="polite">
            Saved as {done}
          </span>
        ) : null}
      </div>
    </section>
  );
}
