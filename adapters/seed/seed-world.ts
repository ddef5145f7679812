import { randomUUID } from 'node:crypto';
import { offerPackage } from '../../domain/packages/use-cases/package-offers';
import type { Actor } from '../../domain/policy/actor';
import { registerWithEmail } from '../../domain/accounts/sign-in/use-cases/register-with-email';
import { requestDeletion } from '../../domain/accounts/erasure/use-cases/request-deletion';
import { verifyEmail } from '../../domain/accounts/sign-in/use-cases/verify-email';
import { toActor } from '../../domain/accounts/users/user';
import { createAdministrator } from '../../domain/admin/use-cases/create-administrator';
import type { Booking } from '../../domain/booking/lifecycle/booking';
import { acceptBooking } from '../../domain/booking/lifecycle/use-cases/accept-booking';
import { cancelBooking } from '../../domain/booking/lifecycle/use-cases/cancel-booking';
import { declineBooking } from '../../domain/booking/lifecycle/use-cases/decline-booking';
import { markArrival } from '../../domain/booking/session-progress/use-cases/mark-arrival';
import { markCompletion } from '../../domain/booking/session-progress/use-cases/mark-completion';
import { openDispute } from '../../domain/booking/disputes/use-cases/open-dispute';
import { requestBooking } from '../../domain/booking/requests/use-cases/request-booking';
import { sendMessage } from '../../domain/messaging/use-cases/send-message';
import { confirmPayment } from '../../domain/payments/use-cases/confirm-payment';
import { startPayment } from '../../domain/payments/use-cases/start-payment';
import { submitReview } from '../../domain/reviews/use-cases/submit-review';
import { DAY_MS, MINUTE_MS } from '../../domain/shared/clock';
import { londonToUtc, utcToLondon } from '../../domain/shared/london-time';
import { ok, type Result } from '../../domain/shared/result';
import type { Application, UseCaseDeps } from '../composition-root';
import { pgAdministratorDirectory } from '../persistence/admin/administrator-directory';
import { createAvailability as createPeriod } from '../../domain/availability/availability-period';
import { saveWeeklyHours } from '../../domain/availability/use-cases/save-weekly-hours';
import { savePeriodAlone } from '../../domain/availability/use-cases/save-period';
import { DEMO_ADMIN, DEMO_BOOKINGS, DEMO_WEEKLY_HOURS, DEMO_CLIENTS, DEMO_COACHES, DEMO_DELETION_REQUEST, DEMO_PASSWORD, type DemoBooking } from './seed-world-data';
import { settlePaymentJobs } from './settle-payment-jobs';
import { placeDemoCoaches } from './seed-places';
import { recordAccountSnapshot } from '../../domain/payouts/use-cases/record-payout-account';
import { startPayoutOnboarding } from '../../domain/payouts/use-cases/start-payout-onboarding';
import { TEST_ACCOUNT_NUMBER, TEST_SORT_CODE } from '../payments/test-gateway/test-connect';

/** What `npm start` and `fact db seed --demo` print: how to sign in to the demo world. */
export interface DemoWorldSummary {
  readonly password: string;
  readonly admin: string;
  readonly coaches: string[];
  readonly clients: string[];
  readonly bookings: Record<string, number>;
  readonly pendingDeletionRequests: number;
}

