import { BackToMessages } from './conversation-header';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isSignedOutReply } from '../../auth/signed-out';
import type { EnquiryPageView } from '../../messaging/view-types';
import { showToast } from '../toaster';
import { Composer, type SendResult } from './composer';
import { EnquiryChip } from './enquiry-chip';
import { MessageThread } from './message-thread';
import { ReportEnquiryDialog } from './report-enquiry-dialog';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

async function postEnquiryMessage(form: FormData): Promise<SendResult & { code?: string }> {
  // The composer names the conversation 'bookingId'; an enquiry's send names it for what it is.
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const body = new FormData();
  body.set('enquiryId', text('bookingId'));
  body.set('content', text('content'));
  try {
    const response = await fetch('/api/enquiries', { method: 'POST', body, headers: { Accept: 'application/json' } });
    const reply = (await response.json()) as SendResult & { code?: string };
    return reply.ok || typeof reply.error === 'string' ? reply : { ok: false, error: 'Failed to send message. Please try again.' };
  } catch {
    return { ok: false, error: 'Failed to send message. Please try again.' };
  }
}

/**
 * The Conversation page of an enquiry (decision 052), without the shell: the other person's
 * name labelled 'Enquiry', the thread, and the composer. The coach may report it to FACT; an
 * administrator reads it and does not write.
 */
export function EnquiryScreen(props: { view: EnquiryPageView; now: string; onSent: () => void; onSignedOut: () => void; noScriptError: string | null }) {
  const { view } = props;
  const [now, setNow] = useState(() => new Date(props.now));
  const [reporting, setReporting] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => setNow(new Date()), [view]);

  // Stay at the bottom as messages arrive.
  const newest = view.messages[view.messages.length - 1]?.id;
  useIsomorphicLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest]);

  const title = view.other ? view.other.name : `${view.client.name} & ${view.coach.name}`;
  const thread = { me: view.me, asAdmin: view.asAdmin, messages: view.messages, booking: { client: view.client, coach: view.coach } };
  return (
    <div className="flex h-dvh flex-col bg-slate-50">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-3 py-3 sm:px-5">
          <BackToMessages />
          <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-pitch-100 text-sm font-bold text-pitch-800">
            {title.charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-bold text-slate-900 sm:text-lg">{title}</h1>
            <p className="flex items-center gap-2 truncate text-xs text-slate-600 sm:text-sm">
              <EnquiryChip />
              <span className={view.asAdmin ? 'truncate' : 'hidden truncate sm:inline'}>{view.asAdmin ? `${view.client.name} (Client) · ${view.coach.name} (Coach)` : 'Before any booking'}</span>
            </p>
          </div>
          {view.canReport ? (
            <button
              type="button"
              onClick={() => setReporting(true)}
              className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-50 sm:text-sm"
            >
              Report to FACT
            </button>
          ) : view.reported ? (
            <span className="shrink-0 text-xs font-medium text-slate-500">Reported to FACT</span>
          ) : null}
        </div>
      </header>
      <div ref={scroller} className="flex-1 overflow-y-auto" data-testid="thread-scroller">
        <div className="mx-auto flex min-h-full max-w-3xl flex-col px-3 py-4 sm:px-5">
          {view.messages.length === 0 ? <p className="my-auto text-center text-sm text-slate-600">No messages yet.</p> : <MessageThread view={thread} now={now} />}
        </div>
      </div>
      <div className="border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
        {view.other ? (
          <Composer
            bookingId={view.id}
            recipients={[view.other]}
            chooseRecipient={false}
            send={async (form) => {
              const result = await postEnquiryMessage(form);
              if (result.ok) props.onSent();
              else if (isSignedOutReply(result)) props.onSignedOut();
              return result;
            }}
            initialError={props.noScriptError}
          />
        ) : (
          <p className="mx-auto max-w-3xl px-4 py-3 text-sm text-slate-600">Administrators can read enquiries; only the client and the coach write in them.</p>
        )}
      </div>
      {reporting ? (
        <ReportEnquiryDialog
          enquiryId={view.id}
          onClose={() => setReporting(false)}
          onSignedOut={props.onSignedOut}
          onReported={() => {
            setReporting(false);
            showToast({ type: 'success', title: 'Reported to FACT. Thank you: an administrator will look at it.' });
            props.onSent();
          }}
        />
      ) : null}
    </div>
  );
}
