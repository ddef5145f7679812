/**
 * `npm run reliability:soak -- [--minutes 10] [--write]` (node --import tsx scripts/reliability/soak.ts):
 * load held (docs/reliability.md). Two FACT instances (as `npm start` runs them) on one PostgreSQL behind a
 * tiny round-robin proxy (node:http):
 *
 *   1. the instances serve the same people: a session from one works on the other, a logout on
 *      one ends it on both, five failed sign-ins spread over both lock the account on both;
 *   2. the maximum throughput of the booking-and-messaging mix is measured (closed loop, rising
 *      concurrency, best rate without errors);
 *   3. the mix is held at 70 % of that rate for --minutes (default 10; the figures in
 *      docs/reliability.md come from a short run, see there): zero unexpected answers, p99 of the
 *      last minute within 20 % of the first, resident memory of each instance growing under 10 %
 *      between the end of the first minute and the end.
 *
 * Loopback only, every loop bounded by the duration.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  closedLoop,
  cookieFor,
  countBy,
  freePort,
  insertBooking,
  insertPeople,
  log,
  openLoop,
  percentile,
  round,
  rssMb,
  sleep,
  startApp,
  startDatabase,
  startRoundRobin,
  withClient,
  writeSection,
  type LoadRequest,
  type Person,
  type Sample,
} from './harness';

const args = process.argv.slice(2);
const minutesArg = args.indexOf('--minutes');
const MINUTES = minutesArg >= 0 ? Number(args[minutesArg + 1]) : 10;
const write = args.includes('--write');
const DAY = 86_400_000;

interface Verdict {
  what: string;
  ok: boolean;
}

async function main(): Promise<void> {
  if (!(MINUTES >= 1 && MINUTES <= 120)) throw new Error('--minutes must be between 1 and 120');
  const db = await startDatabase();
  const proxyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  log('starting two FACT instances on one database');
  const instances = [await startApp(db.url, { APP_URL: publicUrl, OUTBOX_WORKER: 'on' }), await startApp(db.url, { APP_URL: publicUrl, OUTBOX_WORKER: 'on' })];
  const proxy = await startRoundRobin(
    instances.map((i) => i.baseUrl),
    proxyPort,
  );
  const verdicts: Verdict[] = [];
  const figures: Record<string, unknown> = { minutes: MINUTES, cores: os.cpus().length };
  try {
    // People: 1 000 clients (each books at most a few times an hour: the 10-per-hour limit is not
    // what this measures), 20 coaches, one booking per client to talk about.
    const clients = await insertPeople(db.url, 'client', 1_000);
    const coaches = await insertPeople(db.url, 'coach', 20);
    const bookings: { id: string; client: Person; coach: Person }[] = [];
    for (const [i, client] of clients.entries()) {
      const coach = coaches[i % coaches.length]!;
      bookings.push({ id: await insertBooking(db.url, client.id, coach.id, new Date(Date.now() + (2 + (i % 60)) * DAY + (i % 10) * 3_600_000), { paid: true }), client, coach });
    }
    const cookies = new Map<string, string>();
    for (const p of [...clients, ...coaches]) cookies.set(p.id, await cookieFor(p.id, publicUrl));

    // 1. Shared sessions and rate limits -----------------------------------------------------------
    const shared = await sharedState(
      instances.map((i) => i.baseUrl),
      publicUrl,
      clients[0]!,
      cookies.get(clients[0]!.id)!,
    );
    figures.sharedAcrossInstances = shared.figures;
    verdicts.push(...shared.verdicts);
    cookies.set(clients[0]!.id, await cookieFor(clients[0]!.id, publicUrl, 2)); // its session version went up with the logout

    // 2. The mix ------------------------------------------------------------------------------------
    let slot = 0;
    let messagesSent = 0;
    const data = (page: string, query = '') => `${publicUrl}/${page}?${query}${query ? '&' : ''}_data=${encodeURIComponent(`routes/${page === 'Conversation' ? page : `_app.${page}`}`)}`;
    const form = (cookie: string) => ({ Cookie: cookie, Origin: publicUrl, 'content-type': 'application/x-www-form-urlencoded' });
    const next = (i: number): LoadRequest => {
      const b = bookings[(i * 7919) % bookings.length]!;
      const client = cookies.get(b.client.id)!;
      const coach = cookies.get(b.coach.id)!;
      const r = i % 100;
      if (r < 18) return { name: 'my-bookings', method: 'GET', url: data('MyBookings'), headers: { Cookie: client } };
      if (r < 33) return { name: 'messages', method: 'GET', url: data('Messages'), headers: { Cookie: client } };
      if (r < 48) return { name: 'conversation', method: 'GET', url: data('Conversation', `booking_id=${b.id}`), headers: { Cookie: client } };
      if (r < 63) return { name: 'find-coaches', method: 'GET', url: data('FindCoaches'), headers: { Cookie: client } };
      if (r < 78) return { name: 'coach-dashboard', method: 'GET', url: data('CoachDashboard'), headers: { Cookie: coach } };
      if (r < 88) return { name: 'booking-options', method: 'GET', url: `${publicUrl}/api/booking-options?coachId=${b.coach.id}`, headers: { Cookie: client } };
      // Each kind of write rotates over all the clients on its own counter (one shared counter put
      // every booking on the same quarter of the clients, who met the 10-per-hour limit after
      // 7 minutes), so no one reaches the per-person limits (50 messages per 15 minutes,
      // 10 booking attempts per hour): those are not what this measures.
      if (r < 99) {
        const w = bookings[messagesSent++ % bookings.length]!;
        return {
          name: 'send-message',
          method: 'POST',
          url: `${publicUrl}/api/messages`,
          headers: form(cookies.get(w.client.id)!),
          body: new URLSearchParams({ bookingId: w.id, content: `Soak ${i} ${randomUUID().slice(0, 8)}` }).toString(),
        };
      }
      const n = slot++;
      const w = bookings[n % bookings.length]!;
      return {
        name: 'book',
        method: 'POST',
        url: data('FindCoaches'),
        headers: form(cookies.get(w.client.id)!),
        body: new URLSearchParams({
          intent: 'book',
          coachId: coaches[n % coaches.length]!.id,
          serviceType: 'striker',
          date: new Date(Date.now() + (3 + (n % 80)) * DAY).toISOString().slice(0, 10),
          time: `${String(9 + (n % 11)).padStart(2, '0')}:00`,
          durationMinutes: '60',
          locationType: 'online',
        }).toString(),
      };
    };
    const unexpected = (s: Sample) => s.status === 0 || s.status >= 400;

    // 3. Maximum throughput ------------------------------------------------------------------------
    log('measuring the maximum throughput (closed loop, 8 s per step)');
    const steps: { concurrency: number; rps: number; errors: number; p99Ms: number }[] = [];
    for (const concurrency of [4, 8, 16, 32]) {
      const samples = await closedLoop({ concurrency, seconds: 8, next });
      const errors = samples.filter(unexpected).length;
      steps.push({
        concurrency,
        rps: round(samples.length / 8),
        errors,
        p99Ms: round(
          percentile(
            samples.map((s) => s.ms),
            99,
          ),
        ),
      });
      log(
        `  concurrency ${concurrency}: ${round(samples.length / 8)} req/s, ${errors} errors, p99 ${round(
          percentile(
            samples.map((s) => s.ms),
            99,
          ),
        )} ms`,
      );
      if (errors > 0) log(`  errors: ${JSON.stringify(countBy(samples.filter(unexpected), (s) => `${s.name}:${s.status || s.error}`))}`);
    }
    // The maximum: the best rate without errors and with p99 under a second (past that, requests
    // only queue). On a shared machine one step can be lucky: 70 % of it is tried for 20 s first,
    // and lowered by 15 % (at most three times) while that short hold is not comfortable.
    const good = steps.filter((s) => s.errors === 0 && s.p99Ms <= 1_000);
    const max = Math.max(...(good.length ? good : steps.slice(0, 1)).map((s) => s.rps));
    let rate = round(max * 0.7, 0);
    const trials: { rate: number; p99Ms: number; unexpected: number }[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const trial = await openLoop({ rate, seconds: 20, next });
      const p99 = round(
        percentile(
          trial.map((t) => t.ms),
          99,
        ),
      );
      trials.push({ rate, p99Ms: p99, unexpected: trial.filter(unexpected).length });
      log(`  trial at ${rate} req/s: p99 ${p99} ms, ${trial.filter(unexpected).length} unexpected`);
      if (p99 <= 1_000 && trial.every((t) => !unexpected(t))) break;
      rate = round(rate * 0.85, 0);
    }
    figures.maximum = { steps, maxRps: max, trials, heldRps: rate };

    // 4. Held at 70 % ------------------------------------------------------------------------------
    log(`holding ${rate} req/s (${round((rate / max) * 100, 0)} % of ${max}) for ${MINUTES} min through the proxy`);
    const rss: { at: number; mb: number[] }[] = [];
    const startedAt = performance.now();
    const sampler = setInterval(() => rss.push({ at: performance.now() - startedAt, mb: instances.map((i) => round(rssMb(i.pid))) }), 5_000);
    const samples = await openLoop({ rate, seconds: MINUTES * 60, next, startedAt });
    clearInterval(sampler);
    rss.push({ at: performance.now() - startedAt, mb: instances.map((i) => round(rssMb(i.pid))) });

    const minutes = Array.from({ length: MINUTES }, (_, m) => {
      const inMinute = samples.filter((s) => s.at >= m * 60_000 && s.at < (m + 1) * 60_000);
      return {
        minute: m + 1,
        requests: inMinute.length,
        unexpected: inMinute.filter(unexpected).length,
        p50Ms: round(
          percentile(
            inMinute.map((s) => s.ms),
            50,
          ),
        ),
        p99Ms: round(
          percentile(
            inMinute.map((s) => s.ms),
            99,
          ),
        ),
        rssMb: rss.filter((r) => r.at <= (m + 1) * 60_000).at(-1)?.mb ?? [],
      };
    });
    const first = minutes[0]!;
    const last = minutes.at(-1)!;
    const drift = last.p99Ms / first.p99Ms - 1;
    const growth = instances.map((_, k) => (last.rssMb[k] ?? Number.NaN) / (first.rssMb[k] ?? Number.NaN) - 1);
    const errors = samples.filter(unexpected);
    figures.held = {
      rate,
      requests: samples.length,
      byRoute: countBy(samples, (s) => s.name),
      perInstance: proxy.counts,
      unexpected: countBy(errors, (s) => `${s.name}:${s.status || s.error}`),
      minutes,
      p99DriftPercent: round(drift * 100),
      rssGrowthPercent: growth.map((g) => round(g * 100)),
    };
    verdicts.push({ what: `held ${rate} req/s for ${MINUTES} min with ${errors.length} unexpected answers`, ok: errors.length === 0 });
    verdicts.push({ what: `p99 ${first.p99Ms} ms in the first minute, ${last.p99Ms} ms in the last (${round(drift * 100)} %)`, ok: drift < 0.2 });
    verdicts.push({
      what: `resident memory ${first.rssMb.join(' / ')} MB after the first minute, ${last.rssMb.join(' / ')} MB at the end (${growth.map((g) => `${round(g * 100)} %`).join(' / ')})`,
      ok: growth.every((g) => g < 0.1),
    });
    verdicts.push({ what: `both instances served (${proxy.counts.join(' / ')} requests)`, ok: proxy.counts.every((c) => c > 0) });
    const stored = await withClient(db.url, async (c) => Number((await c.query(`select count(*)::int as n from messages where content like 'Soak %'`)).rows[0].n));
    const answered = samples.filter((s) => s.name === 'send-message' && s.status === 200).length;
    figures.messages = { answered200: answered, stored };
    verdicts.push({ what: `every message answered 200 was stored (${stored} stored, ${answered} answered)`, ok: stored >= answered });
  } finally {
    for (const v of verdicts) log(`${v.ok ? 'PASS' : 'FAIL'} ${v.what}`);
    log(JSON.stringify(figures, null, 2));
    if (write) {
      writeSection('soak', report(figures, verdicts));
      log('docs/reliability.md updated');
    }
    await proxy.close();
    for (const i of instances) await i.stop();
    await db.destroy();
    process.exitCode = verdicts.length > 0 && verdicts.every((v) => v.ok) ? 0 : 1;
  }
}

/** One person's session and sign-in limit, seen through each instance directly. */
async function sharedState(direct: string[], publicUrl: string, person: Person, cookie: string): Promise<{ figures: Record<string, unknown>; verdicts: Verdict[] }> {
  const signedIn = async (base: string) => (await fetch(`${base}/Messages?_data=${encodeURIComponent('routes/_app.Messages')}`, { headers: { Cookie: cookie }, redirect: 'manual' })).status === 200;
  const before = await Promise.all(direct.map(signedIn));
  const logout = await fetch(`${direct[0]}/auth/logout`, { method: 'POST', headers: { Cookie: cookie, Origin: publicUrl }, redirect: 'manual' });
  const after = await Promise.all(direct.map(signedIn));
  const email = `nobody-${randomUUID().slice(0, 6)}@reliability.test`;
  const attempts: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${direct[i % direct.length]}/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ email, password: 'wrong-password-1' }),
      headers: { Origin: publicUrl, 'content-type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': `198.51.100.${i + 1}` },
      redirect: 'manual',
    });
    attempts.push(res.status);
  }
  void person;
  await sleep(10);
  return {
    figures: { signedInBeforeLogout: before, logoutStatus: logout.status, signedInAfterLogout: after, failedSignInStatuses: attempts },
    verdicts: [
      { what: 'a session from one instance works on the other, and a logout on one ends it on both', ok: before.every(Boolean) && after.every((v) => !v) },
      { what: `five failed sign-ins spread over both instances lock the account on both (${attempts.join(', ')})`, ok: attempts.slice(0, 5).every((s) => s === 422) && attempts[5] === 429 },
    ],
  };
}

function report(figures: Record<string, unknown>, verdicts: Verdict[]): string {
  const lines = [`### Figures of the last run (${new Date().toISOString().slice(0, 16)}Z, ${String(figures.minutes)} min, ${String(figures.cores)} cores)`, ''];
  for (const v of verdicts) lines.push(`- ${v.ok ? 'PASS' : 'FAIL'}: ${v.what}`);
  const held = figures.held as { minutes?: { minute: number; requests: number; unexpected: number; p50Ms: number; p99Ms: number; rssMb: number[] }[] } | undefined;
  if (held?.minutes) {
    lines.push('', '| minute | requests | unexpected | p50 ms | p99 ms | RSS MB (instance 1 / 2) |', '| --- | --- | --- | --- | --- | --- |');
    for (const m of held.minutes) lines.push(`| ${m.minute} | ${m.requests} | ${m.unexpected} | ${m.p50Ms} | ${m.p99Ms} | ${m.rssMb.join(' / ')} |`);
  }
  lines.push('', '<details><summary>All figures (JSON)</summary>', '', '```json', JSON.stringify(figures, null, 2), '```', '', '</details>');
  return lines.join('\n');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
