import { useFetcher } from '@remix-run/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ConversationPageView, MessageView } from '../../messaging/view-types';
import { Composer, type SendResult } from './composer';
import { ConversationHeader } from './conversation-header';
import { EmptyThread, MessageThread } from './message-thread';

interface OlderPage {
  view?: ConversationPageView;
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The whole Conversation page (no shell): header, the thread (newest page first loaded, "Show
 * earlier messages" for older ones), and the composer pinned to the bottom.
 */
export function ConversationScreen(props: { view: ConversationPageView; now: string; send: (form: FormData) => Promise<SendResult>; noScriptError: string | null; noScriptText: string }) {
  const { view } = props;
  const older = useFetcher<OlderPage>();
  const [earlier, setEarlier] = useState<{ messages: MessageView[]; cursor: string | null }>({ messages: [], cursor: view.older });
  const [now, setNow] = useState(() => new Date(props.now));
  const scroller = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const lastId = useRef<string | null>(null);

  useEffect(() => setNow(new Date()), [view]);

  useEffect(() => {
    const page = older.data?.view;
    if (!page) return;
    setEarlier((current) => {
      const known = new Set(current.messages.map((m) => m.id));
      return { messages: [...page.messages.filter((m) => !known.has(m.id)), ...current.messages], cursor: page.older };
    });
  }, [older.data]);

  const messages = useMemo(() => {
    const newest = new Set(view.messages.map((m) => m.id));
    return [...earlier.messages.filter((m) => !newest.has(m.id)), ...view.messages];
  }, [earlier.messages, view.messages]);
  const cursor = earlier.messages.length > 0 ? earlier.cursor : view.older;

  // Stay at the bottom when a message arrives (if the reader was near it, or wrote it);
  // keep the reader's place when earlier messages are added above.
  useIsomorphicLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    const newest = messages[messages.length - 1];
    if (!newest || newest.id === lastId.current) return;
    const first = lastId.current === null;
    lastId.current = newest.id;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 160;
    if (first || nearBottom || newest.senderId === view.me) el.scrollTop = el.scrollHeight;
  }, [messages, view.me]);

  const loadEarlier = () => {
    const el = scroller.current;
    if (!cursor || !el) return;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    older.load(`/Conversation?booking_id=${view.booking.id}&before=${encodeURIComponent(cursor)}`);
  };

  const shown = { ...view, messages };
  return (
    <div className="flex h-dvh flex-col bg-slate-50">
      <ConversationHeader view={view} />
      <div ref={scroller} className="flex-1 overflow-y-auto" data-testid="thread-scroller">
        <div className="mx-auto flex min-h-full max-w-3xl flex-col px-3 py-4 sm:px-5">
          {cursor ? (
            <div className="mb-2 flex justify-center">
              <button
                type="button"
                onClick={loadEarlier}
                disabled={older.state !== 'idle'}
                className="rounded-full border border-slate-300 bg-white px-3 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100 disabled:opacity-60"
              >
                {older.state !== 'idle' ? 'Loading…' : 'Show earlier messages'}
              </button>
            </div>
          ) : null}
          {messages.length === 0 ? <EmptyThread view={view} /> : <MessageThread view={shown} now={now} />}
        </div>
      </div>
      <div className="border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
        <Composer bookingId={view.booking.id} recipients={view.recipients} chooseRecipient={view.asAdmin} send={props.send} initialError={props.noScriptError} initialText={props.noScriptText} />
      </div>
    </div>
  );
}
