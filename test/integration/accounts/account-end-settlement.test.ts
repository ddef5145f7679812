import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auditedDeps } from '../../../adapters/persistence/admin/audited-unit-of-work';
import { decideDeletionRequest } from '../../../domain/accounts/erasure/use-cases/decide-deletion-request';
import { removeUser } from '../../../domain/accounts/erasure/use-cases/remove-user';
import { requestDeletion } from '../../../domain/accounts/erasure/use-cases/request-deletion';
import { requestPasswordReset } from '../../../domain/accounts/sign-in/use-cases/request-password-reset';
import { restoreUser } from '../../../domain/accounts/erasure/use-cases/restore-user';
import { ACCOUNT_ENDED_REASON } from '../../../domain/booking/account-end/account-end';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { autoCompleteDue } from '../../../domain/booking/session-progress/use-cases/auto-complete-due';
import { markArrival } from '../../../domain/booking/session-progress/use-cases/mark-arrival';
import { openDispute } from '../../../domain/booking/disputes/use-cases/open-dispute';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { runCli } from '../../support/cli';
import { countQueries } from '../../support/query-counter';
import pg from 'pg';
import { expectMoney, failedJobs, payWithCard, runJobs } from '../payments/money-helpers';
import { HOUR, insertParty, loadBooking, storeBooking, type Party } from '../payments/payment-fixtures';

/**
 * Decision 016: an account that ends (deletion approved, user removed) settles its
 * bookings in the same transaction, and erasure leaves no name, email or phone anywhere.
 */
vi.setConfig({ testTimeout: 120_000 });
const ctx = useTestApp();
beforeEach(() => ctx.app.testClock!.reset());
const deps = () => ctx.app.deps();

interface AccountWorld {
  readonly client: Party;
  readonly coach: Party;
  readonly admin: Party;
  /** A paid request (5 days ahead at the moment of ending), sessions 29 h and 5 h ahead, one under way, one in dispute. */
  readonly pending: Booking;
  readonly early: Booking;
  readonly late: Booking;
  readonly underWay: Booking;
  readonly disputed: Booking;
}

/**
 * A client and a coach with one booking in each state; the clock ends 43 hours after the start
 * of the story, when the account ends.
 */
async function accountWorld(names: { client?: string; phone?: string; home?: { address: string; notes: string; clientNotes: string } } = {}): Promise<AccountWorld> {
  const client = await insertParty(ctx.db, 'client');
  const coach = await insertParty(ctx.db, 'coach');
  const admin = await insertParty(ctx.db, 'admin');
  if (names.client) await ctx.db.query(`update users set full_name = $2, phone = $3 where id = $1`, [client.id, names.client, names.phone ?? null]);
  if (names.home) await ctx.db.query(`update users set location_address = $2 where id = $1`, [client.id, names.home.address]);
  // Every session at the client's home, with the address and notes they typed when asking.
  const location = names.home && { type: 'client_home', address: names.home.address, notes: names.home.notes, clientNotes: names.home.clientNotes };
  const t0 = Math.ceil(ctx.app.clock.now().getTime() / HOUR) * HOUR;
  const book = async (hours: number, accept = true): Promise<Booking> => {
    const booking = await storeBooking(ctx.app, client, coach, { startsAt: new Date(t0 + hours * HOUR), ...(location && { location }) });
    unwrap(await payWithCard(ctx.app, { client, coach, admin, booking }));
    if (accept) unwrap(await acceptBooking(deps(), { actor: coach.actor, bookingId: booking.id }));
    return booking;
  };
  const disputed = await book(2);
  const underWay = await book(40);
  const late = await book(48);
  const early = await book(72);
  const pending = await book(120, false);
  await runJobs(ctx.app);
  // The first session took place and was completed automatically; the client disputes it.
  ctx.app.testClock!.set(new Date(t0 + 28 * HOUR));
  unwrap(await autoCompleteDue(deps()));
  unwrap(await openDispute(deps(), { actor: client.actor, bookingId: disputed.id, description: 'The coach left after twenty minutes' }));
  // Both arrive for the session at 40 h: it is under way.
  ctx.app.testClock!.set(new Date(t0 + 40 * HOUR - 5 * 60_000));
  unwrap(await markArrival(deps(), { actor: client.actor, bookingId: underWay.id }));
  unwrap(await markArrival(deps(), { actor: coach.actor, bookingId: underWay.id }));
  ctx.app.testClock!.set(new Date(t0 + 43 * HOUR));
  await runJobs(ctx.app);
  return { client, coach, admin, pending, early, late, underWay, disputed };
}

