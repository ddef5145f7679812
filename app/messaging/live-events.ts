/**
 * The browser side of live messaging: one EventSource per tab on /events, shared by every
 * component that listens (the menu badge, the Messages list, an open conversation). When the
 * stream cannot be used (no EventSource, or the server keeps refusing), it falls back to
 * polling /events/unread every few seconds and emits 'poll' ticks so open pages refresh.
 */
export type LiveEvent =
  | { readonly type: 'message'; readonly bookingId: string; readonly messageId: string }
  /** Messages were read: by this user elsewhere (`byMe`), or by the other party (the sender's 'Read'). */
  | { readonly type: 'read'; readonly bookingId: string; readonly byMe: boolean }
  | { readonly type: 'unread'; readonly count: number }
  | { readonly type: 'resync' }
  | { readonly type: 'poll' };

export type LiveListener = (event: LiveEvent) => void;

export const POLL_INTERVAL_MS = 3_000;
/** Keep the stream a moment after the last listener leaves, so page changes do not reconnect. */
const LINGER_MS = 5_000;

const listeners = new Set<LiveListener>();
let source: EventSource | null = null;
let pollTimer: ReturnType<typeof setInterval> | null = null;
let lingerTimer: ReturnType<typeof setTimeout> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let lastUnread: number | null = null;
let failures = 0;

function emit(event: LiveEvent): void {
  if (event.type === 'unread') lastUnread = event.count;
  for (const listener of [...listeners]) listener(event);
}

function dataOf(event: Event): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse((event as MessageEvent<string>).data);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function pollOnce(): Promise<void> {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
  try {
    const response = await fetch('/events/unread', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    if (response.status === 401) return stopPolling();
    if (!response.ok) return;
    const body = (await response.json()) as { count?: unknown };
    if (typeof body.count === 'number') emit({ type: 'unread', count: body.count });
    emit({ type: 'poll' });
  } catch {
    /* offline: try again on the next tick */
  }
}

function startPolling(): void {
  if (pollTimer || listeners.size === 0) return;
  pollTimer = setInterval(() => void pollOnce(), POLL_INTERVAL_MS);
  void pollOnce();
}

function stopPolling(): void {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

function connect(): void {
  if (source || typeof window === 'undefined') return;
  if (typeof EventSource === 'undefined') return startPolling();
  const es = new EventSource('/events');
  source = es;
  es.addEventListener('open', () => {
    failures = 0;
    stopPolling();
  });
  es.addEventListener('message', (e) => {
    const d = dataOf(e);
    if (typeof d.bookingId === 'string') emit({ type: 'message', bookingId: d.bookingId, messageId: typeof d.messageId === 'string' ? d.messageId : '' });
  });
  es.addEventListener('read', (e) => {
    const d = dataOf(e);
    if (typeof d.bookingId === 'string') emit({ type: 'read', bookingId: d.bookingId, byMe: d.byMe === true });
  });
  es.addEventListener('unread', (e) => {
    const d = dataOf(e);
    if (typeof d.count === 'number') emit({ type: 'unread', count: d.count });
  });
  es.addEventListener('resync', () => emit({ type: 'resync' }));
  es.addEventListener('error', () => {
    failures += 1;
    if (es.readyState === EventSource.CLOSED) {
      // Refused (signed out, or a proxy that does not stream): poll, and try the stream again later.
      source = null;
      startPolling();
      if (!retryTimer && listeners.size > 0)
        retryTimer = setTimeout(() => {
          retryTimer = null;
          if (listeners.size > 0) connect();
        }, 30_000);
    } else if (failures >= 2) {
      startPolling();
    }
  });
}

function disconnect(): void {
  source?.close();
  source = null;
  stopPolling();
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

/** Starts listening (connecting if needed); returns the function that stops. */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  if (lingerTimer) clearTimeout(lingerTimer);
  lingerTimer = null;
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      lingerTimer = setTimeout(() => {
        lingerTimer = null;
        if (listeners.size === 0) disconnect();
      }, LINGER_MS);
    }
  };
}

/** The last unread total heard in this tab, if any. */
export function lastUnreadCount(): number | null {
  return lastUnread;
}
