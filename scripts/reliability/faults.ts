/**
 * `npm run reliability:faults` (node --import tsx scripts/reliability/faults.ts [--only a,b] [--write]):
 * the faults FACT must survive (docs/reliability.md), each against a real PostgreSQL and FACT run as
 * `npm start` runs it (production mode, current build):
 *
 *   restart   PostgreSQL stopped and started while FACT serves 50 requests per second: FACT never
 *             crashes, answers 503 quickly while the database is away (no request hangs), and
 *             serves again within 5 s of the database's return with every invariant intact;
 *   sigterm   SIGTERM under load: every request in flight is answered, FACT exits within 10 s;
 *   gateway   the payment gateway (a local fake Stripe behind a proxy that drops answers after
 *             doing the work, or fails before it) mid-flow: no booking paid twice, none marked
 *             paid without the money;
 *   webhooks  1 000 webhook deliveries (10 % duplicated, 10 % reordered, 5 % stale, 5 % badly
 *             signed): exactly the effect of the valid events, once each.
 *
 * Prints the figures; with --write puts them in docs/reliability.md. Loopback only, bounded.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { adminReadModels } from '../../adapters/persistence/admin/index';
import { openOrm } from '../../adapters/persistence/orm';
import { STRIPE_API_VERSION } from '../../adapters/payments/stripe/stripe-client';
import { startFakeStripe } from '../../test/support/fake-stripe';
import {
  cookieFor,
  countBy,
  insertBooking,
  insertPeople,
  log,
  openLoop,
  percentile,
  round,
  send,
  sleep,
  startApp,
  startDatabase,
  withClient,
  writeSection,
  type AppProcess,
  type LoadRequest,
  type Person,
  type RestartableDatabase,
  type Sample,
} from './harness';

const args = process.argv.slice(2);
const only = (args.find((a) => a.startsWith('--only='))?.slice(7) ?? 'restart,sigterm,gateway,webhooks').split(',');
const write = args.includes('--write');
const DAY = 86_400_000;

interface World {
  clients: Person[];
  coaches: Person[];
  bookings: { id: string; client: Person; coach: Person }[];
}

async function seed(db: RestartableDatabase, clients = 20, coaches = 5): Promise<World> {
  const c = await insertPeople(db.url, 'client', clients);
  const k = await insertPeople(db.url, 'coach', coaches);
  const bookings = [];
  for (let i = 0; i < c.length; i++) {
    const coach = k[i % k.length]!;
    bookings.push({ id: await insertBooking(db.url, c[i]!.id, coach.id, new Date(Date.now() + (3 + i) * DAY), { paid: true }), client: c[i]!, coach });
  }
  return { clients: c, coaches: k, bookings };
}

/** The booking-and-messaging mix every scenario sends: reads of three pages, and messages. */
async function mix(app: AppProcess, world: World): Promise<(i: number) => LoadRequest> {
  const cookies = new Map<string, string>();
  for (const p of [...world.clients, ...world.coaches]) cookies.set(p.id, await cookieFor(p.id, app.baseUrl));
  const data = (page: string) => `${app.baseUrl}/${page}?_data=${encodeURIComponent(`routes/_app.${page}`)}`;
  return (i): LoadRequest => {
    const b = world.bookings[i % world.bookings.length]!;
    const cookie = cookies.get(b.client.id)!;
    switch (i % 5) {
      case 0:
      case 1:
        return { name: 'messages', method: 'GET', url: data('Messages'), headers: { Cookie: cookie } };
      case 2:
        return { name: 'my-bookings', method: 'GET', url: data('MyBookings'), headers: { Cookie: cookie } };
      case 3:
        return { name: 'find-coaches', method: 'GET', url: data('FindCoaches'), headers: { Cookie: cookie } };
      default:
        return {
          name: 'send-message',
          method: 'POST',
          url: `${app.baseUrl}/api/messages`,
          headers: { Cookie: cookie, Origin: app.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ bookingId: b.id, content: `Load message ${i}` }).toString(),
        };
    }
  };
}

