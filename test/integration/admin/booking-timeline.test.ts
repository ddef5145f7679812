import { describe, expect, it, vi } from 'vitest';
import { adminReadModels, auditedDeps } from '../../../adapters/persistence/admin/index';
import { buildBookingTimeline, type TimelineChange } from '../../../domain/admin/booking-timeline';
import { timelineActorWords } from '../../../domain/admin/booking-timeline-words';
import { openDispute } from '../../../domain/booking/disputes/use-cases/open-dispute';
import { resolveDispute } from '../../../domain/booking/disputes/use-cases/resolve-dispute';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { acceptReschedule } from '../../../domain/booking/reschedule/use-cases/accept-reschedule';
import { proposeReschedule } from '../../../domain/booking/reschedule/use-cases/propose-reschedule';
import { markArrival } from '../../../domain/booking/session-progress/use-cases/mark-arrival';
import { markCompletion } from '../../../domain/booking/session-progress/use-cases/mark-completion';
import { recordChargeback } from '../../../domain/payouts/use-cases/record-chargeback';
import { retryCoachTransfer } from '../../../domain/payouts/use-cases/retry-coach-transfer';
import { transferCoachShare } from '../../../domain/payouts/use-cases/transfer-coach-share';
import { releaseDuePayments } from '../../../domain/payments/use-cases/release-due-payments';
import { ok, unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { runCli } from '../../support/cli';
import { enablePayouts } from '../../support/payout-fixtures';
import { newWorld, payWithCard, runJobs } from '../payments/money-helpers';
import { DAY, HOUR } from '../payments/payment-fixtures';

/**
 * Decision 055: the timeline of a booking that went through every state — requested and paid,
 * accepted, moved, arrived, completed by both, disputed, partly refunded by an administrator,
 * released, its transfer waiting then retried and paid, and a chargeback — against the rows the
 * use cases left: the audit log, the booking's payment columns and the coach transfer.
 */
// The CLI runs boot the ORM: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 120_000 });
const ctx = useTestApp();

describe('the booking timeline', () => {
  it('matches the audit and payment rows of a booking that went through every state', async () => {
    const { app, db } = ctx;
    app.testClock!.reset();
    const world = await newWorld(app, db);
    const { client, coach, admin } = world;
    const id = world.booking.id;
    await db.query(`update users set full_name = 'Ada Admin' where id = $1`, [admin.id]);
    const audited = (action: string, details: Record<string, unknown>, via: 'web' | 'cli') =>
      auditedDeps(app.deps(), app.orm, { actorId: admin.id, action, targetType: 'booking', targetId: id, details, via });

    unwrap(await payWithCard(app, world));
    unwrap(await acceptBooking(app.deps(), { actor: coach.actor, bookingId: id }));
    await runJobs(app);
    const moved = new Date(world.booking.startsAt.getTime() + DAY);
    unwrap(await proposeReschedule(app.deps(), { actor: coach.actor, bookingId: id, proposedStartsAt: moved }));
    unwrap(await acceptReschedule(app.deps(), { actor: client.actor, bookingId: id }));
    app.testClock!.set(new Date(moved.getTime() + 60_000));
    unwrap(await markArrival(app.deps(), { actor: coach.actor, bookingId: id }));
    unwrap(await markArrival(app.deps(), { actor: client.actor, bookingId: id }));
    app.testClock!.set(new Date(moved.getTime() + HOUR + 60_000));
    unwrap(await markCompletion(app.deps(), { actor: client.actor, bookingId: id }));
    unwrap(await markCompletion(app.deps(), { actor: coach.actor, bookingId: id }));
    unwrap(await openDispute(app.deps(), { actor: client.actor, bookingId: id, description: 'Ended twenty minutes early' }));
    const decision = { outcome: 'refund_partial' as const, refundPence: 1050, note: 'Twenty minutes short' };
    unwrap(await resolveDispute(audited('dispute.resolve', decision, 'web'), { actor: admin.actor, bookingId: id, decision }));
    await runJobs(app);
    app.testClock!.set(new Date(moved.getTime() + HOUR + 50 * HOUR));
    expect(unwrap(await releaseDuePayments(app.deps())).done).toContain(id);
    expect(unwrap(await transferCoachShare(app.deps(), { bookingId: id })).outcome).toBe('waiting');
    await enablePayouts(app, coach.id);
    unwrap(await retryCoachTransfer(audited('payout.retry', { previousState: 'waiting' }, 'cli'), { actor: admin.actor, bookingId: id }));
    await runJobs(app);
    const intentId = (await db.query<{ payment_intent_id: string }>(`select payment_intent_id from bookings where id = $1`, [id]))[0]!.payment_intent_id;
    unwrap(
      await app
        .deps()
        .uow.transaction(async (tx) =>
          ok(await recordChargeback(tx, { id: 'dp_timeline', intentId, amountPence: 4250, reason: 'fraudulent', status: 'needs_response', createdAt: app.clock.now() }, app.clock.now())),
        ),
    );

    const story = (await adminReadModels(app.orm).bookingStory(id))!;
    const timeline = buildBookingTimeline(story);
    const kinds = timeline.flatMap((e) => e.changes.map((c) => c.kind));
    expect(kinds).toEqual(
      expect.arrayContaining([
        'requested',
        'authorised',
        'accepted',
        'captured',
        'reschedule_proposed',
        'reschedule_accepted',
        'arrived',
        'started',
        'marked_complete',
        'completed',
        'dispute_opened',
        'dispute_resolved',
        'refunded',
        'released',
        'transfer_created',
        'transfer_status',
        'chargeback_opened',
      ]),
    );
    // Every stored change is one event; none is left out, none made up.
    const count = (await db.query<{ count: number }>(`select count(*)::int as count from booking_history where booking_id = $1`, [id]))[0]!.count;
    expect(timeline).toHaveLength(count);

    // The payment rows: what was captured, refunded and split adds up to the booking's and the transfer's columns.
    const [row] = await db.query<Record<string, number | string>>(
      `select b.amount_authorized_pence, b.amount_captured_pence, b.amount_refunded_pence, b.payment_status, t.coach_share_pence, t.platform_share_pence, t.reversed_pence, t.status as transfer_status, t.attempt
         from bookings b join coach_transfers t on t.booking_id = b.id where b.id = $1`,
      [id],
    );
    const sum = (kind: 'captured' | 'refunded') => timeline.flatMap((e) => e.changes).reduce((s, c: TimelineChange) => (c.kind === kind ? s + c.pence : s), 0);
    expect(sum('captured')).toBe(row!.amount_captured_pence);
    expect(sum('refunded')).toBe(1050);
    expect(sum('refunded')).toBe(row!.amount_refunded_pence);
    expect(timeline.at(-1)!.money).toEqual({
      heldPence: 0,
      capturedPence: row!.amount_captured_pence,
      refundedPence: row!.amount_refunded_pence,
      coachSharePence: Number(row!.coach_share_pence) - Number(row!.reversed_pence),
      platformSharePence: row!.platform_share_pence,
    });
    expect(timeline.find((e) => e.changes.some((c) => c.kind === 'authorised'))!.money.heldPence).toBe(row!.amount_authorized_pence);
    expect(row).toMatchObject({ transfer_status: 'paid' });

    // The audit rows: each audited action is the event of its own transaction, by the administrator's name.
    const audit = await db.query<{ action: string; via: string }>(`select action, details->>'via' as via from audit_log where target_id = $1 order by created_at`, [id]);
    expect(audit).toEqual([
      { action: 'dispute.resolve', via: 'web' },
      { action: 'payout.retry', via: 'cli' },
    ]);
    const byAdmin = timeline.filter((e) => e.actor.kind === 'admin');
    expect(byAdmin.map((e) => [timelineActorWords(e.actor), e.changes[0]!.kind])).toEqual([
      ['Administrator Ada Admin (web)', 'dispute_resolved'],
      ['Administrator Ada Admin (CLI)', 'transfer_status'],
    ]);
    expect(byAdmin[0]!.note).toBe('Twenty minutes short');
    expect(timeline.filter((e) => e.source === 'audit')).toEqual([]);

    // Who did the rest: the parties by name, the payment worker and the card network as the system.
    const who = (kind: TimelineChange['kind']) => timelineActorWords(timeline.find((e) => e.changes.some((c) => c.kind === kind))!.actor);
    const [names] = await db.query<{ client: string; coach: string }>(`select (select full_name from users where id = $1) as client, (select full_name from users where id = $2) as coach`, [
      client.id,
      coach.id,
    ]);
    expect(who('requested')).toBe(`Client ${names!.client}`);
    expect(who('accepted')).toBe(`Coach ${names!.coach}`);
    expect(who('reschedule_proposed')).toBe(`Coach ${names!.coach}`);
    expect(who('reschedule_accepted')).toBe(`Client ${names!.client}`);
    expect(who('dispute_opened')).toBe(`Client ${names!.client}`);
    expect(who('captured')).toBe('System');
    expect(who('released')).toBe('System');
    expect(who('chargeback_opened')).toBe('System');

    // `fact bookings show` prints the same timeline, and gives it in --json.
    const [human, machine] = await Promise.all([runCli(db.url, ['bookings', 'show', world.booking.referenceCode]), runCli(db.url, ['bookings', 'show', id, '--json'])]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/timeline:\n {2}\S.* {2}Client /);
    expect(human.stdout).toContain('Administrator Ada Admin (web)\n    Dispute resolved: £10.50 to go back to the client\n    note: Twenty minutes short');
    expect(human.stdout).toContain('    £10.50 refunded\n    money: held £0.00, captured £53.00, refunded £10.50');
    expect(human.stdout).toContain('Administrator Ada Admin (CLI)');
    expect(human.stdout).toMatch(/Chargeback dp_timeline opened: £42\.50 \(fraudulent\)\n {4}money: held £0\.00, captured £53\.00, refunded £10\.50, coach £\d+\.\d{2}, platform £\d+\.\d{2}/);
    const json = machine.json<{ referenceCode: string; timeline: { actor: { kind: string }; changes: { kind: string }[] }[]; history?: unknown }>();
    expect(json.referenceCode).toBe(world.booking.referenceCode);
    expect(json.history).toBeUndefined();
    expect(json.timeline.map((e) => e.changes.map((c) => c.kind))).toEqual(timeline.map((e) => e.changes.map((c) => c.kind)));
  });

  it('starts the story of a booking made before the history with its state then', async () => {
    const { app, db } = ctx;
    const world = await newWorld(app, db);
    await db.query(`delete from booking_history where booking_id = $1`, [world.booking.id]);
    await db.query(
      `insert into booking_history (booking_id, source, operation, at, state)
       select b.id, 'booking', 'backfill', b.updated_at, jsonb_build_object('status', b.status, 'paymentStatus', b.payment_status, 'authorizedPence', 0, 'capturedPence', 0,
              'refundedPence', 0, 'startsAt', b.starts_at, 'durationMinutes', b.duration_minutes) from bookings b where b.id = $1`,
      [world.booking.id],
    );
    const timeline = buildBookingTimeline((await adminReadModels(app.orm).bookingStory(world.booking.id))!);
    expect(timeline.map((e) => e.changes)).toEqual([[{ kind: 'state_recorded', status: 'pending' }]]);
  });
});
