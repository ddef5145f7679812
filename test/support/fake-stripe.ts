import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeConnect, type FakeConnect } from './fake-stripe-connect';

/**
 * A local stand-in for the Stripe API (node:http), for the Stripe adapter's tests. It checks what
 * a real Stripe would refuse (form-encoded bodies, integer amounts, the Idempotency-Key header),
 * answers with Stripe-shaped objects and errors, replays idempotent requests, and records every
 * request for assertions. Test hooks play the browser's part (authorise / decline a card).
 */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly form: Readonly<Record<string, string>>;
  readonly rawBody: string;
}

type Json = Record<string, unknown>;
interface Reply {
  readonly status: number;
  readonly body: Json;
}

export interface FakeStripe {
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly intents: Map<string, Json>;
  /** The browser confirmed a good card: the intent now waits for capture. */
  authorise(intentId: string): void;
  /** The browser's card was refused. */
  decline(intentId: string, code: string, message: string): void;
  /** The next `count` requests fail with this reply (before any processing). */
  failNext(reply: Reply, count?: number): void;
  /** Stripe Connect: accounts, account links, transfers and reversals (fake-stripe-connect.ts). */
  readonly connect: FakeConnect;
  writes(): RecordedRequest[];
  close(): Promise<void>;
}

const stripeError = (status: number, type: string, message: string, extra: Json = {}): Reply => ({
  status,
  body: { error: { type, message, ...extra } },
});

function parseForm(raw: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(raw)) form[k] = v;
  return form;
}

/** `expand[0]=a&expand[1]=b` (the SDK's encoding) or `expand[]=a`. */
export function expandsOf(query: URLSearchParams): string[] {
  return [...query].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
}

