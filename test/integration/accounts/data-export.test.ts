import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataExportDocument } from '../../../domain/accounts/data-export/data-export';
import { DATA_EXPORT_LIMITS } from '../../../domain/accounts/data-export/data-export-rows';
import { cancelBooking } from '../../../domain/booking/lifecycle/use-cases/cancel-booking';
import { expireUnpaidRequests } from '../../../domain/booking/requests/use-cases/expire-unpaid-requests';
import { createUser, type CreatedUser } from '../../support/accounts';
import { runCli } from '../../support/cli';
import { countQueries } from '../../support/query-counter';
import { createTestBooking } from '../../support/fixtures/bookings';
import { useHttpApp } from '../../support/http-app';

/**
 * 'Download my data' against PostgreSQL and the production HTTP stack: a coach with
 * everything (a paid, completed and released session as coach with its transfer, a paid request
 * as a client of another coach, availability, messages both ways, reviews both ways, a deletion
 * request, audit lines), the file's every section, what it must never hold, the download's
 * headers, the limit of 3 an hour, the signed-out redirect, and the operator's CLI file.
 */
vi.setConfig({ testTimeout: 180_000 });
const http = useHttpApp();

let casey: CreatedUser;
let chris: CreatedUser;
let olive: CreatedUser;
let admin: CreatedUser;
let released: { id: string; reference: string };
let request: { id: string; reference: string };
let webBody = '';

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  casey = await createUser(http.app, { userType: 'coach', fullName: 'Casey Coachman', email: 'casey@example.test', phone: '+44 7700 900001', location: 'Leyton' });
  chris = await createUser(http.app, { fullName: 'Chris Clientson', email: 'chris@example.test', phone: '+44 7700 900002', location: 'Stratford' });
  olive = await createUser(http.app, { userType: 'coach', fullName: 'Olive Otherley', email: 'olive@example.test', phone: '+44 7700 900003', location: 'Bow' });
  admin = await createUser(http.app, { fullName: 'Ada Admin', email: 'ada@example.test', role: 'admin', phone: '+44 7700 900004' });

  // Casey coaches Chris: paid, completed five days ago, released to Casey, transferred.
  const b1 = await createTestBooking(http.app, { clientId: chris.user.id, coachId: casey.user.id });
  const startsAt = new Date(Date.now() - 5 * DAY);
  startsAt.setUTCHours(10, 0, 0, 0);
  await http.db.query(
    `update bookings set status = 'completed', starts_at = $2, ends_at = $2::timestamptz + interval '60 minutes',
            session_started_at = $2, completed_at = $2::timestamptz + interval '60 minutes',
            client_completed_at = $2::timestamptz + interval '60 minutes', coach_completed_at = $2::timestamptz + interval '60 minutes',
            payment_status = 'released', amount_captured_pence = total_price_pence,
            payment_held_until = $2::timestamptz + interval '2 days', payment_released_at = $2::timestamptz + interval '2 days',
            location_notes = 'Gate B', version = version + 1
      where id = $1`,
    [b1.id, startsAt],
  );
  released = { id: b1.id, reference: b1.referenceCode };
  await http.db.query(
    `insert into coach_transfers (booking_id, coach_id, coach_share_pence, platform_share_pence, commission_bps, status, transfer_id, released_at, transferred_at)
     values ($1, $2, 4500, 800, 1000, 'paid', 'tr_export_1', $3::timestamptz + interval '2 days', $3::timestamptz + interval '2 days')`,
    [b1.id, casey.user.id, startsAt],
  );
  // Casey, as a client, asks Olive for a session (paid request).
  const b2 = await createTestBooking(http.app, { clientId: casey.user.id, coachId: olive.user.id, serviceType: 'goalkeeping' });
  request = { id: b2.id, reference: b2.referenceCode };

  await http.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at, notes) values ($1, $2, now() + interval '1 day', now() + interval '8 days', 'Evenings only')`, [
    randomUUID(),
    casey.user.id,
  ]);
  await http.db.query(
    `insert into messages (id, booking_id, sender_id, receiver_id, content, created_at) values
       ($1, $3, $4, $5, 'Where do we meet, Casey?', now() - interval '6 days'),
       ($2, $3, $5, $4, 'At the Marsh gate, see you there', now() - interval '6 days' + interval '1 minute')`,
    [randomUUID(), randomUUID(), b1.id, chris.user.id, casey.user.id],
  );
  await http.db.query(
    `insert into reviews (id, booking_id, coach_id, reviewer_id, reviewee_id, reviewer_type, rating, comment) values
       ($1, $3, $4, $5, $4, 'client', 5, 'Brilliant finishing drills'),
       ($2, $3, $4, $4, $5, 'coach', 4, 'Keen and always on time')`,
    [randomUUID(), randomUUID(), b1.id, casey.user.id, chris.user.id],
  );
  await http.db.query(`insert into account_deletion_requests (id, user_id, reason) values ($1, $2, 'Retiring from coaching')`, [randomUUID(), casey.user.id]);
  await http.db.query(
    `insert into audit_log (id, actor_id, action, target_type, target_id, details) values
       ($1, $3, 'coach.verify', 'user', $4, '{"via":"web","verified":true}'),
       ($2, $3, 'user.remove', 'user', $5, '{"via":"web","reason":"Spam"}')`,
    [randomUUID(), randomUUID(), admin.user.id, casey.user.id, chris.user.id],
  );
}, 120_000);

async function download(userId: string | null): Promise<Response> {
  const headers: Record<string, string> = userId ? { Cookie: await http.cookieFor(userId) } : {};
  return fetch(`${http.baseUrl}/account/export`, { headers, redirect: 'manual' });
}

describe('GET /account/export', () => {
  it("downloads the signed-in person's data as a JSON file, never cached, logged without its content", async () => {
    http.clearLogs();
    await http.db.query('insert into coach_session_lengths (coach_id, minutes, price_pence) values ($1, 30, 2500)', [casey.user.id]);
    await http.db.query(`update coach_profiles set base_place_id = (select id from places where label = 'Stockport'), session_mode = 'both' where user_id = $1`, [casey.user.id]);
    const res = await download(casey.user.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="fact-data-${today}.json"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    webBody = await res.text();
    const line = http.logs().find((l) => l.event === 'data_export');
    expect(line).toMatchObject({ userId: casey.user.id, via: 'web', bytes: Buffer.byteLength(webBody) });
    expect(http.rawLogs()).not.toContain('Brilliant finishing drills');
    expect(http.rawLogs()).not.toContain('casey@example.test');
  });

  it('holds every section of a coach with everything', () => {
    const doc = JSON.parse(webBody) as DataExportDocument;
    expect(doc).toMatchObject({ format: 'fact-export', version: 1 });
    expect(doc.account).toMatchObject({
      id: casey.user.id,
      email: 'casey@example.test',
      fullName: 'Casey Coachman',
      phone: '+44 7700 900001',
      location: 'Leyton',
      homePlace: null,
      userType: 'coach',
      role: 'user',
      signIn: { password: true, google: false },
    });
    expect(doc.account.emailVerifiedAt).not.toBeNull();
    expect(doc.emailPreferences).toMatchObject({ booking_requests: true, message_digest: true });
    expect(doc.coachProfile).toMatchObject({
      servicesOffered: ['striker', 'midfield'],
      hourlyRatePence: 5000,
      sessionLengths: [{ minutes: 30, pricePence: 2500 }],
      basePlace: 'Stockport',
      sessionMode: 'both',
      minimumNoticeMinutes: 120,
      maxSessionsPerDay: null,
      weeklyHours: [],
    });
    expect(doc.availability.items).toEqual([expect.objectContaining({ notes: 'Evenings only', isAvailable: true })]);

    expect(doc.bookings.count).toBe(2);
    const asCoach = doc.bookings.items.find((b) => b.reference === released.reference)!;
    expect(asCoach).toMatchObject({
      yourRole: 'coach',
      with: 'Chris',
      status: 'completed',
      service: 'striker',
      location: { notes: 'Gate B' },
      prices: { sessionPence: 5000, adminFeePence: 300, totalPence: 5300 },
      payment: { status: 'released', authorisedPence: 5300, capturedPence: 5300, refundedPence: 0 },
    });
    expect(asCoach.session.completedAt).not.toBeNull();
    expect(asCoach.payment.releasedAt).not.toBeNull();
    const asClient = doc.bookings.items.find((b) => b.reference === request.reference)!;
    expect(asClient).toMatchObject({ yourRole: 'client', with: 'Olive', status: 'pending', service: 'goalkeeping', payment: { status: 'authorized', authorisedPence: 5300 } });

    expect(doc.payouts?.items).toEqual([expect.objectContaining({ reference: released.reference, coachSharePence: 4500, platformSharePence: 800, status: 'paid' })]);
    expect(doc.messages.items.map((m) => [m.direction, m.with, m.content])).toEqual([
      ['sent', 'Chris', 'At the Marsh gate, see you there'],
      ['received', 'Chris', 'Where do we meet, Casey?'],
    ]);
    expect(doc.reviews.given.items).toEqual([expect.objectContaining({ with: 'Chris', reviewerType: 'coach', rating: 4, comment: 'Keen and always on time' })]);
    expect(doc.reviews.received.items).toEqual([expect.objectContaining({ with: 'Chris', reviewerType: 'client', rating: 5, comment: 'Brilliant finishing drills' })]);
    expect(doc.deletionRequests.items).toEqual([expect.objectContaining({ status: 'pending', reason: 'Retiring from coaching' })]);
    expect(doc.auditLog.aboutYou.items).toEqual([expect.objectContaining({ action: 'coach.verify', by: 'an administrator', via: 'web' })]);
    expect(doc.auditLog.byYou).toBeNull();
    for (const list of [doc.availability, doc.bookings, doc.messages, doc.reviews.given, doc.deletionRequests, doc.auditLog.aboutYou]) expect(list.truncated).toBe(false);
  });

  it("never holds the password hash, the session version or the other parties' contact details", async () => {
    const [row] = await http.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [casey.user.id]);
    expect(row!.password_hash.length).toBeGreaterThan(20);
    expect(webBody).not.toContain(row!.password_hash);
    for (const secret of ['password_hash', 'passwordHash', 'session_version', 'sessionVersion', 'tr_export_1', 'pi_']) expect(webBody).not.toContain(secret);
    for (const other of [chris, olive, admin]) {
      expect(webBody).not.toContain(other.email);
      expect(webBody).not.toContain(other.user.phone!);
      expect(webBody).not.toContain(other.user.fullName);
      expect(webBody).not.toContain(other.user.id);
      expect(webBody).not.toContain(other.user.locationAddress!);
    }
    expect(webBody).not.toContain('Spam');
  });

  it('reads every section in one read-only snapshot, one bounded statement per section', async () => {
    const { result, count, queries, transactionStatements } = await countQueries(() => http.app.deps().dataExport.gather(casey.user.id, DATA_EXPORT_LIMITS));
    expect(result?.bookings.rows).toHaveLength(2);
    // account, coach profile, availability, bookings, transfers, messages, reviews ×2, deletion requests, audit
    expect(count, queries.join('\n')).toBeLessThanOrEqual(10);
    expect(queries.filter((q) => /\blimit\b/i.test(q))).toHaveLength(8);
    expect(transactionStatements.join('\n')).toMatch(/repeatable read/i);
    expect(transactionStatements.join('\n')).toMatch(/read only/i);
  });

  it('allows 3 downloads an hour: the 4th is refused with the time to wait', async () => {
    expect((await download(casey.user.id)).status).toBe(200);
    expect((await download(casey.user.id)).status).toBe(200);
    const fourth = await download(casey.user.id);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('cache-control')).toBe('private, no-store');
    expect(await fourth.text()).toMatch(/^You can download your data 3 times an hour\. Please wait until \d\d:\d\d$/);
    // Someone else's limit is their own.
    expect((await download(chris.user.id)).status).toBe(200);
  });

  it('sends a signed-out visitor to the login', async () => {
    const res = await download(null);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?login=1&redirectTo=%2Faccount%2Fexport');
  });
});

describe('fact users export', () => {
  it('writes the same file as the web download, audited as user.export', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'fact-export-')), 'casey.json');
    const run = await runCli(http.db.url, ['users', 'export', 'casey@example.test', '--as', 'ada@example.test', '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Wrote the data of Casey Coachman (${casey.user.id}) to ${out}`);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const cli = JSON.parse(readFileSync(out, 'utf8')) as DataExportDocument;
    const web = JSON.parse(webBody) as DataExportDocument;
    expect({ ...cli, exportedAt: null }).toEqual({ ...web, exportedAt: null });
    const audit = await http.db.query<{ actor_id: string; details: Record<string, unknown> }>(
      `select actor_id, details from audit_log where action = 'user.export' and target_type = 'user' and target_id = $1`,
      [casey.user.id],
    );
    expect(audit).toEqual([{ actor_id: admin.user.id, details: { via: 'cli' } }]);

    // To standard output without --out; only an administrator may.
    const [stdout, refused] = await Promise.all([
      runCli(http.db.url, ['users', 'export', chris.user.id, '--as', 'ada@example.test']),
      runCli(http.db.url, ['users', 'export', chris.user.id, '--as', 'casey@example.test']),
    ]);
    expect(stdout.code).toBe(0);
    expect(stdout.json<DataExportDocument>().account.email).toBe('chris@example.test');
    expect(refused.code).toBe(1);
  });
});

