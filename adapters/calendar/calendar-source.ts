import { CALENDAR_FETCH_TIMEOUT_MS, CALENDAR_MAX_BYTES, CALENDAR_MAX_REDIRECTS, MAX_BUSY_SPANS, type ExternalCalendarSource } from '../../domain/availability/external-calendar';
import { busyFromIcs } from './ics-busy';
import { safeFetch } from './safe-fetch';

const single = (value: string | string[] | undefined): string | null => {
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.length <= 512 ? text : null;
};

/**
 * The linked calendar over HTTPS (adapters/calendar/safe-fetch.ts), read by ical.js: a
 * conditional GET with the stored ETag / Last-Modified, 304 meaning the last good copy stands.
 */
export function createCalendarSource(options: { readonly allowInsecure: boolean; readonly timeoutMs?: number; readonly maxBytes?: number }): ExternalCalendarSource {
  return {
    async read(address, previous, window) {
      const headers: Record<string, string> = {
        'User-Agent': 'FACT-calendar-sync/1 (+busy times for coaching slots)',
        Accept: 'text/calendar, text/plain;q=0.8, */*;q=0.5',
        'Accept-Encoding': 'gzip, deflate, br',
      };
      if (previous.etag) headers['If-None-Match'] = previous.etag;
      if (previous.lastModified) headers['If-Modified-Since'] = previous.lastModified;
      const fetched = await safeFetch(address, {
        allowInsecure: options.allowInsecure,
        maxBytes: options.maxBytes ?? CALENDAR_MAX_BYTES,
        timeoutMs: options.timeoutMs ?? CALENDAR_FETCH_TIMEOUT_MS,
        maxRedirects: CALENDAR_MAX_REDIRECTS,
        headers,
      });
      if (fetched.kind === 'failed') return fetched;
      if (fetched.status === 304) return { kind: 'unchanged' };
      if (fetched.status !== 200) return { kind: 'failed', failure: { kind: 'http_status', status: fetched.status } };
      const busy = busyFromIcs(fetched.body.toString('utf8'), window, MAX_BUSY_SPANS);
      if (!busy) return { kind: 'failed', failure: { kind: 'not_a_calendar' } };
      const lastModified = single(fetched.headers['last-modified']);
      return { kind: 'busy', spans: busy.spans, truncated: busy.truncated, etag: single(fetched.headers.etag), lastModified: lastModified && lastModified.length <= 100 ? lastModified : null };
    },
  };
}
