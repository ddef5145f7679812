import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../policy/actor';
import { MINUTE_MS } from '../../shared/clock';
import type { Result } from '../../shared/result';
import { cancellationSettlement } from '../money/cancellation-policy';
import { gatewayCallKey, planInstruction } from '../../payments/instruction-plan';
import { applyGatewayIntent } from '../../payments/intent-sync';
import { checkCanPay } from '../money/payment-eligibility';
import { isReleaseDue } from '../money/payment-hold';
import { idempotencyKeyFor, type PaymentInstruction } from '../money/payment-instruction';
import { recordIntentCreated, recordRelease } from '../../payments/payment-records';
import { canMovePayment } from '../money/payment-status';
import { createFakeGateway, TEST_CARD_DECLINED, TEST_CARD_OK, type FakeGateway } from '../../testing/fake-payment-gateway';
import { bookingInvariantViolations, parseBooking, type Booking, type BookingStatus } from './booking';
import { acceptBooking, cancelBooking, declineBooking, expireRequest } from './booking-decisions';
import { relationOf, type BookingChange } from './booking-party';
import { openDispute, refundablePence, resolveDispute } from '../disputes/disputes';
import { acceptReschedule, declineReschedule, proposeReschedule } from '../reschedule/reschedule';
import { advanceSession, autoComplete, markArrival, markCompletion } from '../session-progress/session-progress';
import { admin, client, coach, NOW, pendingBooking, stranger } from '../../testing/booking-fixtures';

/**
 * Model-based test of the booking aggregate: random sequences of actions by random actors
 * (client, coach, administrator, stranger), with time passing, card payments and payment jobs
 * run in any order (sometimes crashing before their result is recorded). After every step the
 * invariants must hold; at the end, once every job has run, the money must match the decisions.
 */

const ACTORS = { client, coach, admin, stranger } as const;
type ActorName = keyof typeof ACTORS;

type Moment = 'arrivalOpens' | 'start' | 'midSession' | 'end' | 'autoComplete' | 'holdEnds';

type Action =
  | { kind: 'tick'; minutes: number }
  | { kind: 'jump'; to: Moment }
  | { kind: 'pay'; card: string }
  | { kind: 'accept' | 'arrive' | 'acceptReschedule' | 'declineReschedule'; who: ActorName }
  | { kind: 'decline' | 'cancel' | 'dispute'; who: ActorName; text: string | null }
  | { kind: 'complete'; who: ActorName; text: string | null }
  | { kind: 'resolve'; who: ActorName; outcome: 'refund_full' | 'refund_partial' | 'release'; amount: number }
  | { kind: 'propose'; who: ActorName; minutesAhead: number }
  | { kind: 'autoComplete' | 'expire' | 'releaseDue' }
  | { kind: 'runJob'; pick: number; crash: boolean };

/** Mostly the parties, sometimes an administrator or a stranger. */
const who = fc.constantFrom<ActorName>('client', 'client', 'coach', 'coach', 'coach', 'admin', 'stranger');
const text = fc.constantFrom<string | null>(null, '   ', 'A good reason', 'A good reason');
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('tick' as const), minutes: fc.constantFrom(10, 45, 120, 24 * 60) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('jump' as const), to: fc.constantFrom<Moment>('arrivalOpens', 'start', 'midSession', 'end', 'autoComplete', 'holdEnds') }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), card: fc.constantFrom(TEST_CARD_OK, TEST_CARD_OK, TEST_CARD_OK, TEST_CARD_DECLINED) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('accept' as const), who }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('arrive' as const), who }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constantFrom('acceptReschedule' as const, 'declineReschedule' as const), who }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constantFrom('decline' as const, 'cancel' as const), who, text }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('dispute' as const), who, text }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('complete' as const), who, text }), weight: 5 },
  {
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      who,
      outcome: fc.constantFrom('refund_full' as const, 'refund_partial' as const, 'release' as const),
      amount: fc.oneof(fc.integer({ min: -100, max: 20_000 }), fc.integer({ min: 1, max: 5300 })),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('propose' as const), who, minutesAhead: fc.constantFrom(-60, 90, 24 * 60, 200 * 24 * 60) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constantFrom('autoComplete' as const, 'expire' as const, 'releaseDue' as const) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('runJob' as const), pick: fc.nat(), crash: fc.boolean() }), weight: 5 },
);

