import { Fragment } from 'react';
import type { ConversationPageView, MessageView, PersonView } from '../../messaging/view-types';
import { bubbleTime, dayLabel, sameLondonDay } from '../../messaging/format';

/** What the thread needs of a conversation: a booking's, or an enquiry's (decision 052). */
export type ThreadView = Pick<ConversationPageView, 'me' | 'asAdmin' | 'messages'> & { booking: Pick<ConversationPageView['booking'], 'client' | 'coach'> };

function nameOf(view: ThreadView, id: string): PersonView | null {
  if (id === view.booking.client.id) return view.booking.client;
  if (id === view.booking.coach.id) return view.booking.coach;
  return null;
}

/** Who wrote a bubble and to whom, when that is not obvious (admins, and admin messages to a party). */
function bubbleLabel(view: ThreadView, m: MessageView, mine: boolean): string | null {
  const sender = nameOf(view, m.senderId);
  const receiver = nameOf(view, m.receiverId);
  if (view.asAdmin) {
    if (mine) return receiver ? `To ${receiver.role}: ${receiver.name}` : null;
    return `${sender ? `${sender.name} (${sender.role})` : 'FACT Admin'}`;
  }
  return sender ? null : 'FACT Admin';
}

/** Where a booking's conversation starts with the enquiry that came before it, and where the booking begins. */
function ThreadMarker({ children }: { children: string }) {
  return (
    <li className="my-2 flex justify-center">
      <span className="rounded-full bg-amber-100 px-3 py-0.5 text-xs font-semibold text-amber-800">{children}</span>
    </li>
  );
}

/** The bubbles, oldest at the top, with a divider above each new London day. */
export function MessageThread({ view, now }: { view: ThreadView; now: Date }) {
  const lastMine = view.messages.findLast((m) => m.senderId === view.me)?.id;
  return (
    <ol className="flex flex-col gap-1.5" aria-label="Messages" data-testid="message-thread">
      {view.messages.map((m, i) => {
        const at = new Date(m.at);
        const previous = view.messages[i - 1];
        const newDay = !previous || !sameLondonDay(new Date(previous.at), at);
        const mine = m.senderId === view.me;
        const label = bubbleLabel(view, m, mine);
        const fromAdmin = !mine && nameOf(view, m.senderId) === null;
        return (
          <Fragment key={m.id}>
            {m.fromEnquiry && !previous?.fromEnquiry ? <ThreadMarker>Enquiry before the booking</ThreadMarker> : null}
            {previous?.fromEnquiry && !m.fromEnquiry ? <ThreadMarker>Booked</ThreadMarker> : null}
            {newDay ? (
              <li className="my-3 flex justify-center" aria-hidden="true">
                <span className="rounded-full bg-slate-200/70 px-3 py-0.5 text-xs font-medium text-slate-600">{dayLabel(at, now)}</span>
              </li>
            ) : null}
            <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-testid="message" data-mine={mine ? 'true' : 'false'}>
              <div
                className={`max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${
                  mine
                    ? 'rounded-br-md bg-pitch-600 text-white'
                    : fromAdmin
                      ? 'rounded-bl-md border border-amber-200 bg-amber-50 text-slate-900'
                      : 'rounded-bl-md border border-slate-200 bg-white text-slate-900'
                }`}
              >
                {label ? <p className={`mb-0.5 text-xs font-semibold ${mine ? 'text-pitch-50' : 'text-slate-500'}`}>{label}</p> : null}
                <p className="whitespace-pre-wrap break-words text-[15px] leading-snug">{m.content}</p>
                <p className={`mt-1 flex items-center justify-end gap-1 text-[11px] ${mine ? 'text-pitch-50' : 'text-slate-500'}`}>
                  <time dateTime={m.at}>{bubbleTime(at)}</time>
                  {mine && !view.asAdmin && m.id === lastMine ? <span>· {m.isRead ? 'Read' : 'Sent'}</span> : null}
                </p>
              </div>
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}

/** Shown in place of the thread before anyone has written. */
export function EmptyThread({ view }: { view: ConversationPageView }) {
  const who = view.other ? view.other.name : `${view.booking.client.name} or ${view.booking.coach.name}`;
  return (
    <div className="my-auto flex flex-col items-center px-6 py-12 text-center">
      <p className="font-semibold text-slate-800">No messages yet</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        Send {who} a message about your {view.booking.serviceLabel} session.
      </p>
    </div>
  );
}
