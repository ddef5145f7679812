import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/clock';
import { unwrap } from '../../../shared/result';
import { PAYMENT_INSTRUCTION_JOB } from '../../money/payment-instruction';
import { recordAuthorization, recordIntentCreated } from '../../../payments/payment-records';
import type { Booking } from '../booking';
import { BOOKING_NOTIFICATION_JOB } from '../booking-notifications';
import type { CoachForBooking } from '../../requests/coach-directory';
import { admin, at, client, coach, COACH_ID, NOW, otherCoach, pendingBooking, RATE_PENCE, stranger, STARTS_AT } from '../../../testing/booking-fixtures';
import {
  coachDirectory,
  createInMemoryReferenceNumbers,
  memoryUnitOfWork,
  fixedClock,
  sequentialIds,
  type InMemoryReferenceNumbers,
  type MemoryUnitOfWork,
  type SettableClock,
} from '../../../testing';
import { bookingErrors } from '../booking-errors';
import { referenceCodeFor } from '../../references/reference-code';
import { DomainFailure } from '../../../shared/errors';
import { acceptBooking } from './accept-booking';
import { acceptReschedule } from '../../reschedule/use-cases/accept-reschedule';
import { createCoachProfile } from '../../../accounts/users/coach-profile';
import { autoCompleteDue } from '../../session-progress/use-cases/auto-complete-due';
import { cancelBooking } from './cancel-booking';
import { declineBooking } from './decline-booking';
import { expireStaleRequests } from './expire-stale-requests';
import { expireUnpaidRequests } from '../../requests/use-cases/expire-unpaid-requests';
import { recordFailure } from '../../../payments/payment-records';
import { coachDashboard, listMyBookings } from '../../lists/use-cases/list-my-bookings';
import { markArrival } from '../../session-progress/use-cases/mark-arrival';
import { markCompletion } from '../../session-progress/use-cases/mark-completion';
import { openDispute } from '../../disputes/use-cases/open-dispute';
import { proposeReschedule } from '../../reschedule/use-cases/propose-reschedule';
import { requestBooking, type RequestBookingInput } from '../../requests/use-cases/request-booking';
import { resolveDispute } from '../../disputes/use-cases/resolve-dispute';
import { searchBookingsByReference } from '../../references/use-cases/search-bookings-by-reference';
import { viewBooking } from './view-booking';
import { declineReschedule } from '../../reschedule/use-cases/decline-reschedule';

const theCoach: CoachForBooking = {
  coachId: COACH_ID,
  fullName: 'Casey Coach',
  isBookable: true,
  hourlyRatePence: RATE_PENCE,
  servicesOffered: ['striker', 'midfield'],
  availability: [],
};

let uow: MemoryUnitOfWork;
let clock: SettableClock;
let coaches: CoachForBooking[];
let referenceNumbers: InMemoryReferenceNumbers;
const deps = () => ({ uow, clock, ids: sequentialIds(), referenceNumbers, coaches: coachDirectory(coaches) });
let ids = sequentialIds();

const request = (overrides: Partial<RequestBookingInput> = {}) =>
  requestBooking(
    { ...deps(), ids },
    { actor: client, coachId: COACH_ID, serviceType: 'striker', startsAt: STARTS_AT, durationMinutes: 60, locationType: 'online', ...overrides },
  );

/** Pretends the client's card was authorised (the payment use cases do this for real). */
function authorise(id: string): Booking {
  const b = uow.bookings.rows.get(id)!;
  const withIntent = unwrap(recordIntentCreated(b, `pi_${id}`, NOW));
  const held = unwrap(recordAuthorization(withIntent, { intentId: `pi_${id}`, amountPence: b.totalPricePence }, NOW));
  uow.bookings.rows.set(id, held);
  return held;
}

/** A request whose payment is authorised: the only kind that reaches the coach (decision 011). */
const requestPaid = async (overrides: Partial<RequestBookingInput> = {}): Promise<Booking> => authorise(unwrap(await request(overrides)).id);