/** A moment of the booking's own timeline, so that sessions actually start and end. */
function momentOf(b: Booking, to: Moment): Date {
  const start = b.startsAt.getTime();
  const end = start + b.durationMinutes * MINUTE_MS;
  const at = {
    arrivalOpens: start - 50 * MINUTE_MS,
    start,
    midSession: start + (b.durationMinutes / 2) * MINUTE_MS,
    end,
    autoComplete: end + 24 * 60 * MINUTE_MS,
    holdEnds: end + 48 * 60 * MINUTE_MS,
  }[to];
  return new Date(at);
}

interface Job {
  readonly instruction: PaymentInstruction;
  readonly key: string;
}

interface World {
  booking: Booking;
  now: Date;
  gateway: FakeGateway;
  jobs: Job[];
  enqueued: Set<string>;
  /** What the client should end up paying, once every job has run, when a decision fixed it. */
  expectedNet: number | null;
}

const LEGAL: ReadonlySet<string> = new Set([
  'pending>confirmed',
  'pending>cancelled',
  'confirmed>cancelled',
  'confirmed>in_session',
  'confirmed>completed', // automatic completion of a session nobody marked
  'confirmed>disputed', // a started session (not yet saved as such) reported at once
  'in_session>completed',
  'in_session>disputed',
  'completed>disputed',
  'disputed>completed', // resolved
]);
const RANK: Record<BookingStatus, number> = { pending: 0, confirmed: 1, in_session: 2, completed: 3, disputed: 3, cancelled: 9 };

const net = (b: Booking) => b.amountCapturedPence - b.amountRefundedPence;

function enqueue(world: World, effects: readonly PaymentInstruction[]): void {
  for (const instruction of effects) {
    const key = idempotencyKeyFor(world.booking.id, instruction);
    if (world.enqueued.has(key)) continue; // the outbox ignores a second job with the same dedupe key
    world.enqueued.add(key);
    world.jobs.push({ instruction, key });
  }
}

/** Runs one job as the executor does; `crash` loses the recording after the gateway call (the job stays queued). */
function runJob(world: World, index: number, crash: boolean): void {
  const job = world.jobs[index];
  if (!job) return;
  const b = world.booking;
  const plan = planInstruction(b, job.instruction);
  const done = () => world.jobs.splice(index, 1);
  if (plan.call === 'none') return void done();
  if (plan.call === 'release') {
    const released = recordRelease(b, world.now);
    if (released.ok) world.booking = released.value;
    return void done();
  }
  const intentId = b.paymentIntentId!;
  const key = gatewayCallKey(job.key, plan);
  const g = world.gateway;
  const result =
    plan.call === 'capture'
      ? g.captureNow({ intentId, amountPence: plan.amountPence, idempotencyKey: key })
      : plan.call === 'cancel'
        ? g.cancelNow({ intentId, idempotencyKey: key })
        : g.refundNow({ intentId, amountPence: plan.amountPence, idempotencyKey: key });
  if (crash) return; // gateway acted, nothing recorded, the worker will retry
  const truth = result.ok ? result.value : g.intents.get(intentId)!;
  const synced = applyGatewayIntent(world.booking, truth, world.now);
  expect(synced.ok, JSON.stringify(!synced.ok && synced.error)).toBe(true);
  if (!synced.ok) return;
  world.booking = synced.value.booking;
  enqueue(world, synced.value.followUps);
  if (result.ok) done(); // a failed call is retried after the sync
}

function pay(world: World, card: string): void {
  if (!checkCanPay(world.booking, client, 'client').ok) return;
  const g = world.gateway;
  const b = world.booking;
  let intentId = b.paymentIntentId;
  const current = intentId ? g.intents.get(intentId) : undefined;
  if (!current || current.status === 'canceled') {
    const created = g.createIntentNow({ bookingId: b.id, reference: b.referenceCode, amountPence: b.totalPricePence, currency: 'gbp', idempotencyKey: `${b.id}:intent:${intentId ?? 'first'}` });
    if (!created.ok) return;
    intentId = created.value.intentId;
    const recorded = recordIntentCreated(b, intentId, world.now);
    expect(recorded.ok).toBe(true);
    if (recorded.ok) world.booking = recorded.value;
  }
  const confirmed = g.confirmCard(intentId!, card);
  const synced = applyGatewayIntent(world.booking, confirmed, world.now);
  expect(synced.ok).toBe(true);
  if (!synced.ok) return;
  world.booking = synced.value.booking;
  enqueue(world, synced.value.followUps);
}

