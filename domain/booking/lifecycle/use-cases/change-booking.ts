import type { Clock } from '../../../shared/clock';
import type { Id } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import type { Repositories } from '../../../repositories';
import { enqueuePaymentInstructions } from '../../money/enqueue-payment-instructions';
import type { Booking, BookingStatus } from '../booking';
import { SERIES_RULES } from '../../requests/weekly-series';
import { bookingErrors } from '../booking-errors';
import type { BookingChange } from '../booking-party';
import { notifyBooking, type BookingEvent } from '../booking-notifications';
import { refreshCoachStats } from '../../../reviews/use-cases/refresh-coach-stats';
import { awaitsSeriesPayment, settleWithSeries } from '../../requests/card-series';
import { queueSeriesSettlementOnceAnswered } from '../../requests/series-settlement-job';

export interface BookingUseCaseDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
}

/**
 * Saves a changed booking, queues its payment effects and tells the other side, in `tx`. A
 * session booked from a package settles on its package first: what would move card money
 * moves its credit instead (decision 060). A session of a card series not captured yet moves no
 * money of its own; once the series' last request is answered, its payment is settled in one
 * step (decision 064).
 */
export async function commitChange(tx: Repositories, proposed: BookingChange, event: BookingEvent | null, actorId: Id | null, now: Date, previous?: Booking): Promise<Booking> {
  const before = previous ?? proposed.booking;
  const change = before.packagePurchaseId ? await tx.packageSessions.settle(tx, before, proposed, now) : awaitsSeriesPayment(before) ? settleWithSeries(before, proposed, now) : proposed;
  const saved = await tx.bookings.save(change.booking);
  if (awaitsSeriesPayment(before) && before.status === 'pending' && saved.status !== 'pending') await queueSeriesSettlementOnceAnswered(tx, before.seriesId);
  await enqueuePaymentInstructions(tx.outbox, saved.id, change.effects);
  if (event !== null) await notifyBooking(tx.outbox, { bookingId: saved.id, event, actorId }, now);
  if (event !== null) await tx.bookingEmails.queue(tx.outbox, { event, booking: saved, previous, actorId }, now);
  return saved;
}

/**
 * The shape of most booking use cases: in one transaction, lock the booking, apply a pure
 * transition, save it, queue its payment effects and a notification.
 */
export async function changeBooking(
  deps: BookingUseCaseDeps,
  bookingId: Id,
  actorId: Id | null,
  apply: (booking: Booking, now: Date) => Result<BookingChange>,
  eventOf: (before: Booking, after: Booking) => BookingEvent | null,
): Promise<Result<Booking>> {
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const booking = await tx.bookings.findByIdForUpdate(bookingId);
    if (!booking) return err(bookingErrors.notFound());
    const change = apply(booking, now);
    if (!change.ok) return change;
    const saved = await commitChange(tx, change.value, eventOf(booking, change.value.booking), actorId, now, booking);
    const refreshed = await refreshStatsIfSessionCountChanged(tx, booking, saved, now);
    return refreshed.ok ? ok(saved) : refreshed;
  });
}

/**
 * The same transition applied to a booking and, in the same transaction, to the other sessions
 * of its weekly series that `alsoOf` picks (decision 062): all of them change, or none. Each
 * session moves its own money (its own credit), under the policy as it applies to it.
 */
export async function changeWithSeries(
  deps: BookingUseCaseDeps,
  bookingId: Id,
  actorId: Id | null,
  apply: (booking: Booking, now: Date) => Result<BookingChange>,
  eventOf: (before: Booking, after: Booking) => BookingEvent | null,
  alsoOf: (booking: Booking) => { statuses: readonly BookingStatus[]; from: Date } | null,
  /** After the sessions of a series changed together: e.g. the series' summary email. */
  afterSeries?: (tx: Repositories, changed: readonly Booking[], now: Date) => Promise<void>,
): Promise<Result<Booking>> {
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const booking = await tx.bookings.findByIdForUpdate(bookingId);
    if (!booking) return err(bookingErrors.notFound());
    const scope = booking.seriesId ? alsoOf(booking) : null;
    const siblings =
      scope && booking.seriesId ? await tx.bookings.list({ seriesId: booking.seriesId, statuses: scope.statuses, startsFrom: scope.from, orderBy: 'starts_asc', limit: SERIES_RULES.maxWeeks }) : [];
    const changed: Booking[] = [];
    for (const id of [booking.id, ...siblings.map((s) => s.id).filter((id) => id !== booking.id)]) {
      const current = id === booking.id ? booking : await tx.bookings.findByIdForUpdate(id);
      if (!current) return err(bookingErrors.notFound());
      const change = apply(current, now);
      if (!change.ok) return change;
      const saved = await commitChange(tx, change.value, eventOf(current, change.value.booking), actorId, now, current);
      const refreshed = await refreshStatsIfSessionCountChanged(tx, current, saved, now);
      if (!refreshed.ok) return refreshed;
      changed.push(saved);
    }
    if (changed.length > 1 && afterSeries) await afterSeries(tx, changed, now);
    return ok(changed[0]!);
  });
}

/**
 * The coach's session count (SPEC §3 total_sessions: completed bookings) follows any change into
 * or out of 'completed' — automatic completion, a dispute opened on a completed session and
 * resolved — in the same transaction.
 */
export async function refreshStatsIfSessionCountChanged(tx: Repositories, before: Booking, after: Booking, now: Date): Promise<Result<void>> {
  if ((before.status === 'completed') === (after.status === 'completed')) return ok(undefined);
  return refreshCoachStats(tx, after.coachId, now);
}

/** Adapts a transition that moves no money. */
export const withoutEffects =
  <A extends unknown[]>(transition: (booking: Booking, ...args: A) => Result<Booking>) =>
  (booking: Booking, ...args: A): Result<BookingChange> => {
    const result = transition(booking, ...args);
    return result.ok ? ok({ booking: result.value, effects: [] }) : result;
  };