/**
 * Decision 011 in the copy: a request the client never paid never reached the coach, so the
 * coach's file holds nothing of it (not its booking, the client's name, address or notes, nor a
 * message on it), whether it is still open, expired or cancelled by the client; the client's own
 * file keeps all of it. The coach's paid request is the control.
 */
describe("a coach's copy of a request that never reached them", () => {
  let nora: CreatedUser;
  let uma: CreatedUser;
  const unpaid: Record<'open' | 'expired' | 'cancelled', string> = { open: '', expired: '', cancelled: '' };
  let paid = '';

  beforeAll(async () => {
    nora = await createUser(http.app, { userType: 'coach', fullName: 'Nora Newcoach', email: 'nora@example.test' });
    uma = await createUser(http.app, { fullName: 'Umaima Unpaid', email: 'uma@example.test', location: 'Hackney' });
    const petra = await createUser(http.app, { fullName: 'Petra Payer', email: 'petra@example.test' });
    const at = (days: number) => new Date(Date.now() + days * DAY);
    const request = async (days: number) => {
      const b = await createTestBooking(http.app, { clientId: uma.user.id, coachId: nora.user.id, startsAt: at(days), paid: false });
      await http.db.query(`update bookings set location_address = '7 Quiet Mews', location_notes = 'Blue door', client_notes = 'Mind my left knee' where id = $1`, [b.id]);
      return b;
    };
    const open = await request(4);
    const expired = await request(5);
    const cancelled = await request(6);
    unpaid.open = open.referenceCode;
    unpaid.expired = expired.referenceCode;
    unpaid.cancelled = cancelled.referenceCode;

    // Messages could be posted on a request before it was paid (decision 011, since refused):
    // one on each unpaid request, as stored rows from that time.
    for (const b of [open, expired, cancelled])
      await http.db.query(`insert into messages (id, booking_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, 'Is the pitch floodlit?')`, [randomUUID(), b.id, uma.user.id, nora.user.id]);

    // Thirty minutes unpaid: the system cancels it ('Payment not completed').
    await http.db.query(`update bookings set created_at = now() - interval '31 minutes' where id = $1`, [expired.id]);
    const expiry = await expireUnpaidRequests(http.app.deps());
    expect(expiry.ok && expiry.value.done).toContain(expired.id);
    const byClient = await cancelBooking(http.app.deps(), { actor: { userId: uma.user.id, role: 'user', userType: 'client' }, bookingId: cancelled.id, reason: 'Changed my mind' });
    expect(byClient.ok).toBe(true);

    const b = await createTestBooking(http.app, { clientId: petra.user.id, coachId: nora.user.id, startsAt: at(7) });
    paid = b.referenceCode;
    await http.db.query(`insert into messages (id, booking_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, 'See you at the park')`, [randomUUID(), b.id, petra.user.id, nora.user.id]);
  }, 120_000);

  const expectNothingOfTheUnpaidRequests = (body: string) => {
    const doc = JSON.parse(body) as DataExportDocument;
    expect(doc.bookings.items.map((b) => [b.reference, b.with])).toEqual([[paid, 'Petra']]);
    expect(doc.messages.items.map((m) => [m.reference, m.content])).toEqual([[paid, 'See you at the park']]);
    for (const reference of Object.values(unpaid)) expect(body).not.toContain(reference);
    for (const trace of ['Umaima', '7 Quiet Mews', 'Blue door', 'Mind my left knee', 'Is the pitch floodlit?', 'Payment not completed', 'Changed my mind']) expect(body).not.toContain(trace);
  };

  it("the coach's download over HTTP holds nothing of an unpaid request, open, expired or cancelled; the client's holds all of it", async () => {
    const res = await download(nora.user.id);
    expect(res.status).toBe(200);
    expectNothingOfTheUnpaidRequests(await res.text());

    const own = await download(uma.user.id);
    expect(own.status).toBe(200);
    const doc = (await own.json()) as DataExportDocument;
    expect(doc.bookings.items.map((b) => [b.reference, b.status, b.clientNotes]).sort()).toEqual(
      [
        [unpaid.open, 'pending', 'Mind my left knee'],
        [unpaid.expired, 'cancelled', 'Mind my left knee'],
        [unpaid.cancelled, 'cancelled', 'Mind my left knee'],
      ].sort(),
    );
    expect(doc.messages.items.map((m) => [m.direction, m.content])).toEqual(Array(3).fill(['sent', 'Is the pitch floodlit?']));
  });

  it("the operator's `fact users export` of the coach holds nothing of them either", async () => {
    const run = await runCli(http.db.url, ['users', 'export', 'nora@example.test', '--as', 'ada@example.test']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expectNothingOfTheUnpaidRequests(run.stdout);
  });
});