/** Applies one action; returns the result of the domain call (for the legality checks), if any. */
function step(world: World, a: Action): Result<unknown> | null {
  const b = world.booking;
  const now = world.now;
  const apply = (r: Result<Booking>) => {
    if (r.ok) world.booking = r.value;
    return r;
  };
  const applyChange = (r: Result<BookingChange>) => {
    if (r.ok) {
      world.booking = r.value.booking;
      enqueue(world, r.value.effects);
    }
    return r;
  };
  switch (a.kind) {
    case 'tick':
      world.now = new Date(now.getTime() + a.minutes * MINUTE_MS);
      return null;
    case 'jump': {
      const target = momentOf(b, a.to);
      if (target.getTime() > now.getTime()) world.now = target; // time only moves forward
      return null;
    }
    case 'pay':
      pay(world, a.card);
      return null;
    case 'accept':
      return applyChange(acceptBooking(b, ACTORS[a.who], now));
    case 'decline':
      return applyChange(declineBooking(b, ACTORS[a.who], { reason: a.text }, now));
    case 'cancel': {
      const r = cancelBooking(b, ACTORS[a.who], { reason: a.text }, now);
      if (r.ok) {
        const held = b.paymentStatus === 'authorized' || b.paymentStatus === 'captured';
        const s = cancellationSettlement(b, b.status === 'pending' ? 'pending' : 'confirmed', r.value.booking.cancelledBy!, now);
        world.expectedNet = held ? s.keptPence : 0;
      }
      return applyChange(r);
    }
    case 'expire': {
      const r = expireRequest(b, now);
      if (r.ok) world.expectedNet = 0;
      return applyChange(r);
    }
    case 'arrive':
      return apply(markArrival(b, ACTORS[a.who], now));
    case 'complete':
      return apply(markCompletion(b, ACTORS[a.who], { earlyReason: a.text }, now));
    case 'autoComplete':
      return apply(autoComplete(b, now));
    case 'dispute':
      return apply(openDispute(b, ACTORS[a.who], { description: a.text }, now));
    case 'resolve': {
      const refundable = refundablePence(b);
      const r = resolveDispute(b, ACTORS[a.who], { outcome: a.outcome, refundPence: a.amount }, now);
      if (r.ok && a.outcome !== 'release') world.expectedNet = refundable - (r.value.booking.disputeRefundPence ?? 0);
      if (r.ok && a.outcome === 'release' && refundable > 0) world.expectedNet = refundable;
      return applyChange(r);
    }
    case 'propose':
      return apply(proposeReschedule(b, ACTORS[a.who], { proposedStartsAt: new Date(now.getTime() + a.minutesAhead * MINUTE_MS), reason: 'Clash' }, now));
    case 'acceptReschedule':
      return apply(acceptReschedule(b, ACTORS[a.who], now));
    case 'declineReschedule':
      return apply(declineReschedule(b, ACTORS[a.who], now));
    case 'releaseDue':
      if (isReleaseDue(b, now)) apply(recordRelease(b, now));
      return null;
    case 'runJob':
      if (world.jobs.length > 0) runJob(world, a.pick % world.jobs.length, a.crash);
      return null;
  }
}

/** Where a run starts: a new request, a paid one, or one the coach already accepted (an unpaid one is refused). */
const start = fc.constantFrom<Action[]>(
  [],
  [{ kind: 'pay', card: TEST_CARD_OK }],
  [
    { kind: 'pay', card: TEST_CARD_OK },
    { kind: 'accept', who: 'coach' },
  ],
  [
    { kind: 'pay', card: TEST_CARD_OK },
    { kind: 'accept', who: 'coach' },
    { kind: 'runJob', pick: 0, crash: false },
  ],
  [{ kind: 'accept', who: 'coach' }],
);

const hasText = (t: string | null) => t !== null && t.trim() !== '';

/** Who may do what, stated independently of the implementation (SPEC §4, §6). */
function checkLegality(before: Booking, after: Booking, a: Action, result: Result<unknown> | null, now: Date): void {
  if (result === null || !('who' in a)) return;
  const actor: Actor = ACTORS[a.who];
  const relation = relationOf(before, actor);
  const party = relation === 'client' || relation === 'coach';
  const what = `${a.kind} by ${relation} on ${before.status}`;
  if (!result.ok) {
    assert(after === before, `${what} failed but changed the booking`);
    assert(relation !== 'stranger' || result.error.code === 'NOT_BOOKING_PARTY', `${what}: ${result.error.code}`);
    return;
  }
  assert(relation !== 'stranger', `${what} succeeded`);
  const started = advanceSession(before, now).status;
  const rules: Record<string, boolean> = {
    accept: relation === 'coach' && before.status === 'pending' && before.paymentStatus === 'authorized',
    decline: relation === 'coach' && before.status === 'pending' && hasText('text' in a ? a.text : null) && after.declined,
    cancel: hasText('text' in a ? a.text : null) && (before.status === 'pending' || before.status === 'confirmed') && (relation !== 'coach' || before.status === 'confirmed'),
    arrive: party && (started === 'confirmed' || started === 'in_session'),
    complete: party && started === 'in_session',
    dispute: party && hasText('text' in a ? a.text : null) && (started === 'in_session' || started === 'completed') && before.disputeStatus === null,
    resolve: relation === 'admin' && before.status === 'disputed',
    propose: party && before.rescheduleStatus !== 'pending',
    acceptReschedule: party && before.rescheduleStatus === 'pending' && before.rescheduleRequestedBy !== actor.userId,
    declineReschedule: party && before.rescheduleStatus === 'pending' && before.rescheduleRequestedBy !== actor.userId,
  };
  assert(rules[a.kind] === true, `${what} should not have succeeded`);
}

