import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { PersonView } from '../../messaging/view-types';

export const MAX_LENGTH = 5000;
const PLACEHOLDER = 'Type your message...';

export type SendResult = { ok: true; messageId: string } | { ok: false; error: string };

interface ComposerProps {
  bookingId: string;
  /** Admins choose: 'Message Client: {name}' / 'Message Coach: {name}'. Parties have one recipient. */
  recipients: readonly PersonView[];
  chooseRecipient: boolean;
  /** Sends and resolves with the outcome; the composer keeps the text when it fails. */
  send: (form: FormData) => Promise<SendResult>;
  /** What the server said after a send without JavaScript. */
  initialError?: string | null;
  initialText?: string;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line; a blank message is never sent; a
 * failure is shown under the box with the typed text put back (SPEC §2/§5/§8).
 */
export function Composer({ bookingId, recipients, chooseRecipient, send, initialError = null, initialText = '' }: ComposerProps) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(initialError);
  const [sending, setSending] = useState(false);
  const [recipient, setRecipient] = useState(recipients[0]?.id ?? '');
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 160)}px`;
  }, [text]);

  const length = text.trim().length;
  const tooLong = length > MAX_LENGTH;

  async function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (sending || length === 0) return;
    if (tooLong) return setError('Message too long');
    const form = new FormData();
    form.set('bookingId', bookingId);
    if (chooseRecipient) form.set('receiverId', recipient);
    form.set('content', text);
    const sent = text;
    setSending(true);
    setError(null);
    setText('');
    const result = await send(form);
    setSending(false);
    if (!result.ok) {
      setError(result.error);
      setText((current) => (current === '' ? sent : `${sent}\n${current}`));
    }
    box.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form method="post" onSubmit={(e) => void submit(e)} className="mx-auto w-full max-w-3xl px-3 py-3 sm:px-5" noValidate>
      <input type="hidden" name="bookingId" value={bookingId} />
      {chooseRecipient ? (
        <fieldset className="mb-2 flex flex-wrap gap-2">
          <legend className="sr-only">Recipient</legend>
          {recipients.map((person) => (
            <label
              key={person.id}
              className={`flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-pitch-600 ${
                recipient === person.id ? 'border-pitch-600 bg-pitch-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              <input type="radio" name="receiverId" value={person.id} checked={recipient === person.id} onChange={() => setRecipient(person.id)} className="sr-only" />
              {recipient === person.id ? (
                <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                  <path d="M5 12l4 4 10-10" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : null}
              Message {person.role}: {person.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor="message-content" className="sr-only">
          Message
        </label>
        <textarea
          id="message-content"
          ref={box}
          name="content"
          rows={1}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={PLACEHOLDER}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'message-error' : undefined}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-4 py-2.5 text-[15px] leading-snug text-slate-900 placeholder:text-slate-400 focus:border-pitch-600 focus:outline-none focus:ring-2 focus:ring-pitch-600/20"
        />
        <button
          type="submit"
          disabled={length === 0 || sending}
          className="flex h-11 shrink-0 items-center gap-1.5 rounded-full bg-pitch-600 px-4 text-sm font-semibold text-white hover:bg-pitch-700 disabled:cursor-not-allowed disabled:bg-slate-300"
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden="true">
            <path d="M3 20.5l18-8.5L3 3.5l2.5 8.5z" />
          </svg>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <div className="mt-1 flex min-h-5 items-start justify-between gap-3 px-1 text-xs">
        {error ? (
          <p id="message-error" role="alert" className="font-medium text-red-600">
            {error}
          </p>
        ) : (
          <span />
        )}
        {length > MAX_LENGTH - 500 ? (
          <span className={tooLong ? 'font-semibold text-red-600' : 'text-slate-500'}>
            {length} / {MAX_LENGTH}
          </span>
        ) : null}
      </div>
    </form>
  );
}