const jobsOf = (type: string) => uow.outbox.jobs.filter((j) => j.type === type).map((j) => j.payload);

beforeEach(() => {
  uow = memoryUnitOfWork();
  clock = fixedClock(NOW);
  coaches = [theCoach];
  ids = sequentialIds();
  referenceNumbers = createInMemoryReferenceNumbers();
});

describe('requesting a booking', () => {
  it('stores a pending request at the coach’s rate, without emailing the coach until it is paid', async () => {
    const b = unwrap(await request());
    expect(b).toMatchObject({ status: 'pending', version: 1, totalPricePence: RATE_PENCE + 300, clientId: client.userId });
    expect(b.referenceCode).toMatch(/^FACT-20260302-[A-Z0-9]{4}$/);
    expect(jobsOf(BOOKING_NOTIFICATION_JOB)).toEqual([{ bookingId: b.id, event: 'requested', actorId: client.userId }]);
    expect(uow.outbox.jobs.filter((j) => j.type.startsWith('email.'))).toEqual([]);
  });

  it('refuses a second pending request by the same client for the same coach and start, and stores nothing', async () => {
    const first = unwrap(await request());
    const again = await request();
    expect(again).toMatchObject({
      ok: false,
      error: { kind: 'conflict', code: 'DUPLICATE_PENDING_REQUEST', message: 'You already have a request with this coach at this time. Pay for it or cancel it in My Bookings.' },
    });
    expect([...uow.bookings.rows.keys()]).toEqual([first.id]);
    // Paid, or at another time, or once the first is cancelled: allowed.
    authorise(first.id);
    expect(await request()).toMatchObject({ ok: false, error: { code: 'DUPLICATE_PENDING_REQUEST' } });
    expect((await request({ startsAt: at(STARTS_AT, DAY_MS) })).ok).toBe(true);
    unwrap(await cancelBooking({ uow, clock }, { actor: client, bookingId: first.id, reason: 'Wrong time' }));
    expect((await request()).ok).toBe(true);
  });

  it('refuses an unknown or deactivated coach', async () => {
    coaches = [{ ...theCoach, isBookable: false }];
    expect(await request()).toMatchObject({ ok: false, error: { code: 'COACH_NOT_FOUND' } });
    expect(await request({ coachId: otherCoach.userId })).toMatchObject({ ok: false, error: { code: 'COACH_NOT_FOUND' } });
  });

  it('refuses a coach booking themselves', async () => {
    const r = await requestBooking(deps(), { actor: coach, coachId: COACH_ID, serviceType: 'striker', startsAt: STARTS_AT, durationMinutes: 60 });
    expect(r).toMatchObject({ ok: false, error: { code: 'CANNOT_BOOK_SELF' } });
  });

  it('refuses a time outside the coach’s published availability', async () => {
    coaches = [{ ...theCoach, availability: [{ startsAt: at(STARTS_AT, DAY_MS), endsAt: at(STARTS_AT, 2 * DAY_MS), isAvailable: true }] }];
    expect(await request()).toMatchObject({ ok: false, error: { code: 'COACH_UNAVAILABLE', message: 'The coach is not available at this time' } });
    expect((await request({ startsAt: at(STARTS_AT, DAY_MS + HOUR_MS) })).ok).toBe(true);
  });

  it('refuses a time the coach already has a confirmed session', async () => {
    const first = await requestPaid();
    unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: first.id }));
    expect(await request({ startsAt: at(STARTS_AT, 30 * MINUTE_MS) })).toMatchObject({ ok: false, error: { code: 'COACH_UNAVAILABLE' } });
  });

  it("gives each of a day's requests the reference of the day's next number", async () => {
    const a = unwrap(await request());
    const b = unwrap(await request({ startsAt: at(STARTS_AT, DAY_MS) }));
    expect([a.referenceCode, b.referenceCode]).toEqual([referenceCodeFor(NOW, 0), referenceCodeFor(NOW, 1)]);
  });

  it('takes the next number when a booking stored without one already holds the reference', async () => {
    const older = pendingBooking({ id: 'aaaaaaaa-0000-4000-8000-999999999999', referenceCode: referenceCodeFor(NOW, 0), startsAt: at(STARTS_AT, DAY_MS) });
    uow.bookings.rows.set(older.id, { ...older, version: 1 });
    const b = unwrap(await request());
    expect(b.referenceCode).toBe(referenceCodeFor(NOW, 1));
  });

  it('takes the next number, and does not refuse, when the unique index turns the reference down at the insert', async () => {
    // What a concurrent request storing the same reference between the check and the insert looks like.
    const save = uow.bookings.save;
    let refusals = 1;
    uow.bookings.save = async (booking) => {
      if (refusals-- > 0) throw new DomainFailure(bookingErrors.referenceUnavailable());
      return save(booking);
    };
    const b = unwrap(await request());
    expect(b.referenceCode).toBe(referenceCodeFor(NOW, 1));
    expect([...uow.bookings.rows.values()].map((r) => r.referenceCode)).toEqual([referenceCodeFor(NOW, 1)]);
    expect(jobsOf(BOOKING_NOTIFICATION_JOB)).toEqual([{ bookingId: b.id, event: 'requested', actorId: client.userId }]);
  });

  it('gives up only after eight references in a row are all taken, asking once to try again', async () => {
    uow.bookings.save = async () => {
      throw new DomainFailure(bookingErrors.referenceUnavailable());
    };
    expect(await request()).toEqual({
      ok: false,
      error: { kind: 'conflict', code: 'REFERENCE_UNAVAILABLE', message: 'Could not create a booking reference. Please try again.' },
    });
    expect(referenceNumbers.taken.get('2026-03-02')).toBe(8);
  });

  it('passes on the rule failures of the aggregate', async () => {
    expect(await request({ serviceType: 'goalkeeping' })).toMatchObject({ ok: false, error: { code: 'SERVICE_NOT_OFFERED' } });
    expect(await request({ startsAt: at(NOW, -HOUR_MS) })).toMatchObject({ ok: false, error: { code: 'DATE_IN_PAST' } });
  });
});

