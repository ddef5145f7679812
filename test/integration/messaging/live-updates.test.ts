import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../adapters/logging/logger';
import { MESSAGE_CHANNEL, parseMessageEvent, type MessageEvent } from '../../../adapters/realtime/message-events';
import { createMessageStream } from '../../../adapters/realtime/message-stream';
import { PgNotifier } from '../../../adapters/realtime/pg-notifier';
import type { Actor } from '../../../domain/policy/actor';
import { countUnreadMessages } from '../../../domain/messaging/use-cases/count-unread-messages';
import { postMessage } from '../../../domain/messaging/use-cases/post-message';
import { viewConversation } from '../../../domain/messaging/use-cases/view-conversation';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';
import { createTestBooking } from '../../support/fixtures/bookings';

/**
 * Live updates across instances: the app commits a message, PostgreSQL NOTIFY reaches a second,
 * independent LISTEN connection (another instance), and the SSE stream passes on only what the
 * signed-in user may see.
 */
const ctx = useTestApp();
const silent = createLogger({ level: 'silent', pretty: false });
let client: Person, coach: Person, stranger: Person, admin: Person;
let bookingId: string;
let otherInstance: PgNotifier;
const heard: MessageEvent[] = [];

function waitFor<T>(check: () => T | undefined, ms = 3_000): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const found = check();
      if (found !== undefined) return resolve(found);
      if (Date.now() - started > ms) return reject(new Error('timed out'));
      setTimeout(tick, 20);
    };
    tick();
  });
}

beforeAll(async () => {
  client = await insertPerson(ctx.db, { type: 'client', name: 'Chris Client' });
  coach = await insertPerson(ctx.db, { type: 'coach', name: 'Casey Coach' });
  stranger = await insertPerson(ctx.db, { type: 'client', name: 'Sam Stranger' });
  admin = await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' });
  bookingId = (await createTestBooking(ctx.app, { clientId: client.id, coachId: coach.id })).id;
  otherInstance = new PgNotifier(ctx.db.url, MESSAGE_CHANNEL, silent);
  otherInstance.subscribe((payload) => {
    const event = parseMessageEvent(payload);
    if (event) heard.push(event);
  });
  await otherInstance.ready();
});
afterAll(async () => {
  await otherInstance?.close();
});

const send = (actor: Actor, content: string, receiverId?: string) => postMessage(ctx.app.deps(), { actor, form: { bookingId, content, receiverId } });

describe('NOTIFY across instances', () => {
  it('delivers a committed message to another instance’s listener', async () => {
    const sent = await send(client.actor, 'Are we still on for Saturday?');
    const id = sent.ok ? sent.value.id : '';
    const event = await waitFor(() => heard.find((e) => e.type === 'message' && e.messageId === id));
    expect(event).toEqual({ type: 'message', bookingId, messageId: id, senderId: client.id, receiverId: coach.id });
  });

  it('says nothing for a message that was never committed', async () => {
    const count = heard.length;
    await ctx.app.deps().uow.transaction(async (tx) => {
      await tx.messages.add({
        id: '5f1d2c7e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
        bookingId,
        senderId: client.id,
        receiverId: coach.id,
        content: 'rolled back',
        isRead: false,
        readAt: null,
        createdAt: new Date(),
      });
      return { ok: false, error: { kind: 'conflict', code: 'TEST', message: 'roll back' } };
    });
    await send(client.actor, 'marker');
    await waitFor(() => heard.slice(count).find((e) => e.type === 'message' && e.senderId === client.id) ?? undefined);
    expect(heard.slice(count).some((e) => e.type === 'message' && e.messageId === '5f1d2c7e-8a4b-4c1d-9e2f-0a1b2c3d4e5f')).toBe(false);
  });

  it('announces read marking so the reader’s other tabs update their badge', async () => {
    await viewConversation(ctx.app.deps(), { actor: coach.actor, bookingId });
    const event = await waitFor(() => heard.find((e) => e.type === 'read' && e.readerId === coach.id));
    expect(event).toEqual({ type: 'read', bookingId, readerId: coach.id, senderIds: [client.id] });
  });
});

describe('GET /events', () => {
  let server: Server;
  let base: string;
  const actors = new Map<string, Actor>();

  beforeAll(async () => {
    for (const p of [client, coach, stranger, admin]) actors.set(p.id, p.actor);
    const streams = createMessageStream({
      events: otherInstance,
      authenticate: async (req) => actors.get(String(req.headers['x-test-user'] ?? '')) ?? null,
      countUnread: (actor) => countUnreadMessages(ctx.app.deps(), { actor }),
      heartbeatMs: 60_000,
    });
    const app = express();
    app.get('/events', streams.stream);
    app.get('/events/unread', streams.unread);
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    afterAll(() => {
      streams.closeAll();
      server.close();
    });
  });

  /** Opens the stream as `who` and collects its events. */
  async function listen(who: Person) {
    const controller = new AbortController();
    const response = await fetch(`${base}/events`, { headers: { 'x-test-user': who.id }, signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: { event: string; data: Record<string, unknown> }[] = [];
    const reader = response.body!.getReader();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += new TextDecoder().decode(value);
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name && data) events.push({ event: name, data: JSON.parse(data) as Record<string, unknown> });
          }
        }
      } catch {
        /* aborted */
      }
    })();
    return { events, close: () => controller.abort() };
  }

  it('refuses a visitor who is not signed in', async () => {
    expect((await fetch(`${base}/events`)).status).toBe(401);
    expect((await fetch(`${base}/events/unread`)).status).toBe(401);
  });

  it('sends the unread count first, then only what each user may see', async () => {
    const coachStream = await listen(coach);
    const strangerStream = await listen(stranger);
    const adminStream = await listen(admin);
    await waitFor(() => coachStream.events.find((e) => e.event === 'unread'));
    await waitFor(() => strangerStream.events.find((e) => e.event === 'unread'));

    const sent = await send(client.actor, 'See you at the park');
    const id = sent.ok ? sent.value.id : '';
    await waitFor(() => coachStream.events.find((e) => e.event === 'message' && e.data.messageId === id));
    await waitFor(() => adminStream.events.find((e) => e.event === 'message' && e.data.messageId === id));
    const unread = await waitFor(() => coachStream.events.filter((e) => e.event === 'unread').at(-1)?.data.count === 1 || undefined);
    expect(unread).toBe(true);

    // An admin's note to the client is not the coach's business.
    const note = await send(admin.actor, 'Admin note for the client', client.id);
    const noteId = note.ok ? note.value.id : '';
    await waitFor(() => adminStream.events.find((e) => e.event === 'message' && e.data.messageId === noteId));
    await new Promise((r) => setTimeout(r, 200));
    expect(coachStream.events.some((e) => e.data.messageId === noteId)).toBe(false);
    expect(strangerStream.events.filter((e) => e.event !== 'unread')).toEqual([]);
    expect(JSON.stringify(coachStream.events)).not.toContain('See you at the park');

    const polled = await fetch(`${base}/events/unread`, { headers: { 'x-test-user': coach.id } });
    expect(await polled.json()).toEqual({ count: 1 });
    for (const s of [coachStream, strangerStream, adminStream]) s.close();
  });
});