async function rows(world: AccountWorld) {
  const ids = [world.pending, world.early, world.late, world.underWay, world.disputed].map((b) => b.id);
  const found = await ctx.db.query<{ id: string; status: string; cancelled_by: string | null; declined: boolean; cancellation_reason: string | null }>(
    `select id, status, cancelled_by, declined, cancellation_reason from bookings where id = any($1::uuid[])`,
    [ids],
  );
  const byId = new Map(found.map((r) => [r.id, r]));
  return {
    pending: byId.get(world.pending.id)!,
    early: byId.get(world.early.id)!,
    late: byId.get(world.late.id)!,
    underWay: byId.get(world.underWay.id)!,
    disputed: byId.get(world.disputed.id)!,
  };
}

async function emailsTo(userId: string, bookingId: string): Promise<string[]> {
  const jobs = await ctx.db.query<{ type: string }>(
    `select type from outbox_jobs where type like 'email.%' and payload->'recipient'->>'userId' = $1 and payload->'booking'->>'id' = $2 order by type`,
    [userId, bookingId],
  );
  return jobs.map((j) => j.type);
}

/** EXPLAIN of one statement (its `?` placeholders numbered for pg) with sequential scans off. */
async function explainWithoutSeqScan(sql: string, params: unknown[]): Promise<string> {
  let n = 0;
  const numbered = sql.replace(/\?/g, () => `$${++n}`);
  const client = new pg.Client({ connectionString: ctx.db.url });
  await client.connect();
  try {
    await client.query('set enable_seqscan = off');
    const statuses = ['pending', 'confirmed', 'in_session', 'disputed'];
    const all = [...params, ...statuses, 5001].slice(0, n);
    const rows = (await client.query<{ 'QUERY PLAN': string }>(`explain ${numbered}`, all)).rows;
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

const captured = { authorised: 5300, captured: 5300, gateway: 'succeeded' as const };

describe('an account that ends settles its bookings', () => {
  it("approving a client's deletion withdraws their request, cancels their sessions as theirs (late: the coach keeps £50) and lists the rest", async () => {
    const world = await accountWorld();
    const request = unwrap(await requestDeletion(deps(), { actor: world.client.actor, form: { reason: 'Moving abroad' } }));
    const decided = unwrap(await decideDeletionRequest(deps(), { actor: world.admin.actor, form: { requestId: request.id, decision: 'approved' } }));

    expect(decided.settlement.declined).toEqual([]);
    const cancelled = decided.settlement.cancelled.map((c) => [c.referenceCode, c.refundPence, c.keptPence]);
    expect(cancelled).toHaveLength(3);
    expect(cancelled).toEqual(
      expect.arrayContaining([
        [world.late.referenceCode, 300, 5000],
        [world.early.referenceCode, 5300, 0],
        [world.pending.referenceCode, 5300, 0],
      ]),
    );
    expect(decided.settlement.leftForAdministrator.map((l) => [l.referenceCode, l.status, l.why])).toEqual([
      [world.disputed.referenceCode, 'disputed', 'disputed'],
      [world.underWay.referenceCode, 'in_session', 'in_session'],
    ]);

    const after = await rows(world);
    expect(after.pending).toMatchObject({ status: 'cancelled', cancelled_by: 'system', declined: false, cancellation_reason: ACCOUNT_ENDED_REASON.client });
    expect(after.early).toMatchObject({ status: 'cancelled', cancelled_by: 'client', cancellation_reason: ACCOUNT_ENDED_REASON.client });
    expect(after.late).toMatchObject({ status: 'cancelled', cancelled_by: 'client' });
    expect(after.underWay.status).toBe('in_session');
    expect(after.disputed.status).toBe('disputed');

    // The coach is told of each cancellation (the existing 'cancelled' emails).
    for (const b of [world.pending, world.early, world.late]) expect(await emailsTo(world.coach.id, b.id)).toContain('email.booking_cancelled');

    await runJobs(ctx.app);
    expect(await failedJobs(ctx.db)).toEqual([]);
    await expectMoney(ctx.app, world.pending.id, { status: 'voided', authorised: 5300, captured: 0, refunded: 0, gateway: 'canceled' });
    await expectMoney(ctx.app, world.early.id, { ...captured, status: 'refunded', refunded: 5300 });
    await expectMoney(ctx.app, world.late.id, { ...captured, status: 'partially_refunded', refunded: 300 });
    await expectMoney(ctx.app, world.underWay.id, { ...captured, status: 'captured', refunded: 0 });
    expect((await loadBooking(ctx.app, world.disputed.id)).disputeStatus).toBe('open');
  });

  it('removing a coach declines their request and refunds every future session in full; restoring them brings nothing back', async () => {
    const world = await accountWorld();
    const removed = unwrap(await removeUser(deps(), { actor: world.admin.actor, form: { userId: world.coach.id, reason: 'Fake certificate' } }));
    expect(removed.user.isActive).toBe(false);
    expect(removed.settlement.declined.map((d) => [d.referenceCode, d.refundPence])).toEqual([[world.pending.referenceCode, 5300]]);
    expect(removed.settlement.cancelled.map((c) => c.keptPence)).toEqual([0, 0]);
    expect(removed.settlement.leftForAdministrator.map((l) => l.referenceCode)).toEqual([world.disputed.referenceCode, world.underWay.referenceCode]);

    const after = await rows(world);
    expect(after.pending).toMatchObject({ status: 'cancelled', cancelled_by: 'system', declined: true, cancellation_reason: ACCOUNT_ENDED_REASON.coach });
    expect(after.early).toMatchObject({ status: 'cancelled', cancelled_by: 'coach' });
    expect(after.late).toMatchObject({ status: 'cancelled', cancelled_by: 'coach' });
    expect(await emailsTo(world.client.id, world.pending.id)).toContain('email.booking_declined');
    expect(await emailsTo(world.client.id, world.late.id)).toContain('email.booking_cancelled');

    await runJobs(ctx.app);
    await expectMoney(ctx.app, world.pending.id, { status: 'voided', authorised: 5300, captured: 0, refunded: 0, gateway: 'canceled' });
    await expectMoney(ctx.app, world.early.id, { ...captured, status: 'refunded', refunded: 5300 });
    await expectMoney(ctx.app, world.late.id, { ...captured, status: 'refunded', refunded: 5300 });

    unwrap(await restoreUser(deps(), { actor: world.admin.actor, userId: world.coach.id }));
    expect(await rows(world)).toEqual(after);
  });

  it("removing a client counts as the client cancelling: a late session's price stays with the coach", async () => {
    const world = await accountWorld();
    const removed = unwrap(await removeUser(deps(), { actor: world.admin.actor, form: { userId: world.client.id } }));
    const late = removed.settlement.cancelled.find((c) => c.bookingId === world.late.id);
    expect(late).toMatchObject({ refundPence: 300, keptPence: 5000, party: 'client' });
    await runJobs(ctx.app);
    await expectMoney(ctx.app, world.late.id, { ...captured, status: 'partially_refunded', refunded: 300 });
    await expectMoney(ctx.app, world.early.id, { ...captured, status: 'refunded', refunded: 5300 });
  });

  it('settles a coach with many open requests in the one transaction', async () => {
    const client = await insertParty(ctx.db, 'client');
    const coach = await insertParty(ctx.db, 'coach');
    const admin = await insertParty(ctx.db, 'admin');
    const t0 = Math.ceil(ctx.app.clock.now().getTime() / HOUR) * HOUR;
    for (let i = 0; i < 40; i += 1) await storeBooking(ctx.app, client, coach, { startsAt: new Date(t0 + (24 + i) * HOUR) });
    const { result, queries } = await countQueries(() => removeUser(deps(), { actor: admin.actor, form: { userId: coach.id } }));
    const removed = unwrap(result);
    expect(removed.settlement.declined).toHaveLength(40);
    // One statement lists the open bookings; then a bounded handful per booking (lock, read, save, jobs).
    const listing = queries.filter((q) => /from "?bookings"?/i.test(q) && /status/i.test(q) && /in \(/i.test(q) && !/for update/i.test(q));
    expect(listing, queries.join('\n')).toHaveLength(1);
    expect(queries.length, queries.join('\n')).toBeLessThanOrEqual(5 + 40 * 8);
    // The listing is served by the partial indexes on open bookings (sequential scans off: the table is small here).
    // With this few rows the planner may read one of them and filter the other party instead of
    // OR-ing both (one CI run's statistics chose that): either way an open-bookings index drives it.
    const plan = await explainWithoutSeqScan(listing[0]!, [coach.id, coach.id]);
    expect(plan).toMatch(/Index Scan on bookings_open_by_(client|coach)/);
    expect(plan).not.toMatch(/Seq Scan/);
    const [open] = await ctx.db.query<{ n: number }>(`select count(*)::int as n from bookings where coach_id = $1 and status = 'pending'`, [coach.id]);
    expect(open!.n).toBe(0);
  });

  it('the CLI prints the sessions left for an administrator', async () => {
    const world = await accountWorld();
    const adminEmail = (await ctx.db.query<{ email: string }>(`select email from users where id = $1`, [world.admin.id]))[0]!.email;
    const run = await runCli(ctx.db.url, ['users', 'remove', world.coach.id, '--as', adminEmail]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 declined, 2 cancelled');
    expect(run.stdout).toContain('Left for an administrator (2):');
    expect(run.stdout).toMatch(new RegExp(`${world.disputed.referenceCode}.*disputed.*in dispute`));
    expect(run.stdout).toMatch(new RegExp(`${world.underWay.referenceCode}.*in_session.*under way`));
    const json = await runCli(ctx.db.url, ['users', 'remove', world.client.id, '--as', adminEmail, '--json']);
    expect(json.code).toBe(0);
    expect(json.json<{ settlement: { leftForAdministrator: { referenceCode: string }[] } }>().settlement.leftForAdministrator.map((l) => l.referenceCode)).toEqual([
      world.disputed.referenceCode,
      world.underWay.referenceCode,
    ]);
  });
});

describe('erasure leaves no name or home address behind', () => {
  it('finds nothing of a client who did everything, their home address and the notes they typed included, in any text or jsonb column of any table', async () => {
    const name = 'Leonora Hartwell-Quist';
    const phone = '07700 900461';
    const home = { address: '14 Larkspur Mews, Dulwich SE21 7QF', notes: 'Side gate code 4417, mind the dog', clientNotes: 'Working on my weak foot before trials' };
    const world = await accountWorld({ client: name, phone, home });
    const email = (await ctx.db.query<{ email: string }>(`select email from users where id = $1`, [world.client.id]))[0]!.email;
    const { client, coach, admin } = world;
    // Messages both ways, a review, notes, a calendar feed, a failed-login counter, a password reset.
    await ctx.db.query(
      `insert into messages (id, booking_id, sender_id, receiver_id, content) values
         (gen_random_uuid(), $1, $2, $3, $4), (gen_random_uuid(), $1, $3, $2, $5)`,
      [world.late.id, client.id, coach.id, `Hi, it's ${name}, call me on ${phone} or write to ${email}`, `Thanks ${name.toUpperCase()}, see you then`],
    );
    await ctx.db.query(`insert into reviews (id, booking_id, coach_id, reviewer_id, reviewee_id, reviewer_type, rating, comment) values (gen_random_uuid(), $1, $2, $3, $2, 'client', 4, $4)`, [
      world.disputed.id,
      coach.id,
      client.id,
      `Good session for ${name}`,
    ]);
    await ctx.db.query(`update bookings set client_notes = $2 where id = $1`, [world.early.id, `Parking for ${name}, phone ${phone}`]);
    // Decision 017: their player, a session booked for them, and a message naming them.
    const playerName = 'Ottoline Hartwell-Quist';
    await ctx.db.query(
      `insert into players (id, guardian_id, first_name, last_name, date_of_birth, notes, guardian_consent_at, created_at, updated_at)
       values ('9a9a9a9a-0000-4000-8000-000000000017', $1, 'Ottoline', 'Hartwell-Quist', '2015-05-01', 'Asthma; call her mum on ' || $2, now(), now(), now())`,
      [client.id, phone],
    );
    await ctx.db.query(`update bookings set player_id = '9a9a9a9a-0000-4000-8000-000000000017' where id = $1`, [world.late.id]);
    await ctx.db.query(`insert into messages (id, booking_id, sender_id, receiver_id, content) values (gen_random_uuid(), $1, $2, $3, $4)`, [
      world.late.id,
      client.id,
      coach.id,
      `${playerName} will bring her own ball`,
    ]);
    await ctx.db.query(`insert into calendar_feeds (user_id, token_hash) values ($1, repeat('a', 64))`, [client.id]);
    await ctx.db.query(`insert into rate_limit_counters (key, window_started_at, hits, expires_at) values ($1, now(), 2, now() + interval '1 hour')`, [`login:account:${email}`]);
    unwrap(await requestPasswordReset(deps() as never, { form: { email }, ip: '203.0.113.7' }));
    // An administrator removes and restores them (audited, the reason naming them), then they ask to be deleted.
    const audit = (action: string, targetType: 'user' | 'deletion_request', targetId: string, details: Record<string, unknown>) =>
      auditedDeps(deps(), ctx.app.orm, { actorId: admin.id, action, targetType, targetId, details, via: 'cli' });
    unwrap(await removeUser(audit('user.remove', 'user', client.id, { reason: `${name} was rude` }), { actor: admin.actor, form: { userId: client.id, reason: `${name} was rude` } }));
    unwrap(await restoreUser(audit('user.restore', 'user', client.id, {}), { actor: admin.actor, userId: client.id }));
    await runJobs(ctx.app);
    const request = unwrap(await requestDeletion(deps(), { actor: client.actor, form: { reason: `I am ${name}; please erase ${email}` } }));
    // The name is in the world before erasure: deliveries' subjects, messages, the audit trail.
    const [before] = await ctx.db.query<{ n: number }>(`select count(*)::int as n from notification_deliveries where subject ilike $1`, [`%${name}%`]);
    expect(before!.n).toBeGreaterThan(0);

    const decided = unwrap(
      await decideDeletionRequest(audit('deletion_request.approve', 'deletion_request', request.id, {}), {
        actor: admin.actor,
        form: { requestId: request.id, decision: 'approved', reason: `As ${name} asked` },
      }),
    );
    expect(decided.user.fullName).toBe('Deleted user');
    await runJobs(ctx.app);
    expect(await failedJobs(ctx.db)).toEqual([]);
    // The decision email went out to the address they had, which the worker then forgot.
    const [decisionMail] = await ctx.db.query<{ status: string }>(`select status from notification_deliveries where event = 'deletion_decided' and user_id = $1`, [client.id]);
    expect(decisionMail?.status).toBe('sent');

    const columns = await ctx.db.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = 'public' and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.udt_name in ('_text', '_varchar'))
        order by 1, 2`,
    );
    expect(columns.length).toBeGreaterThan(40);
    const found: string[] = [];
    for (const { table_name, column_name } of columns)
      for (const needle of [name, email, phone, playerName, home.address, home.notes, home.clientNotes]) {
        const hits = await ctx.db.query<{ n: number }>(`select count(*)::int as n from "${table_name}" where "${column_name}"::text ilike $1`, [`%${needle}%`]);
        if (hits[0]!.n > 0) found.push(`${table_name}.${column_name}: ${needle}`);
      }
    if (found.length)
      console.log(
        JSON.stringify(
          await ctx.db.query(`select type, status, payload, last_error from outbox_jobs where payload::text ilike any($1::text[])`, [[name, email, home.address].map((t) => `%${t}%`)]),
          null,
          1,
        ),
      );
    expect(found).toEqual([]);

    // What the other party keeps: the messages (redacted), the bookings, the review.
    const kept = await ctx.db.query<{ content: string }>(`select content from messages where booking_id = $1 order by created_at, id`, [world.late.id]);
    expect(kept.map((m) => m.content).sort()).toEqual(["Hi, it's [removed], call me on [removed] or write to [removed]", 'Thanks [removed], see you then', '[removed] will bring her own ball'].sort());
    // The sessions stay at 'Client's Home' with their amounts and states; what the client typed is gone.
    const sessions = await ctx.db.query<{
      location_type: string;
      location_address: string | null;
      location_notes: string | null;
      client_notes: string | null;
      status: string;
      total_price_pence: number;
    }>(`select location_type, location_address, location_notes, client_notes, status, total_price_pence from bookings where client_id = $1`, [client.id]);
    expect(sessions).toHaveLength(5);
    for (const s of sessions) expect(s).toMatchObject({ location_type: 'client_home', location_address: '[removed]', location_notes: '[removed]', client_notes: '[removed]', total_price_pence: 5300 });
    expect(sessions.map((s) => s.status).sort()).toEqual(['cancelled', 'cancelled', 'cancelled', 'disputed', 'in_session']);
    // The player is gone; the session stays, for no player.
    expect(await ctx.db.query(`select id from players where guardian_id = $1`, [client.id])).toEqual([]);
    expect((await ctx.db.query<{ player_id: string | null }>(`select player_id from bookings where id = $1`, [world.late.id]))[0]?.player_id).toBeNull();
  });

  it("drops the places and notes an erased coach typed on their availability, and keeps their clients' addresses", async () => {
    const client = await insertParty(ctx.db, 'client');
    const coach = await insertParty(ctx.db, 'coach');
    const admin = await insertParty(ctx.db, 'admin');
    const coachHome = '7 Quarry Lane, Frome BA11 2PX';
    await ctx.db.query(
      `insert into availability_periods (id, coach_id, starts_at, ends_at, location_override, notes)
       values (gen_random_uuid(), $1, now() + interval '1 day', now() + interval '8 days', $2, 'Evenings only, knock twice')`,
      [coach.id, coachHome],
    );
    await ctx.db.query(`insert into coach_weekly_hours (coach_id, weekday, start_time, end_time, location) values ($1, 2, '17:00', '20:00', $2)`, [coach.id, coachHome]);
    const booking = await storeBooking(ctx.app, client, coach, { location: { type: 'client_home', address: '2 Elm Row, Leeds LS6 1AB', notes: 'Back garden' } });
    const request = unwrap(await requestDeletion(deps(), { actor: coach.actor, form: {} }));
    unwrap(await decideDeletionRequest(deps(), { actor: admin.actor, form: { requestId: request.id, decision: 'approved' } }));

    const periods = await ctx.db.query(`select location_override, notes from availability_periods where coach_id = $1`, [coach.id]);
    expect(periods).toEqual([{ location_override: null, notes: null }]);
    expect(await ctx.db.query(`select start_time::text, location from coach_weekly_hours where coach_id = $1`, [coach.id])).toEqual([{ start_time: '17:00:00', location: null }]);
    // The client typed that address for their own session: it is theirs, not the coach's.
    const [kept] = await ctx.db.query(`select location_address, location_notes from bookings where id = $1`, [booking.id]);
    expect(kept).toEqual({ location_address: '2 Elm Row, Leeds LS6 1AB', location_notes: 'Back garden' });
  });
});