async function diagnosticsHealthy(url: string): Promise<{ healthy: boolean; failing: string[] }> {
  const orm = await openOrm(url, { poolMax: 2 });
  try {
    const report = await adminReadModels(orm).diagnostics();
    return { healthy: report.healthy, failing: report.checks.filter((c) => c.count > 0 && c.severity === 'error').map((c) => c.key) };
  } finally {
    await orm.close();
  }
}

// --- restart -----------------------------------------------------------------------------------

async function restartScenario(): Promise<Outcome> {
  const db = await startDatabase();
  const world = await seed(db);
  const app = await startApp(db.url, { OUTBOX_WORKER: 'on' });
  let crashed: string | null = null;
  void app.exited.then((e) => (crashed = `exit ${e.code} ${e.signal ?? ''}`));
  try {
    const next = await mix(app, world);
    const RATE = 50;
    const startedAt = performance.now();
    const marks: Record<string, number> = {};
    const faults = (async () => {
      await sleep(5_000);
      marks.stopRequested = performance.now() - startedAt;
      const stopMs = await db.stop();
      marks.down = performance.now() - startedAt;
      log(`PostgreSQL stopped in ${round(stopMs)} ms`);
      await sleep(5_000);
      marks.startRequested = performance.now() - startedAt;
      const startMs = await db.start();
      marks.up = performance.now() - startedAt;
      log(`PostgreSQL started again in ${round(startMs)} ms`);
    })();
    const samples = await openLoop({ rate: RATE, seconds: 22, next, startedAt });
    await faults;
    await sleep(1_000);
    const alive = app.child.exitCode === null && app.child.signalCode === null;
    const ready = (await fetch(`${app.baseUrl}/readyz`)).status;

    const inWindow = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to);
    const baseline = inWindow(0, marks.stopRequested!);
    const away = inWindow(marks.down!, marks.startRequested!);
    const afterUp = samples.filter((s) => s.at >= marks.up!);
    // Recovery: from the database's return to the first request after which every answer is good.
    let lastBad = -1;
    afterUp.forEach((s, i) => {
      if (s.status < 200 || s.status >= 400) lastBad = i;
    });
    const recoveredAt = lastBad + 1 < afterUp.length ? afterUp[lastBad + 1]!.at : Number.NaN;
    const sentMessages = samples.filter((s) => s.name === 'send-message' && s.status === 200).length;
    const stored = await withClient(db.url, async (c) => Number((await c.query(`select count(*)::int as n from messages where content like 'Load message %'`)).rows[0].n));
    const diagnostics = await diagnosticsHealthy(db.url);
    const during = (list: Sample[]) => ({
      requests: list.length,
      statuses: countBy(list, (s) => (s.status === 0 ? `network:${s.error}` : s.status)),
      p50Ms: round(
        percentile(
          list.map((s) => s.ms),
          50,
        ),
      ),
      p99Ms: round(
        percentile(
          list.map((s) => s.ms),
          99,
        ),
      ),
      maxMs: round(Math.max(...list.map((s) => s.ms))),
    });
    const figures = {
      rate: RATE,
      crashed: crashed ?? (alive ? null : 'not running'),
      readyAfter: ready,
      databaseDownForMs: round(marks.up! - marks.down!),
      baseline: during(baseline),
      whileAway: during(away),
      afterReturn: during(afterUp),
      recoveryMs: round(recoveredAt - marks.up!),
      messagesAnswered200: sentMessages,
      messagesStored: stored,
      diagnostics,
    };
    const awayStatuses = figures.whileAway.statuses;
    const non503 = Object.entries(awayStatuses)
      .filter(([k]) => k !== '503')
      .reduce((n, [, c]) => n + c, 0);
    return {
      figures,
      verdicts: [
        { what: 'restart: FACT never crashed and is ready again', ok: figures.crashed === null && figures.readyAfter === 200 },
        { what: `restart: every request while the database was away answered 503 (${non503} did not)`, ok: non503 === 0 },
        { what: `restart: no request hung (slowest ${figures.whileAway.maxMs} ms while away)`, ok: figures.whileAway.maxMs < 2_000 },
        { what: `restart: serving again ${figures.recoveryMs} ms after the database returned`, ok: figures.recoveryMs <= 5_000 },
        {
          what: `restart: nothing lost (${figures.messagesStored} messages stored for ${figures.messagesAnswered200} answered 200) and invariants intact`,
          ok: figures.diagnostics.healthy && figures.messagesStored >= figures.messagesAnswered200,
        },
      ],
    };
  } finally {
    await app.stop();
    await db.destroy();
  }
}

