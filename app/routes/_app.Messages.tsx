import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useFetcher, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { listConversationPage } from '../../domain/messaging/use-cases/list-conversation-page';
import { actorOf, requireUser } from '~/auth/guards.server';
import { ConversationList, NoConversations } from '~/components/messaging/conversation-list';
import { useRevalidateOn } from '~/messaging/use-live';
import type { ConversationRowView } from '~/messaging/view-types';
import { conversationRowView, httpStatusOf } from '~/messaging/views.server';
import { requestDeps } from '~/request-deps.server';
import { enquiryRows } from '~/messaging/enquiry-rows.server';

export const meta: MetaFunction = () => [{ title: 'Messages · FACT' }];

/**
 * SPEC §2 Messages: one conversation per booking the user takes part in (admins: every booking),
 * newest activity first; `?cursor=` is the next (older) page, loaded by "Show older conversations".
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorOf(user);
  const cursor = new URL(request.url).searchParams.get('cursor');
  const page = await listConversationPage(requestDeps(context), { actor, cursor });
  if (!page.ok) throw new Response(page.error.message, { status: httpStatusOf(page.error) });
  // Open enquiries come with the first page; the list orders every row by its last activity.
  const enquiries = cursor ? [] : await enquiryRows(requestDeps(context), actor);
  return json(
    {
      now: context.app.clock.now().toISOString(),
      isAdmin: actor.role === 'admin',
      rows: [...page.value.items.map((item) => conversationRowView(item, actor)), ...enquiries],
      next: page.value.next,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export default function MessagesPage() {
  const data = useLoaderData<typeof loader>();
  const older = useFetcher<typeof loader>();
  const [extra, setExtra] = useState<{ rows: ConversationRowView[]; next: string | null }>({ rows: [], next: null });
  const [now, setNow] = useState(() => new Date(data.now));

  // New messages, reads elsewhere and polling ticks refresh the list.
  useRevalidateOn((event) => event.type !== 'unread');

  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, [data]);

  useEffect(() => {
    const page = older.data;
    if (!page) return;
    setExtra((current) => {
      const byId = new Map(current.rows.map((r) => [r.bookingId, r]));
      for (const r of page.rows) byId.set(r.bookingId, r);
      return { rows: [...byId.values()], next: page.next };
    });
  }, [older.data]);

  // The first page is the freshest; older pages fill in below it, newest activity first.
  const merged = new Map(extra.rows.map((r) => [r.bookingId, r]));
  for (const r of data.rows) merged.set(r.bookingId, r);
  const rows = [...merged.values()].sort((a, b) => b.at.localeCompare(a.at) || b.bookingId.localeCompare(a.bookingId));
  const next = extra.rows.length > 0 ? extra.next : data.next;

  return (
    <div className="mx-auto w-full max-w-3xl">
      <div className="mb-5">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Messages</h1>
        <p className="mt-1 text-sm text-slate-600">
          {data.isAdmin ? 'Every booking’s conversation and every enquiry, newest activity first.' : 'One conversation for each of your bookings, and your enquiries.'}
        </p>
      </div>
      {rows.length === 0 ? <NoConversations /> : <ConversationList rows={rows} now={now} overseeing={data.isAdmin} />}
      {next ? (
        <div className="mt-4 flex justify-center">
          <button
            type="button"
            onClick={() => older.load(`/Messages?cursor=${encodeURIComponent(next)}`)}
            disabled={older.state !== 'idle'}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
          >
            {older.state !== 'idle' ? 'Loading…' : 'Show older conversations'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