function positiveInt(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds: Json[] = [];
  const replays = new Map<string, { fingerprint: string; reply: Reply }>();
  const failures: Reply[] = [];
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++seq).padStart(6, '0')}`;
  const connect = createFakeConnect({ intents, charges, nextId });

  const intent = (id: string): Json | undefined => intents.get(id);
  const expanded = (pi: Json, expand: string[]): Json => {
    const chargeId = pi.latest_charge as string | null;
    return expand.includes('latest_charge') && chargeId ? { ...pi, latest_charge: charges.get(chargeId) } : pi;
  };
  const missing = (id: string) => stripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, { code: 'resource_missing', param: 'intent' });
  const unexpected = (pi: Json, action: string, allowed: string) =>
    stripeError(400, 'invalid_request_error', `This PaymentIntent's ${action} could not be performed because it has a status of ${String(pi.status)}. Allowed: ${allowed}.`, {
      code: 'payment_intent_unexpected_state',
      payment_intent: pi,
    });

  function route(req: RecordedRequest): Reply {
    const parts = req.path.split('/').filter(Boolean); // v1, payment_intents, id, action
    const form = req.form;
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const amount = positiveInt(form.amount);
      if (amount === null) return stripeError(400, 'invalid_request_error', 'Invalid integer: amount', { param: 'amount', code: 'parameter_invalid_integer' });
      if (!form.currency) return stripeError(400, 'invalid_request_error', 'Missing required param: currency.', { param: 'currency', code: 'parameter_missing' });
      const id = nextId('pi');
      const metadata: Json = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const pi: Json = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        capture_method: form.capture_method ?? 'automatic_async',
        client_secret: `${id}_secret_fake`,
        currency: form.currency,
        description: form.description ?? null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata,
        status: 'requires_payment_method',
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, pi);
      return { status: 200, body: pi };
    }
    if (parts[0] === 'v1' && parts[1] === 'payment_intents' && parts[2]) {
      const pi = intent(parts[2]);
      if (!pi) return missing(parts[2]);
      if (req.method === 'GET' && parts.length === 3) return { status: 200, body: expanded(pi, expandsOf(req.query)) };
      if (req.method === 'POST' && parts[3] === 'capture') {
        if (pi.status !== 'requires_capture') return unexpected(pi, 'capture', 'requires_capture');
        const amount = form.amount_to_capture === undefined ? (pi.amount_capturable as number) : positiveInt(form.amount_to_capture);
        if (amount === null || amount > (pi.amount_capturable as number))
          return stripeError(400, 'invalid_request_error', 'The amount to capture is greater than the amount capturable.', { code: 'amount_too_large' });
        const charge = charges.get(pi.latest_charge as string)!;
        // Like Stripe, the uncaptured rest of a partial capture is released and shows in amount_refunded.
        Object.assign(charge, { captured: true, amount_captured: amount, amount_refunded: (pi.amount as number) - amount });
        Object.assign(pi, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
        return { status: 200, body: pi };
      }
      if (req.method === 'POST' && parts[3] === 'cancel') {
        if (pi.status === 'succeeded' || pi.status === 'canceled') return unexpected(pi, 'cancel', 'requires_payment_method, requires_capture, ...');
        Object.assign(pi, { status: 'canceled', amount_capturable: 0, cancellation_reason: form.cancellation_reason ?? null });
        return { status: 200, body: pi };
      }
    }
    if (req.method === 'POST' && req.path === '/v1/refunds') {
      const pi = intent(form.payment_intent ?? '');
      if (!pi) return missing(form.payment_intent ?? '');
      if (pi.status !== 'succeeded') return unexpected(pi, 'refund', 'succeeded');
      const charge = charges.get(pi.latest_charge as string)!;
      const ours = refunds.filter((r) => r.payment_intent === pi.id).reduce((sum, r) => sum + (r.amount as number), 0);
      const left = (charge.amount_captured as number) - ours;
      const amount = form.amount === undefined ? left : positiveInt(form.amount);
      if (amount === null || amount > left)
        return stripeError(400, 'invalid_request_error', `Refund amount (£${((amount ?? 0) / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`, {
          code: 'amount_too_large',
        });
      const refunded = (charge.amount_refunded as number) + amount;
      Object.assign(charge, { amount_refunded: refunded, refunded: refunded === charge.amount });
      const metadata = Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (/^metadata\[(.+)\]$/.exec(k) ? [[k.slice(9, -1), v]] : [])));
      const refund: Json = { id: nextId('re'), object: 'refund', amount, currency: pi.currency, payment_intent: pi.id, charge: charge.id, status: 'succeeded', reason: form.reason ?? null, metadata };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (req.method === 'GET' && req.path === '/v1/refunds') {
      const data = refunds.filter((r) => r.payment_intent === req.query.get('payment_intent'));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    const connected = connect.route(req);
    if (connected) return connected;
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path}).`);
  }

  function authorise(intentId: string): void {
    const pi = intents.get(intentId)!;
    const charge: Json = {
      id: nextId('ch'),
      object: 'charge',
      created: Math.floor(Date.now() / 1000),
      amount: pi.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      currency: pi.currency,
      payment_intent: intentId,
      status: 'succeeded',
    };
    charges.set(charge.id as string, charge);
    Object.assign(pi, { status: 'requires_capture', amount_capturable: pi.amount, latest_charge: charge.id, last_payment_error: null });
  }
  function decline(intentId: string, code: string, message: string): void {
    Object.assign(intents.get(intentId)!, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: code, message },
    });
  }

  function handle(req: RecordedRequest): Reply {
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_')) return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
    const failure = failures.shift();
    if (failure) return failure;
    if (req.method !== 'POST') return route(req);
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return stripeError(400, 'invalid_request_error', 'Request bodies must be form-encoded.');
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length === 0) return route(req);
    const fingerprint = `${req.method} ${req.path} ${req.rawBody}`;
    const previous = replays.get(key);
    if (previous) {
      if (previous.fingerprint !== fingerprint)
        return stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      return previous.reply;
    }
    const reply = route(req);
    if (reply.status < 500) replays.set(key, { fingerprint, reply });
    return reply;
  }

  /**
   * What Stripe.js does in the browser (a stub of it calls this, cross-origin): confirms the card
   * against the intent named by the client secret. 4242… authorises; 4000 0025 0000 3155 asks for
   * 3-D Secure (requires_action, answered through /browser/authenticate); anything else is declined.
   */
  function confirmFromBrowser(method: string, raw: string, res: ServerResponse, step: 'confirm' | 'authenticate'): void {
    const headers = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'content-type': 'application/json' };
    if (method === 'OPTIONS') return void res.writeHead(204, headers).end();
    const { client_secret: secret, card_number: card, result } = JSON.parse(raw || '{}') as { client_secret?: string; card_number?: string; result?: string };
    const intentId = String(secret ?? '').split('_secret_')[0] ?? '';
    const pi = intents.get(intentId);
    let body: Json;
    if (!pi) body = { error: { type: 'invalid_request_error', message: 'No such payment_intent.' } };
    else if (step === 'authenticate') {
      if (pi.status !== 'requires_action')
        body = { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent is not waiting for authentication.' } };
      else if (result === 'complete') {
        authorise(intentId);
        body = { paymentIntent: { id: intentId, status: 'requires_capture' } };
      } else {
        const message = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
        Object.assign(pi, { status: 'requires_payment_method', next_action: null, last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message } });
        body = { error: { type: 'card_error', code: 'payment_intent_authentication_failure', message } };
      }
    } else if (String(card).replace(/\D/g, '') === '4000002500003155') {
      Object.assign(pi, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' }, last_payment_error: null });
      body = { paymentIntent: { id: intentId, status: 'requires_action' } };
    } else if (String(card).replace(/\D/g, '') === '4242424242424242') {
      authorise(intentId);
      body = { paymentIntent: { id: intentId, status: 'requires_capture' } };
    } else {
      decline(intentId, 'generic_decline', 'Your card was declined.');
      body = { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
    }
    res.writeHead(200, headers).end(JSON.stringify(body));
  }

  const server: Server = createServer((incoming, res) => {
    let raw = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (raw += chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      if (url.pathname === '/browser/confirm_card') return confirmFromBrowser(incoming.method ?? 'GET', raw, res, 'confirm');
      if (url.pathname === '/browser/authenticate') return confirmFromBrowser(incoming.method ?? 'GET', raw, res, 'authenticate');
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        form: parseForm(raw),
        rawBody: raw,
      };
      requests.push(recorded);
      const reply = handle(recorded);
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_fake${requests.length}`, 'stripe-should-retry': reply.status >= 500 ? 'true' : 'false' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    authorise,
    decline,
    failNext(reply, count = 1) {
      for (let i = 0; i < count; i++) failures.push(reply);
    },
    writes: () => requests.filter((r) => r.method === 'POST'),
    connect: connect.connect,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