function must<T>(what: string, result: Result<T>): T {
  if (!result.ok) throw new Error(`Demo seed: ${what} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** The demo world's clock: the use cases run at the moments the story needs (the past included). */
class StoryClock {
  #at: Date;
  constructor(start: Date) {
    this.#at = start;
  }
  now(): Date {
    return new Date(this.#at);
  }
  set(at: Date): void {
    this.#at = at;
  }
}

/**
 * Builds the demo world through the real use cases and repositories: an administrator, eight
 * coaches with full profiles, five clients, bookings in every state (paid with the test card
 * when the offline gateway is in use), messages, reviews, an open dispute and a pending deletion
 * request. Every account signs in with DEMO_PASSWORD.
 */
export async function seedWorld(app: Application): Promise<DemoWorldSummary> {
  const realNow = app.clock.now();
  const clock = new StoryClock(realNow);
  const silentMailer = { send: async () => ({ ok: true as const, value: undefined }) };
  const deps = (): UseCaseDeps => ({ ...app.deps(), clock, mailer: silentMailer });
  const at = (when: Date) => clock.set(when);

  must(
    'administrator',
    await createAdministrator(
      { ...deps(), admins: pgAdministratorDirectory(app.orm) },
      {
        actor: null,
        form: { email: DEMO_ADMIN.email, fullName: DEMO_ADMIN.fullName, password: DEMO_PASSWORD },
      },
    ),
  );

  const actors = new Map<string, Actor>();
  const register = async (key: string, form: Record<string, unknown>) => {
    const registered = must(`registering ${key}`, await registerWithEmail(deps(), { ...form, password: DEMO_PASSWORD, confirmAge: true }));
    if (registered.outcome !== 'created') throw new Error(`Demo seed: ${key} is already registered`);
    const token = await app.deps().tokens.issue({ userId: registered.user.id, email: registered.user.email }, clock.now());
    const verified = must(`verifying ${key}`, await verifyEmail(deps(), { token }));
    actors.set(key, toActor(verified));
  };
  // People joined over the last two months, a few days apart.
  const joined = (i: number) => at(new Date(realNow.getTime() - (60 - i * 3) * DAY_MS));
  for (const [i, c] of DEMO_COACHES.entries()) {
    const { key, hourlyRate, place: _place, sessionMode: _mode, ...profile } = c;
    joined(i);
    await register(key, { ...profile, userType: 'coach', hourlyRate: String(hourlyRate) });
  }
  for (const [i, c] of DEMO_CLIENTS.entries()) {
    const { key, ...profile } = c;
    joined(DEMO_COACHES.length + i);
    await register(key, { ...profile, userType: 'client' });
  }
  const actor = (key: string): Actor =>
    actors.get(key) ??
    (() => {
      throw new Error(`Demo seed: no ${key}`);
    })();
  await placeDemoCoaches(app, DEMO_COACHES);
  for (const c of DEMO_COACHES) if (c.key !== DEMO_COACH_WITHOUT_PAYOUTS) await enableDemoPayouts(app, deps(), actor(c.key), c.email);
  for (const [key, week] of Object.entries(DEMO_WEEKLY_HOURS)) {
    must('weekly hours', await saveWeeklyHours(deps(), { actor: actor(key), coachId: actor(key).userId, ranges: week.ranges, slotStepMinutes: week.slotStepMinutes }));
  }

  // Marcus sells a block of five, so a demo client can buy one and book from it (decision 060).
  must('package offer', await offerPackage(deps(), { actor: actor('marcus'), form: { sessions: 5, durationMinutes: 60, totalPricePence: 25_000, validityWeeks: 12, title: 'Finishing block' } }));

  const counts: Record<string, number> = {};
  for (const b of DEMO_BOOKINGS) {
    await playBooking(b, { deps, at, realNow, actor, app });
    counts[b.ends] = (counts[b.ends] ?? 0) + 1;
  }

  at(realNow);
  must('deletion request', await requestDeletion(deps(), { actor: actor(DEMO_DELETION_REQUEST.client), form: { reason: DEMO_DELETION_REQUEST.reason } }));
  await settlePaymentJobs(app);

  return {
    password: DEMO_PASSWORD,
    admin: DEMO_ADMIN.email,
    coaches: DEMO_COACHES.map((c) => c.email),
    clients: DEMO_CLIENTS.map((c) => c.email),
    bookings: counts,
    pendingDeletionRequests: 1,
  };
}

async function publishPeriod(s: Story, coach: Actor, startsAt: Date, endsAt: Date): Promise<void> {
  const period = must('availability period', createPeriod({ id: randomUUID(), actor: coach, coachId: coach.userId, details: { startsAt, endsAt, notes: 'Late session' } }, s.deps().clock.now()));
  // Through the same overlap rule as the coach's own saves: the demo's periods never stack.
  must('availability period', await s.deps().uow.transaction((tx) => savePeriodAlone(tx, period)));
}

/** One demo coach has not set up payouts yet: their released money waits (decision 012). */
export const DEMO_COACH_WITHOUT_PAYOUTS = 'gareth';

/** The offline gateway's onboarding with Stripe's test bank details (only without Stripe keys). */
async function enableDemoPayouts(app: Application, deps: UseCaseDeps, coach: Actor, email: string): Promise<void> {
  const connect = app.payments.testConnect;
  if (!connect) return;
  const started = must('payout onboarding', await startPayoutOnboarding(deps, { actor: coach, email, returnUrl: 'http://localhost/payouts/return', refreshUrl: 'http://localhost/payouts/setup' }));
  const details = await connect.submitBankDetails(started.account.accountId, TEST_SORT_CODE, TEST_ACCOUNT_NUMBER);
  if (!details.ok) throw new Error(`Demo seed: bank details: ${details.error.message}`);
  const submitted = details.value;
  must('payout account', await deps.uow.transaction(async (tx) => ok(await recordAccountSnapshot(tx, submitted, deps.clock.now()))));
}

interface Story {
  deps: () => UseCaseDeps;
  at: (when: Date) => void;
  realNow: Date;
  actor: (key: string) => Actor;
  app: Application;
}

/** The session's start: `at` London time, `inDays` from today; 'now' means started 20 minutes ago. */
function sessionStart(b: DemoBooking, realNow: Date): Date {
  if (b.at === 'now') return new Date(Math.floor((realNow.getTime() - 20 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS);
  const day = utcToLondon(new Date(realNow.getTime() + b.inDays * DAY_MS)).date;
  return londonToUtc(day, b.at) ?? new Date(realNow.getTime() + b.inDays * DAY_MS);
}

async function playBooking(b: DemoBooking, s: Story): Promise<void> {
  const client = s.actor(b.client);
  const coach = s.actor(b.coach);
  const starts = sessionStart(b, s.realNow);
  const ends = new Date(starts.getTime() + b.minutes * MINUTE_MS);
  const requestedAt = new Date(Math.min(s.realNow.getTime() - 2 * 60 * MINUTE_MS, starts.getTime() - 3 * DAY_MS));
  s.at(requestedAt);
  // The session under way starts whenever the demo is seeded, at any hour: the coach publishes
  // that hour as a period of their calendar, as a coach who takes a late session would.
  if (b.at === 'now') await publishPeriod(s, coach, starts, ends);
  let booking: Booking = must(
    'booking request',
    await requestBooking(s.deps(), {
      actor: client,
      coachId: coach.userId,
      serviceType: b.service,
      startsAt: starts,
      durationMinutes: b.minutes,
      locationType: b.location,
      locationAddress: b.address ?? null,
      clientNotes: b.notes ?? null,
    }),
  );
  // Only a paid request reaches the coach (decision 011). Without the offline gateway (Stripe keys)
  // nothing can be paid here: the story stops at an unpaid request, which expires after 30 minutes.
  const paid = b.paid && (await payWithTestCard(s, client, booking.id));
  if (!paid && b.ends !== 'cancelled') return;

  const talk = async (when: Date) => {
    s.at(when);
    for (const [who, content] of b.messages ?? []) {
      const from = who === 'client' ? client : coach;
      must('message', await sendMessage(s.deps(), { actor: from, form: { bookingId: booking.id, content } }));
    }
  };

  if (b.ends === 'pending') return talk(new Date(requestedAt.getTime() + 30 * MINUTE_MS));
  if (b.ends === 'cancelled') {
    s.at(new Date(requestedAt.getTime() + 60 * MINUTE_MS));
    must('cancel', await cancelBooking(s.deps(), { actor: client, bookingId: booking.id, reason: b.reason }));
    return;
  }
  if (b.ends === 'declined') {
    s.at(new Date(requestedAt.getTime() + 60 * MINUTE_MS));
    must('decline', await declineBooking(s.deps(), { actor: coach, bookingId: booking.id, reason: b.reason }));
    return;
  }
  s.at(new Date(requestedAt.getTime() + 45 * MINUTE_MS));
  booking = must('accept', await acceptBooking(s.deps(), { actor: coach, bookingId: booking.id })).booking;
  await talk(new Date(requestedAt.getTime() + 90 * MINUTE_MS));
  if (b.ends === 'confirmed') return;

  s.at(new Date(starts.getTime() + 2 * MINUTE_MS));
  must('coach arrival', await markArrival(s.deps(), { actor: coach, bookingId: booking.id }));
  s.at(new Date(starts.getTime() + (b.ends === 'disputed' ? 40 : 4) * MINUTE_MS));
  must('client arrival', await markArrival(s.deps(), { actor: client, bookingId: booking.id }));
  if (b.ends === 'in_session') return;
  if (b.ends === 'disputed') {
    s.at(new Date(ends.getTime() - 5 * MINUTE_MS));
    must('dispute', await openDispute(s.deps(), { actor: client, bookingId: booking.id, description: b.reason }));
    return;
  }
  s.at(new Date(ends.getTime() + 2 * MINUTE_MS));
  must('coach completion', await markCompletion(s.deps(), { actor: coach, bookingId: booking.id }));
  must('client completion', await markCompletion(s.deps(), { actor: client, bookingId: booking.id }));
  if (b.review) {
    s.at(new Date(ends.getTime() + 3 * 60 * MINUTE_MS));
    must('review', await submitReview(s.deps(), { actor: client, bookingId: booking.id, form: b.review }));
  }
}

/** The Secure Payment dialog's steps with the test card 4242 (only with the offline test gateway). */
async function payWithTestCard(s: Story, client: Actor, bookingId: string): Promise<boolean> {
  const cards = s.app.payments.testCards;
  if (!cards) return false;
  const session = must('payment', await startPayment(s.deps(), { actor: client, bookingId }));
  const card = await cards.confirmCard({ intentId: session.intentId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', idempotencyKey: `seed:${bookingId}:${randomUUID()}` });
  if (!card.ok) throw new Error(`Demo seed: test card refused: ${card.error.message}`);
  must('payment confirmation', await confirmPayment(s.deps(), { actor: client, bookingId, intentId: session.intentId }));
  return true;
}
