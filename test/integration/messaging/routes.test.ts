import { beforeAll, describe, expect, it } from 'vitest';
import { action as conversationAction, loader as conversationLoader } from '../../../app/routes/Conversation';
import { action as apiSend } from '../../../app/routes/api.messages';
import { loader as messagesLoader } from '../../../app/routes/_app.Messages';
import { useTestApp } from '../../support/app';
import { bodyOf, call, insertPerson, requestAs, type Person } from '../../support/booking-flow';
import { createTestBooking } from '../../support/fixtures/bookings';
import { countQueries } from '../../support/query-counter';

/** The Messages and Conversation routes as the server calls them: statuses, words, query budget. */
const ctx = useTestApp();
let client: Person, coach: Person, stranger: Person;
let bookingId: string;

beforeAll(async () => {
  client = await insertPerson(ctx.db, { type: 'client', name: 'Chris Client' });
  coach = await insertPerson(ctx.db, { type: 'coach', name: 'Casey Coach' });
  stranger = await insertPerson(ctx.db, { type: 'client', name: 'Sam Stranger' });
  bookingId = (await createTestBooking(ctx.app, { clientId: client.id, coachId: coach.id, serviceType: 'goalkeeping' })).id;
});

const post = async (fn: Parameters<typeof call>[0], who: Person, form: Record<string, string>, path = '/api/messages') => call(fn, ctx.app, await requestAs(ctx.app, who.id, path, form));

describe('sending', () => {
  it('sends through /api/messages and answers the new id', async () => {
    const response = await post(apiSend, client, { bookingId, content: '  Can we focus on diving?  ' });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ ok: true, messageId: expect.any(String) });
  });

  it('answers a refused message with the SPEC’s words and the typed text, with and without JavaScript', async () => {
    const long = 'b'.repeat(5001);
    const viaApi = await post(apiSend, client, { bookingId, content: long });
    expect(viaApi.status).toBe(422);
    expect(await bodyOf(viaApi)).toEqual({ ok: false, error: 'Message too long', content: long });
    const viaForm = await post(conversationAction, client, { bookingId, content: '   ' }, `/Conversation?booking_id=${bookingId}`);
    expect(await bodyOf(viaForm)).toEqual({ ok: false, error: 'Message cannot be empty', content: '   ' });
  });

  it('tells a stranger only that sending failed', async () => {
    const response = await post(apiSend, stranger, { bookingId, content: 'hello?' });
    expect(response.status).toBe(404);
    expect(await bodyOf(response)).toEqual({ ok: false, error: 'Failed to send message. Please try again.', content: 'hello?' });
  });

  it('answers a signed-out sender 401 with the reason, not a redirect the composer would follow', async () => {
    const response = await call(apiSend, ctx.app, await requestAs(ctx.app, null, '/api/messages', { bookingId, content: 'x' }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, code: 'SIGNED_OUT' });
  });
});

describe('reading', () => {
  it('loads the Messages page in a handful of queries', async () => {
    const request = await requestAs(ctx.app, coach.id, '/Messages');
    const { result, count, queries } = await countQueries(() => call(messagesLoader, ctx.app, request));
    expect(count, queries.join('\n')).toBeLessThanOrEqual(3);
    const body = await bodyOf<{ rows: { title: string; serviceLabel: string; unread: number; preview: string }[] }>(result);
    expect(body.rows).toEqual([expect.objectContaining({ title: 'Chris Client', serviceLabel: 'Goalkeeping', unread: 1, preview: 'Can we focus on diving?' })]);
  });

  it('opens the conversation for the coach and marks it read', async () => {
    const response = await call(conversationLoader, ctx.app, await requestAs(ctx.app, coach.id, `/Conversation?booking_id=${bookingId}`));
    expect(response.status).toBe(200);
    const body = await bodyOf<{ view: { other: { name: string }; booking: { serviceLabel: string }; messages: { content: string }[] } }>(response);
    expect(body.view.other.name).toBe('Chris Client');
    expect(body.view.booking.serviceLabel).toBe('Goalkeeping');
    expect(body.view.messages.map((m) => m.content)).toEqual(['Can we focus on diving?']);
    expect(await ctx.db.query('select count(*)::int as n from messages where not is_read')).toEqual([{ n: 0 }]);
  });

  it('answers 404 “Conversation not found.” alike for a stranger, a missing booking and no booking id', async () => {
    for (const [who, path] of [
      [stranger, `/Conversation?booking_id=${bookingId}`],
      [client, '/Conversation?booking_id=00000000-0000-4000-8000-000000000000'],
      [client, '/Conversation'],
    ] as const) {
      const response = await call(conversationLoader, ctx.app, await requestAs(ctx.app, who.id, path));
      expect(response.status).toBe(404);
      expect(await bodyOf(response)).toEqual({ notFound: 'Conversation not found.' });
    }
  });
});