describe('accepting a request', () => {
  it('confirms it, queues the capture and declines the coach’s overlapping requests in the same transaction', async () => {
    const chosen = unwrap(await request());
    const clash = unwrap(await request({ startsAt: at(STARTS_AT, 30 * MINUTE_MS) }));
    const elsewhere = unwrap(await request({ startsAt: at(STARTS_AT, 3 * HOUR_MS) }));
    authorise(chosen.id);
    const out = unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: chosen.id }));
    expect(out.booking.status).toBe('confirmed');
    expect(out.declined.map((b) => b.id)).toEqual([clash.id]);
    expect(uow.bookings.rows.get(clash.id)).toMatchObject({
      status: 'cancelled',
      declined: true,
      cancelledBy: 'system',
      cancellationReason: 'The coach is no longer available at this time',
    });
    expect(uow.bookings.rows.get(elsewhere.id)?.status).toBe('pending');
    // The clash was never paid: nothing to void.
    expect(jobsOf(PAYMENT_INSTRUCTION_JOB)).toEqual([
      { bookingId: chosen.id, instruction: { kind: 'capture', amountPence: RATE_PENCE + 300 }, idempotencyKey: `${chosen.id}:capture` },
    ]);
  });

  it('voids the hold of a paid request declined because an overlapping one was accepted', async () => {
    const chosen = await requestPaid();
    const clash = await requestPaid({ startsAt: at(STARTS_AT, 30 * MINUTE_MS) });
    unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: chosen.id }));
    expect(jobsOf(PAYMENT_INSTRUCTION_JOB)).toContainEqual({ bookingId: clash.id, instruction: { kind: 'void' }, idempotencyKey: `${clash.id}:void` });
  });

  it('refuses an unpaid request with 409 BOOKING_NOT_PAID and changes nothing, so a paid request at that time is never declined for it', async () => {
    const unpaid = unwrap(await request());
    const paid = await requestPaid({ startsAt: at(STARTS_AT, 30 * MINUTE_MS) });
    const jobs = uow.outbox.jobs.length;
    expect(await acceptBooking({ uow, clock }, { actor: coach, bookingId: unpaid.id })).toEqual({
      ok: false,
      error: { kind: 'conflict', code: 'BOOKING_NOT_PAID', message: "This request can't be accepted until the client has paid." },
    });
    expect(uow.bookings.rows.get(unpaid.id)).toEqual(unpaid);
    expect(uow.bookings.rows.get(paid.id)).toEqual(paid);
    expect(uow.outbox.jobs).toHaveLength(jobs);
  });

  it('refuses when the coach is already booked then, and leaves everything as it was', async () => {
    const first = await requestPaid();
    const second = await requestPaid({ startsAt: at(STARTS_AT, 30 * MINUTE_MS) });
    unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: first.id }));
    // the second was declined by the first accept; force it back to pending to simulate a race
    uow.bookings.rows.set(second.id, { ...second, version: uow.bookings.rows.get(second.id)!.version });
    const jobs = uow.outbox.jobs.length;
    expect(await acceptBooking({ uow, clock }, { actor: coach, bookingId: second.id })).toMatchObject({ ok: false, error: { code: 'COACH_ALREADY_BOOKED' } });
    expect(uow.bookings.rows.get(second.id)?.status).toBe('pending');
    expect(uow.outbox.jobs).toHaveLength(jobs);
  });

  it('refuses the client and hides the booking from strangers', async () => {
    const b = unwrap(await request());
    expect(await acceptBooking({ uow, clock }, { actor: client, bookingId: b.id })).toMatchObject({ ok: false, error: { code: 'NOT_BOOKING_COACH' } });
    expect(await acceptBooking({ uow, clock }, { actor: stranger, bookingId: b.id })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(await acceptBooking({ uow, clock }, { actor: coach, bookingId: 'aaaaaaaa-0000-4000-8000-999999999999' })).toMatchObject({
      ok: false,
      error: { code: 'BOOKING_NOT_FOUND', message: 'Booking not found' },
    });
  });
});

