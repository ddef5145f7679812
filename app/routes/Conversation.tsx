import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { viewConversation } from '../../domain/messaging/use-cases/view-conversation';
import { actorOf, requireUser } from '~/auth/guards.server';
import { isSignedOutReply } from '~/auth/signed-out';
import { useSendToLogin } from '~/auth/use-login-when-signed-out';
import { ConversationScreen } from '~/components/messaging/conversation-screen';
import { useRevalidateOn } from '~/messaging/use-live';
import type { SendResult } from '~/components/messaging/composer';
import { sendFromForm } from '~/messaging/send.server';
import { conversationPageView, httpStatusOf } from '~/messaging/views.server';
import { loadEnquiryPage } from '~/messaging/enquiry-page.server';
import { sendEnquiryFromForm } from '~/messaging/enquiry-send.server';
import { EnquiryScreen } from '~/components/messaging/enquiry-screen';
import { requestDeps } from '~/request-deps.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && 'enquiry' in data
        ? `${data.enquiry.other?.name ?? 'Enquiry'} · Enquiry · FACT`
        : data && 'view' in data
          ? `${data.view.other?.name ?? data.view.booking.serviceLabel} · Messages · FACT`
          : 'Conversation · FACT',
  },
];

/**
 * SPEC §2 Conversation (`?booking_id=`), shown without the shell; `?enquiry_id=` is an enquiry
 * before any booking (decision 052). Opening it marks the viewer's
 * unread messages read. `?before=` answers an older page of messages (for "Show earlier").
 * A missing booking, or one the viewer may not see, is 'Conversation not found.' with a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorOf(user);
  const url = new URL(request.url);
  const enquiryId = url.searchParams.get('enquiry_id');
  if (enquiryId !== null) return loadEnquiryPage(user, enquiryId, context);
  const result = await viewConversation(requestDeps(context), {
    actor,
    bookingId: url.searchParams.get('booking_id'),
    cursor: url.searchParams.get('before'),
  });
  if (!result.ok) return json({ notFound: result.error.message }, { status: httpStatusOf(result.error), headers: { 'Cache-Control': 'private, no-store' } });
  return { now: context.app.clock.now().toISOString(), view: conversationPageView(result.value, actor) };
}

/** Without JavaScript the composer posts here; with it, to /api/messages. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (new URL(request.url).searchParams.has('enquiry_id')) {
    const { status, body } = await sendEnquiryFromForm(await requireUser(request, context), await request.formData(), context);
    return json(body, { status });
  }
  const { status, body } = await sendFromForm(request, context);
  return json(body, { status });
}

async function sendMessage(form: FormData): Promise<SendResult> {
  try {
    const response = await fetch('/api/messages', { method: 'POST', body: form, headers: { Accept: 'application/json' } });
    const body = (await response.json()) as SendResult;
    return body.ok || typeof body.error === 'string' ? body : { ok: false, error: 'Failed to send message. Please try again.' };
  } catch {
    return { ok: false, error: 'Failed to send message. Please try again.' };
  }
}

export default function ConversationPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const revalidator = useRevalidator();
  // A send refused because the session ended elsewhere: the login dialog, back to this conversation.
  const sendToLogin = useSendToLogin();
  // The conversation's id, as live events name it: a booking's, or an enquiry's.
  const bookingId = 'view' in data ? data.view.booking.id : 'enquiry' in data ? data.enquiry.id : null;

  // A message in this conversation (from any app instance), or a polling tick, reloads it.
  // Reading by the other party (to show 'Read') too; not this viewer's own reads, which this page made.
  useRevalidateOn(
    (event) =>
      event.type === 'poll' || event.type === 'resync' || (event.type === 'message' && event.bookingId === bookingId) || (event.type === 'read' && !event.byMe && event.bookingId === bookingId),
  );

  if ('enquiry' in data)
    return (
      <EnquiryScreen
        key={data.enquiry.id}
        view={data.enquiry}
        now={data.now}
        onSent={() => revalidator.revalidate()}
        onSignedOut={sendToLogin}
        noScriptError={actionData && !actionData.ok ? actionData.error : null}
      />
    );
  if (!('view' in data)) return <NotFound message={data.notFound} />;
  return (
    <ConversationScreen
      key={data.view.booking.id}
      view={data.view}
      now={data.now}
      send={async (form) => {
        const result = await sendMessage(form);
        if (result.ok) revalidator.revalidate();
        else if (isSignedOutReply(result)) sendToLogin();
        return result;
      }}
      noScriptError={actionData && !actionData.ok ? actionData.error : null}
      noScriptText={actionData && !actionData.ok ? actionData.content : ''}
    />
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center">
      <p className="text-lg font-semibold text-slate-900">{message}</p>
      <Link to="/Messages" className="rounded-md bg-pitch-600 px-4 py-2 text-sm font-semibold text-white hover:bg-pitch-700">
        Back to Messages
      </Link>
    </main>
  );
}