// --- sigterm -----------------------------------------------------------------------------------

async function sigtermScenario(): Promise<Outcome> {
  const db = await startDatabase();
  const world = await seed(db);
  const app = await startApp(db.url, { OUTBOX_WORKER: 'on' });
  try {
    const next = await mix(app, world);
    // An open server-sent-event stream must not hold the shutdown.
    const events = fetch(`${app.baseUrl}/events`, { headers: { Cookie: await cookieFor(world.clients[0]!.id, app.baseUrl) } }).then(async (r) => {
      await r.arrayBuffer().catch(() => undefined);
      return r.status;
    });
    const startedAt = performance.now();
    // Load at 100 requests per second; SIGTERM after 3 s, while requests are in flight.
    let termAt = 0;
    const inFlightAtTerm: Promise<Sample>[] = [];
    const loop = openLoop({ rate: 100, seconds: 3, next, startedAt });
    await sleep(3_000);
    for (let i = 0; i < 60; i++) inFlightAtTerm.push(send(next(10_000 + i), startedAt));
    await sleep(15);
    termAt = performance.now();
    app.child.kill('SIGTERM');
    const burst = await Promise.all(inFlightAtTerm);
    const background = await loop;
    const exit = await app.exited;
    const afterTerm = background.filter((s) => s.at + startedAt >= termAt);
    await events.catch(() => 0);
    const figures = {
      inFlightAtSigterm: burst.length,
      inFlightAnswered: burst.filter((s) => s.status >= 200 && s.status < 400).length,
      inFlightFailed: burst.filter((s) => s.status === 0 || s.status >= 500).map((s) => `${s.name}:${s.status || s.error}`),
      inFlightP99Ms: round(
        percentile(
          burst.map((s) => s.ms),
          99,
        ),
      ),
      sentAfterSigterm: afterTerm.length,
      sentAfterSigtermStatuses: countBy(afterTerm, (s) => (s.status === 0 ? `network:${s.error}` : s.status)),
      exitCode: exit.code,
      exitSignal: exit.signal,
      exitAfterMs: round(exit.at - termAt),
    };
    return {
      figures,
      verdicts: [
        { what: `sigterm: ${figures.inFlightAnswered}/${figures.inFlightAtSigterm} requests in flight answered`, ok: figures.inFlightAnswered === figures.inFlightAtSigterm },
        { what: `sigterm: exited ${figures.exitCode} after ${figures.exitAfterMs} ms`, ok: figures.exitCode === 0 && figures.exitAfterMs < 10_000 },
      ],
    };
  } finally {
    await app.stop();
    await db.destroy();
  }
}

// --- gateway -----------------------------------------------------------------------------------

/**
 * Between FACT and the fake Stripe: a third of the writes are carried out and their answer is
 * then lost (the connection is cut), a tenth fail with a 503 before reaching Stripe. FACT's
 * idempotency keys must make every retry land on the first attempt's result.
 */