describe('declining and cancelling', () => {
  it('declines with a reason and voids the hold', async () => {
    const b = unwrap(await request());
    authorise(b.id);
    const declined = unwrap(await declineBooking({ uow, clock }, { actor: coach, bookingId: b.id, reason: 'Away that week' }));
    expect(declined).toMatchObject({ status: 'cancelled', declined: true, cancellationReason: 'Away that week' });
    expect(jobsOf(PAYMENT_INSTRUCTION_JOB)).toEqual([{ bookingId: b.id, instruction: { kind: 'void' }, idempotencyKey: `${b.id}:void` }]);
  });

  it('stores nothing when the reason is missing', async () => {
    const b = unwrap(await request());
    expect(await declineBooking({ uow, clock }, { actor: coach, bookingId: b.id, reason: '' })).toMatchObject({
      ok: false,
      error: { code: 'REASON_REQUIRED', message: 'Please provide a reason for declining.' },
    });
    expect(uow.bookings.rows.get(b.id)?.status).toBe('pending');
  });

  it('refunds only the fee when the client cancels a confirmed session late', async () => {
    const b = unwrap(await request());
    authorise(b.id);
    unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: b.id }));
    clock.set(at(STARTS_AT, -2 * HOUR_MS));
    unwrap(await cancelBooking({ uow, clock }, { actor: client, bookingId: b.id, reason: 'Ill' }));
    expect(jobsOf(PAYMENT_INSTRUCTION_JOB).at(-1)).toEqual({
      bookingId: b.id,
      instruction: { kind: 'refund', amountPence: 300, reason: 'cancellation' },
      idempotencyKey: `${b.id}:refund-cancellation`,
    });
  });

  it('declines requests whose time passed unanswered', async () => {
    const b = unwrap(await request());
    const later = unwrap(await request({ startsAt: at(STARTS_AT, DAY_MS) }));
    clock.set(at(STARTS_AT, MINUTE_MS));
    const out = unwrap(await expireStaleRequests({ uow, clock }));
    expect(out).toEqual({ done: [b.id], skipped: [], failed: [] });
    expect(uow.bookings.rows.get(b.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'system', declined: true });
    expect(uow.bookings.rows.get(later.id)?.status).toBe('pending');
  });
});