/** A cheap assertion for the hot loop (vitest's expect is too slow for 50 000 steps). */
function assert(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}
const same = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());

function checkInvariants(before: Booking, after: Booking): void {
  const problems = bookingInvariantViolations(after);
  assert(problems.length === 0, problems.join('; '));
  // Only legal status transitions; cancelled and completed never go back.
  if (before.status !== after.status) {
    assert(LEGAL.has(`${before.status}>${after.status}`), `illegal ${before.status} -> ${after.status}`);
    assert(RANK[after.status] >= RANK[before.status], `went back ${before.status} -> ${after.status}`);
  }
  assert(before.status !== 'cancelled' || after.status === 'cancelled', 'a cancelled booking came back');
  assert(before.completedAt === null || after.status === 'completed' || after.status === 'disputed', 'a completed booking went back');
  // Each party marks arrival and completion at most once: a mark never changes once made.
  for (const mark of ['clientArrivedAt', 'coachArrivedAt', 'clientCompletedAt', 'coachCompletedAt', 'sessionStartedAt', 'completedAt', 'cancelledAt'] as const) {
    assert(before[mark] === null || same(before[mark], after[mark]), `${mark} changed`);
  }
  // The price is frozen; money only moves forward.
  assert(after.servicePricePence === before.servicePricePence && after.adminFeePence === before.adminFeePence && after.totalPricePence === before.totalPricePence, 'price changed');
  assert(after.amountCapturedPence >= before.amountCapturedPence, 'captured went down');
  assert(after.amountRefundedPence >= before.amountRefundedPence, 'refunded went down');
  if (before.paymentStatus !== after.paymentStatus) {
    // Several records may happen in one step (authorised then captured): check the jump is possible.
    const ok =
      canMovePayment(before.paymentStatus, after.paymentStatus) ||
      (['pending', 'failed'].includes(before.paymentStatus) && ['captured', 'partially_refunded', 'refunded'].includes(after.paymentStatus));
    assert(ok, `payment ${before.paymentStatus} -> ${after.paymentStatus}`);
  }
}

describe('the booking aggregate under random actions', () => {
  it('keeps every invariant and settles the money as decided', () => {
    fc.assert(
      fc.property(start, fc.array(action, { minLength: 10, maxLength: 60, size: 'max' }), fc.array(fc.nat(), { maxLength: 10 }), (prefix, actions, drainOrder) => {
        const world: World = { booking: pendingBooking(), now: NOW, gateway: createFakeGateway(), jobs: [], enqueued: new Set(), expectedNet: null };
        for (const a of prefix) step(world, a);
        for (const a of actions) {
          const before = world.booking;
          const result = step(world, a);
          checkLegality(before, world.booking, a, result, world.now);
          checkInvariants(before, world.booking);
        }
        expect(parseBooking(world.booking).ok).toBe(true);
        // Drain the outbox (in a random order first, then in order), as the worker eventually does.
        for (let i = 0; world.jobs.length > 0 && i < 50; i++) {
          const before = world.booking;
          runJob(world, (drainOrder[i] ?? 0) % world.jobs.length, false);
          checkInvariants(before, world.booking);
        }
        expect(world.jobs).toEqual([]);
        const b = world.booking;
        // The booking's books agree with the gateway's.
        const intent = b.paymentIntentId ? world.gateway.intents.get(b.paymentIntentId) : undefined;
        if (intent) {
          expect(b.amountCapturedPence).toBe(intent.amountCapturedPence);
          expect(b.amountRefundedPence).toBe(intent.amountRefundedPence);
        }
        // And the client paid what the decision said.
        if (world.expectedNet !== null) expect(net(b)).toBe(world.expectedNet);
        if (b.status === 'cancelled' && b.declined) expect(net(b)).toBe(0);
        if (b.paymentStatus === 'voided' || b.paymentStatus === 'failed' || b.paymentStatus === 'pending') expect(net(b)).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });
});