async function faultyProxy(target: string): Promise<{ url: string; stats: Record<string, number>; close: () => Promise<void> }> {
  const stats = { passed: 0, droppedAfterWork: 0, failedBefore: 0 };
  let n = 0;
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const write = req.method === 'POST';
      const roll = (n++ * 7919) % 100;
      if (write && roll < 10) {
        stats.failedBefore++;
        res.writeHead(503, { 'content-type': 'application/json', 'stripe-should-retry': 'true' }).end(JSON.stringify({ error: { type: 'api_error', message: 'Service unavailable' } }));
        return;
      }
      const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (c: Buffer) => body.push(c));
        answer.on('end', () => {
          if (write && roll < 43) {
            stats.droppedAfterWork++;
            req.socket.destroy();
            return;
          }
          stats.passed++;
          res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(body));
        });
      });
      forward.on('error', () => res.writeHead(502).end());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function gatewayScenario(): Promise<Outcome> {
  const db = await startDatabase();
  const fake = await startFakeStripe();
  const proxy = await faultyProxy(fake.url);
  const world = await seed(db, 24, 6);
  const app = await startApp(db.url, {
    OUTBOX_WORKER: 'on',
    STRIPE_SECRET_KEY: 'sk_test_reliability',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_reliability',
    STRIPE_API_BASE: proxy.url,
  });
  try {
    const cookies = new Map<string, string>();
    for (const p of [...world.clients, ...world.coaches]) cookies.set(p.id, await cookieFor(p.id, app.baseUrl));
    const post = async (who: Person, path: string, form: Record<string, string>) => {
      const res = await fetch(`${app.baseUrl}${path}`, {
        method: 'POST',
        headers: { Cookie: cookies.get(who.id)!, Origin: app.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        redirect: 'manual',
      });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    };
    const answers: Record<string, number> = {};
    const count = (step: string, status: number) => (answers[`${step}:${status}`] = (answers[`${step}:${status}`] ?? 0) + 1);
    const waitForPaymentJobs = async (): Promise<number> => {
      // The outbox carries out captures, voids and refunds, retrying through the faults.
      const deadline = Date.now() + 120_000;
      for (;;) {
        const pending = await withClient(db.url, async (c) =>
          Number((await c.query(`select count(*)::int as n from outbox_jobs where type = 'payment.instruction' and status in ('pending','running')`)).rows[0].n),
        );
        if (pending === 0 || Date.now() > deadline) return pending;
        await sleep(1_000);
      }
    };
    // Each client pays (opens the payment twice at once, as a double click would; the browser
    // confirms the card; FACT checks it), and the coach accepts (a capture).
    await Promise.all(
      world.bookings.map(async (b) => {
        let intentId: string | null = null;
        for (let attempt = 0; attempt < 6 && !intentId; attempt++) {
          const opened = await Promise.all([post(b.client, `/api/payments/${b.id}`, { intent: 'start' }), post(b.client, `/api/payments/${b.id}`, { intent: 'start' })]);
          for (const o of opened) count('start', o.status);
          intentId = (opened.find((o) => o.status === 200)?.body.session as { intentId?: string } | undefined)?.intentId ?? null;
          if (!intentId) await sleep(500);
        }
        if (!intentId) return;
        fake.authorise(intentId);
        for (let attempt = 0; attempt < 6; attempt++) {
          const confirmed = await post(b.client, `/api/payments/${b.id}`, { intent: 'confirm', intentId });
          count('confirm', confirmed.status);
          if (confirmed.status === 200) break;
          await sleep(500);
        }
        const accepted = await post(b.coach, `/CoachDashboard?_data=${encodeURIComponent('routes/_app.CoachDashboard')}`, { intent: 'accept', bookingId: b.id });
        count('accept', accepted.status);
      }),
    );
    await waitForPaymentJobs();
    // Then every third client cancels (a refund of the captured money), through the same faults.
    await Promise.all(
      world.bookings
        .filter((_, i) => i % 3 === 0)
        .map(async (b) => {
          const cancelled = await post(b.client, `/MyBookings?_data=${encodeURIComponent('routes/_app.MyBookings')}`, { intent: 'cancel', bookingId: b.id, reason: 'Reliability run' });
          count('cancel', cancelled.status);
        }),
    );
    const pendingJobs = await waitForPaymentJobs();
    const rows = await withClient(
      db.url,
      async (c) =>
        (await c.query(`select id, status, payment_status, payment_intent_id, amount_authorized_pence, amount_captured_pence, amount_refunded_pence from bookings where payment_intent_id is not null`))
          .rows as {
          id: string;
          status: string;
          payment_status: string;
          payment_intent_id: string;
          amount_captured_pence: number;
          amount_refunded_pence: number;
        }[],
    );
    const intentsPerBooking = countBy([...fake.intents.values()], (pi) => String((pi.metadata as Record<string, string>).booking_id ?? '?'));
    const problems: string[] = [];
    for (const row of rows) {
      const pi = fake.intents.get(row.payment_intent_id);
      if (!pi) {
        problems.push(`${row.id}: intent unknown to Stripe`);
        continue;
      }
      const received = Number(pi.amount_received ?? 0);
      if (row.amount_captured_pence !== received) problems.push(`${row.id}: FACT says ${row.amount_captured_pence} captured, Stripe ${received}`);
      if (['captured', 'released', 'refunded', 'partially_refunded'].includes(row.payment_status) && received === 0) problems.push(`${row.id}: marked paid without money`);
      if (received > Number(pi.amount)) problems.push(`${row.id}: captured more than authorised`);
    }
    for (const [bookingId, n] of Object.entries(intentsPerBooking)) if (n > 1) problems.push(`${bookingId}: ${n} payment intents`);
    // Refunds: what Stripe really refunded (its list, one entry per refund made) against FACT's books.
    for (const row of rows) {
      const list = (await (await fetch(`${fake.url}/v1/refunds?payment_intent=${row.payment_intent_id}`, { headers: { Authorization: 'Bearer sk_test_reliability' } })).json()) as {
        data: { amount: number }[];
      };
      const refunded = list.data.reduce((sum, r) => sum + r.amount, 0);
      if (refunded !== row.amount_refunded_pence) problems.push(`${row.id}: FACT says ${row.amount_refunded_pence} refunded, Stripe ${refunded}`);
      if (list.data.length > 1) problems.push(`${row.id}: refunded ${list.data.length} times`);
    }
    const refundsAtStripe = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    const refundKeys = countBy(refundsAtStripe, (r) => String(r.headers['idempotency-key'] ?? ''));
    const distinctRefundsApplied = new Set(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').map((r) => String(r.headers['idempotency-key']))).size;
    const figures = {
      bookings: world.bookings.length,
      proxy: proxy.stats,
      answers,
      paymentJobsStillPending: pendingJobs,
      bookingsWithIntent: rows.length,
      captured: rows.filter((r) => r.amount_captured_pence > 0).length,
      refundedOrPartly: rows.filter((r) => r.amount_refunded_pence > 0).length,
      refundRequestsSent: refundsAtStripe.length,
      distinctRefundKeys: distinctRefundsApplied,
      maxSendsOfOneRefundKey: Math.max(0, ...Object.values(refundKeys)),
      problems,
    };
    return {
      figures,
      verdicts: [
        { what: `gateway: no booking paid twice, paid without the money or refunded twice (${problems.length} problems)`, ok: problems.length === 0 },
        { what: `gateway: every payment job carried out (${pendingJobs} left)`, ok: pendingJobs === 0 },
      ],
    };
  } finally {
    await app.stop();
    await proxy.close();
    await fake.close();
    await db.destroy();
  }
}

// --- webhooks ----------------------------------------------------------------------------------

const WEBHOOK_SECRET = 'whsec_reliability_secret';

async function webhookScenario(): Promise<Outcome> {
  const db = await startDatabase();
  const fake = await startFakeStripe();
  const world = await seed(db, 40, 8);
  const app = await startApp(db.url, {
    OUTBOX_WORKER: 'off',
    STRIPE_SECRET_KEY: 'sk_test_reliability',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_reliability',
    STRIPE_API_BASE: fake.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  try {
    // 540 bookings with a payment intent at Stripe (several per client).
    const cookies = new Map<string, string>();
    for (const p of world.clients) cookies.set(p.id, await cookieFor(p.id, app.baseUrl));
    const bookings: { id: string; intentId: string }[] = [];
    for (let i = 0; i < 540; i++) {
      const client = world.clients[i % world.clients.length]!;
      const coach = world.coaches[i % world.coaches.length]!;
      const id = await insertBooking(db.url, client.id, coach.id, new Date(Date.now() + (2 + (i % 80)) * DAY + (i % 9) * 3_600_000));
      const res = await fetch(`${app.baseUrl}/api/payments/${id}`, {
        method: 'POST',
        headers: { Cookie: cookies.get(client.id)!, Origin: app.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'intent=start',
      });
      const body = (await res.json()) as { session?: { intentId: string } };
      if (!body.session) throw new Error(`could not open a payment: ${res.status} ${JSON.stringify(body)}`);
      bookings.push({ id, intentId: body.session.intentId });
    }
    // Each intent's life at Stripe as signed snapshots: a quarter of the cards fail first, all are
    // then held, half are captured. 800 valid events go to the first bookings; the next ones only
    // ever get stale or badly signed deliveries (100), so they must stay pending.
    interface Delivery {
      id: string;
      payload: string;
      bookingId: string;
      kind: 'valid' | 'stale' | 'bad-signature';
    }
    const VALID = 800;
    const INVALID = 100;
    const DUPLICATES = 100;
    const rank: Record<string, number> = { pending: 0, failed: 1, authorized: 2, captured: 3 };
    const expected = new Map<string, string>(bookings.map((b) => [b.id, 'pending']));
    const valid: Delivery[] = [];
    const invalid: Delivery[] = [];
    const snapshot = (intentId: string) => structuredClone(fake.intents.get(intentId)!);
    const eventOf = (type: string, object: unknown) => {
      const id = `evt_${randomUUID().replace(/-/g, '')}`;
      return {
        id,
        payload: JSON.stringify({
          id,
          object: 'event',
          api_version: STRIPE_API_VERSION,
          created: Math.floor(Date.now() / 1000),
          type,
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          data: { object },
        }),
      };
    };
    for (const [i, b] of bookings.entries()) {
      const toValid = valid.length < VALID;
      if (!toValid && invalid.length >= INVALID) break;
      const lifecycle: { type: string; state: string; change: () => void }[] = [];
      if (i % 4 === 0) lifecycle.push({ type: 'payment_intent.payment_failed', state: 'failed', change: () => fake.decline(b.intentId, 'card_declined', 'Your card was declined.') });
      lifecycle.push({ type: 'payment_intent.amount_capturable_updated', state: 'authorized', change: () => fake.authorise(b.intentId) });
      if (i % 2 === 0)
        lifecycle.push({
          type: 'payment_intent.succeeded',
          state: 'captured',
          change: () => {
            const pi = fake.intents.get(b.intentId)!;
            Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, amount_capturable: 0 });
          },
        });
      for (const step of lifecycle) {
        const list = toValid ? valid : invalid;
        if (list.length >= (toValid ? VALID : INVALID)) break;
        step.change();
        const e = eventOf(step.type, snapshot(b.intentId));
        list.push({ ...e, bookingId: b.id, kind: toValid ? 'valid' : invalid.length % 2 === 0 ? 'stale' : 'bad-signature' });
        if (toValid && rank[step.state]! > rank[expected.get(b.id)!]!) expected.set(b.id, step.state);
      }
    }
    // 1 000 deliveries: 800 valid events, 100 repeats of some of them (10 %), 50 stale and 50
    // badly signed (5 % each), then 10 % of the deliveries moved out of order.
    const duplicates = Array.from({ length: DUPLICATES }, (_, k) => valid[(k * 37) % valid.length]!);
    const deliveries: Delivery[] = [...valid, ...duplicates, ...invalid];
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < Math.round(deliveries.length * 0.1); k++) {
      const a = Math.floor(rand() * deliveries.length);
      const b = Math.floor(rand() * deliveries.length);
      [deliveries[a], deliveries[b]] = [deliveries[b]!, deliveries[a]!];
    }
    const now = Math.floor(Date.now() / 1000);
    const outcomes: Record<string, number> = {};
    const sendOne = async (d: Delivery) => {
      const header =
        d.kind === 'stale'
          ? Stripe.webhooks.generateTestHeaderString({ payload: d.payload, secret: WEBHOOK_SECRET, timestamp: now - 3_600 })
          : Stripe.webhooks.generateTestHeaderString({ payload: d.payload, secret: d.kind === 'bad-signature' ? 'whsec_someone_else' : WEBHOOK_SECRET });
      for (let attempt = 0; attempt < 5; attempt++) {
        const res = await fetch(`${app.baseUrl}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: d.payload });
        const body = (await res.json().catch(() => ({}))) as { outcome?: string };
        const key = `${d.kind}:${res.status}${body.outcome ? `:${body.outcome}` : ''}`;
        outcomes[key] = (outcomes[key] ?? 0) + 1;
        if (res.status < 500) return; // Stripe retries a 5xx later; so do we.
        await sleep(200);
      }
    };
    const started = performance.now();
    for (let k = 0; k < deliveries.length; k += 8) await Promise.all(deliveries.slice(k, k + 8).map(sendOne));
    const seconds = (performance.now() - started) / 1000;

    const rows = await withClient(
      db.url,
      async (c) => (await c.query(`select id, payment_status from bookings where id = any($1::uuid[])`, [bookings.map((b) => b.id)])).rows as { id: string; payment_status: string }[],
    );
    const recorded = await withClient(db.url, async (c) => Number((await c.query(`select count(*)::int as n from webhook_events`)).rows[0].n));
    const mismatches = rows.filter((r) => r.payment_status !== expected.get(r.id)).map((r) => `${r.id}: ${r.payment_status}, expected ${expected.get(r.id)}`);
    const figures = {
      deliveries: deliveries.length,
      validEvents: valid.length,
      duplicatesSent: duplicates.length,
      staleSent: invalid.filter((d) => d.kind === 'stale').length,
      badlySignedSent: invalid.filter((d) => d.kind === 'bad-signature').length,
      reordered: Math.round(deliveries.length * 0.1),
      seconds: round(seconds),
      outcomes,
      eventsRecorded: recorded,
      bookingsChecked: rows.length,
      finalStates: countBy(rows, (r) => r.payment_status),
      mismatches: mismatches.slice(0, 10),
      mismatchCount: mismatches.length,
    };
    return {
      figures,
      verdicts: [
        { what: `webhooks: final payment states are those of the valid events (${mismatches.length} mismatches in ${rows.length} bookings)`, ok: mismatches.length === 0 },
        { what: `webhooks: each valid event recorded once (${recorded}/${valid.length}), stale and badly signed ones refused`, ok: recorded === valid.length },
      ],
    };
  } finally {
    await app.stop();
    await fake.close();
    await db.destroy();
  }
}

// --- main --------------------------------------------------------------------------------------

interface Verdict {
  what: string;
  ok: boolean;
}

interface Outcome {
  figures: Record<string, unknown>;
  verdicts: Verdict[];
}

async function main(): Promise<void> {
  const results: Record<string, Outcome> = {};
  const scenarios: [string, () => Promise<Outcome>][] = [
    ['restart', restartScenario],
    ['sigterm', sigtermScenario],
    ['gateway', gatewayScenario],
    ['webhooks', webhookScenario],
  ];
  for (const [name, run] of scenarios) {
    if (!only.includes(name)) continue;
    log(`scenario ${name}…`);
    try {
      results[name] = await run();
    } catch (error) {
      results[name] = { figures: { error: String((error as Error).stack ?? error) }, verdicts: [{ what: `${name}: did not run (${String(error)})`, ok: false }] };
    }
    log(`${name}: ${JSON.stringify(results[name].figures, null, 2)}`);
  }
  const verdicts = Object.values(results).flatMap((r) => r.verdicts);
  for (const v of verdicts) log(`${v.ok ? 'PASS' : 'FAIL'} ${v.what}`);
  if (write) {
    writeSection('faults', report(results, verdicts));
    log('docs/reliability.md updated');
  }
  process.exitCode = verdicts.every((v) => v.ok) ? 0 : 1;
}

function report(results: Record<string, Outcome>, verdicts: Verdict[]): string {
  const lines = [`### Figures of the last run (${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores)`, ''];
  for (const v of verdicts) lines.push(`- ${v.ok ? 'PASS' : 'FAIL'}: ${v.what}`);
  const figures = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v.figures]));
  lines.push('', '<details><summary>All figures (JSON)</summary>', '', '```json', JSON.stringify(figures, null, 2), '```', '', '</details>');
  return lines.join('\n');
}

void main();