describe('the session', () => {
  async function confirmed(): Promise<Booking> {
    const b = await requestPaid();
    return unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: b.id })).booking;
  }

  it('runs from arrival to completion and tells when it starts and ends', async () => {
    const b = await confirmed();
    clock.set(at(STARTS_AT, -5 * MINUTE_MS));
    unwrap(await markArrival({ uow, clock }, { actor: client, bookingId: b.id }));
    const started = unwrap(await markArrival({ uow, clock }, { actor: coach, bookingId: b.id }));
    expect(started.status).toBe('in_session');
    clock.set(at(STARTS_AT, HOUR_MS));
    unwrap(await markCompletion({ uow, clock }, { actor: client, bookingId: b.id }));
    const done = unwrap(await markCompletion({ uow, clock }, { actor: coach, bookingId: b.id }));
    expect(done.status).toBe('completed');
    expect(jobsOf(BOOKING_NOTIFICATION_JOB).map((p) => p.event)).toEqual(['requested', 'accepted', 'session_started', 'completed']);
  });

  it('completes sessions automatically a day after their end', async () => {
    const b = await confirmed();
    clock.set(at(STARTS_AT, 25 * HOUR_MS));
    expect(unwrap(await autoCompleteDue({ uow, clock }))).toEqual({ done: [b.id], skipped: [], failed: [] });
    expect(uow.bookings.rows.get(b.id)?.status).toBe('completed');
    expect(unwrap(await autoCompleteDue({ uow, clock }))).toEqual({ done: [], skipped: [], failed: [] });
  });

  it("counts a session completed automatically, or taken back by a dispute, in the coach's total sessions", async () => {
    uow.coachProfiles.set(COACH_ID, createCoachProfile(COACH_ID, {}, NOW));
    const b = await confirmed();
    clock.set(at(STARTS_AT, 25 * HOUR_MS));
    unwrap(await autoCompleteDue({ uow, clock }));
    expect(uow.coachProfiles.get(COACH_ID)?.totalSessions).toBe(1);
    unwrap(await openDispute({ uow, clock }, { actor: client, bookingId: b.id, description: 'Coach left after ten minutes' }));
    expect(uow.coachProfiles.get(COACH_ID)?.totalSessions).toBe(0);
    unwrap(await resolveDispute({ uow, clock }, { actor: admin, bookingId: b.id, decision: { outcome: 'release', note: 'Session took place' } }));
    expect(uow.coachProfiles.get(COACH_ID)?.totalSessions).toBe(1);
  });

  it('opens and resolves a dispute', async () => {
    const b = await confirmed();
    clock.set(at(STARTS_AT, 10 * MINUTE_MS));
    unwrap(await markArrival({ uow, clock }, { actor: client, bookingId: b.id }));
    expect(unwrap(await openDispute({ uow, clock }, { actor: client, bookingId: b.id, description: 'Coach never came' })).status).toBe('disputed');
    const resolved = unwrap(await resolveDispute({ uow, clock }, { actor: admin, bookingId: b.id, decision: { outcome: 'release', note: 'Unpaid' } }));
    expect(resolved).toMatchObject({ status: 'completed', disputeStatus: 'resolved' });
  });

  it('reschedules to a time the coach can do, and refuses one the coach cannot', async () => {
    const b = await confirmed();
    const other = await requestPaid({ startsAt: at(STARTS_AT, DAY_MS) });
    unwrap(await acceptBooking({ uow, clock }, { actor: coach, bookingId: other.id }));
    expect(await proposeReschedule(deps(), { actor: client, bookingId: b.id, proposedStartsAt: at(STARTS_AT, DAY_MS) })).toMatchObject({
      ok: false,
      error: { code: 'COACH_UNAVAILABLE' },
    });
    coaches = [{ ...theCoach, availability: [{ startsAt: at(STARTS_AT, 3 * DAY_MS), endsAt: at(STARTS_AT, 4 * DAY_MS), isAvailable: true }] }];
    expect(await proposeReschedule(deps(), { actor: client, bookingId: b.id, proposedStartsAt: at(STARTS_AT, 2 * DAY_MS) })).toMatchObject({
      ok: false,
      error: { code: 'COACH_UNAVAILABLE' },
    });
    unwrap(await proposeReschedule(deps(), { actor: client, bookingId: b.id, proposedStartsAt: at(STARTS_AT, 3 * DAY_MS + HOUR_MS), reason: 'Exams' }));
    expect(await acceptReschedule({ uow, clock }, { actor: client, bookingId: b.id })).toMatchObject({ ok: false, error: { code: 'PROPOSER_CANNOT_RESPOND' } });
    const moved = unwrap(await acceptReschedule({ uow, clock }, { actor: coach, bookingId: b.id }));
    expect(moved.startsAt).toEqual(at(STARTS_AT, 3 * DAY_MS + HOUR_MS));
  });

  it('declines a proposal and keeps the time', async () => {
    const b = await confirmed();
    unwrap(await proposeReschedule(deps(), { actor: coach, bookingId: b.id, proposedStartsAt: at(STARTS_AT, DAY_MS) }));
    expect(unwrap(await declineReschedule({ uow, clock }, { actor: client, bookingId: b.id }))).toMatchObject({ startsAt: STARTS_AT, rescheduleStatus: 'declined' });
  });
});

describe('reading bookings', () => {
  it('finds by reference: administrators any booking, others only their own', async () => {
    const b = unwrap(await request());
    const prefix = b.referenceCode.slice(0, 13).toLowerCase();
    expect(unwrap(await searchBookingsByReference({ uow }, { actor: admin, query: prefix })).map((x) => x.id)).toEqual([b.id]);
    expect(unwrap(await searchBookingsByReference({ uow }, { actor: client, query: b.referenceCode })).map((x) => x.id)).toEqual([b.id]);
    expect(unwrap(await searchBookingsByReference({ uow }, { actor: stranger, query: b.referenceCode }))).toEqual([]);
    expect(await searchBookingsByReference({ uow }, { actor: admin, query: '  ' })).toMatchObject({ ok: false, error: { code: 'REFERENCE_SEARCH_REQUIRED' } });
  });

  it('shows a booking with its progress and actions to its parties only', async () => {
    const b = await requestPaid();
    const view = unwrap(await viewBooking({ uow, clock }, { actor: coach, bookingId: b.id }));
    expect(view).toMatchObject({ relation: 'coach', progress: 'pending', reschedule: 'none', actions: ['accept', 'decline', 'propose_reschedule'] });
    expect(await viewBooking({ uow, clock }, { actor: stranger, bookingId: b.id })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('lists MyBookings tabs and the coach dashboard, showing the coach only requests that were paid', async () => {
    const a = await requestPaid();
    const c = await requestPaid({ startsAt: at(STARTS_AT, DAY_MS) });
    unwrap(await cancelBooking({ uow, clock }, { actor: client, bookingId: c.id, reason: 'No longer needed' }));
    const unpaid = unwrap(await request({ startsAt: at(STARTS_AT, 2 * DAY_MS) }));
    const unpaidCancelled = unwrap(await request({ startsAt: at(STARTS_AT, 3 * DAY_MS) }));
    unwrap(await cancelBooking({ uow, clock }, { actor: client, bookingId: unpaidCancelled.id, reason: 'Changed my mind' }));
    const tabs = unwrap(await listMyBookings({ uow, clock }, { actor: client }));
    expect([tabs.upcoming.map((b) => b.id), tabs.cancelled.map((b) => b.id), tabs.past]).toEqual([[unpaid.id, a.id], [unpaidCancelled.id, c.id], []]);
    const groups = unwrap(await coachDashboard({ uow }, { actor: coach }));
    expect([groups.pending.map((b) => b.id), groups.history.map((b) => b.id)]).toEqual([[a.id], [c.id]]);
    const coachTabs = unwrap(await listMyBookings({ uow, clock }, { actor: coach }));
    expect([coachTabs.upcoming.map((b) => b.id), coachTabs.cancelled.map((b) => b.id)]).toEqual([[a.id], [c.id]]);
  });
});

describe('unpaid requests (decision 011)', () => {
  const emails = () => uow.outbox.jobs.filter((j) => j.type.startsWith('email.')).map((j) => [j.type, (j.payload.recipient as { userId?: string }).userId]);

  it('are cancelled by the system exactly 30 minutes after they were made, the client told and the coach not', async () => {
    const unpaid = unwrap(await request());
    const paid = await requestPaid({ startsAt: at(STARTS_AT, DAY_MS) });
    clock.set(at(NOW, 30 * MINUTE_MS - 1));
    expect(unwrap(await expireUnpaidRequests({ uow, clock }))).toEqual({ done: [], skipped: [], failed: [] });
    expect(uow.bookings.rows.get(unpaid.id)?.status).toBe('pending');
    clock.set(at(NOW, 30 * MINUTE_MS));
    expect(unwrap(await expireUnpaidRequests({ uow, clock }))).toEqual({ done: [unpaid.id], skipped: [], failed: [] });
    expect(uow.bookings.rows.get(unpaid.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancellationReason: 'Payment not completed',
      cancelledAt: at(NOW, 30 * MINUTE_MS),
      declined: false,
    });
    expect(uow.bookings.rows.get(paid.id)?.status).toBe('pending');
    expect(emails()).toEqual([['email.booking_cancelled', client.userId]]);
    expect(unwrap(await expireUnpaidRequests({ uow, clock }))).toEqual({ done: [], skipped: [], failed: [] });
  });

  it('void the payment the client opened, and expire after a failed card too', async () => {
    const opened = unwrap(await request());
    uow.bookings.rows.set(opened.id, unwrap(recordIntentCreated(uow.bookings.rows.get(opened.id)!, 'pi_open', NOW)));
    const failed = unwrap(await request({ startsAt: at(STARTS_AT, DAY_MS) }));
    const withIntent = unwrap(recordIntentCreated(uow.bookings.rows.get(failed.id)!, 'pi_failed', NOW));
    uow.bookings.rows.set(failed.id, unwrap(recordFailure(withIntent, NOW)));
    clock.set(at(NOW, 31 * MINUTE_MS));
    expect(unwrap(await expireUnpaidRequests({ uow, clock })).done).toEqual([opened.id, failed.id]);
    expect(jobsOf(PAYMENT_INSTRUCTION_JOB)).toEqual([
      { bookingId: opened.id, instruction: { kind: 'void' }, idempotencyKey: `${opened.id}:void` },
      { bookingId: failed.id, instruction: { kind: 'void' }, idempotencyKey: `${failed.id}:void` },
    ]);
  });

  it('are not shown to the coach, and their cancellation by the client is not emailed to the coach', async () => {
    const unpaid = unwrap(await request());
    unwrap(await cancelBooking({ uow, clock }, { actor: client, bookingId: unpaid.id, reason: 'Changed my mind' }));
    expect(emails()).toEqual([['email.booking_cancelled', client.userId]]);
    const groups = unwrap(await coachDashboard({ uow }, { actor: coach }));
    expect([groups.pending, groups.history]).toEqual([[], []]);
  });
});
