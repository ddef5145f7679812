import { ADMIN_FEE_PENCE } from '../../../shared/money';
import { formatLondonDate, formatLondonTime } from '../../../shared/london-time';
import { err, ok, type Result } from '../../../shared/result';
import type { Booking } from '../../lifecycle/booking';
import { seriesErrors, seriesStartsAsked, type BookingSeries } from '../booking-series';
import { bookableCoach, newRequest, placeRequest, type RequestBookingInput, type RequestDeps } from './request-booking';
import { reachCoach } from './reach-coach';

export interface RequestSeriesInput extends RequestBookingInput {
  /** Every session's start, the chosen one included, after the client dropped or moved the dates that were not free. */
  readonly starts: readonly Date[];
}

const when = (d: Date) => `${formatLondonDate(d)} at ${formatLondonTime(d)}`;

/**
 * 'Repeat weekly' (decision 062): 2–12 sessions asked for in one transaction, each its own
 * request with its own reference, checked as a single request is (the slot engine's offer, the
 * clashes, the player's age). Each is paid by a credit of the client's package, or the whole
 * series by card up front (decision 064): each session at its own price, the admin fee once with
 * the series' payment, which the Secure Payment dialog takes next. If any one of them cannot be
 * made, none is: the client sees which date and chooses again. The coach is told once (at once
 * when paid from a package, when the card payment is held otherwise), and answers the whole
 * series in one decision.
 */
export async function requestSeries(deps: RequestDeps, input: RequestSeriesInput): Promise<Result<{ series: BookingSeries; bookings: readonly Booking[] }>> {
  const now = deps.clock.now();
  const paidBy = input.packagePurchaseId ? 'package' : 'card';
  const starts = seriesStartsAsked(input.starts);
  if (!starts.ok) return starts;
  const coach = await bookableCoach(deps, input);
  if (!coach.ok) return coach;
  const requests: Booking[] = [];
  for (const startsAt of starts.value) {
    const created = newRequest(deps, coach.value, input, startsAt, now);
    if (!created.ok) return created;
    // A card series pays the admin fee once, with its payment, not per session.
    requests.push(paidBy === 'card' ? { ...created.value, adminFeePence: 0, totalPricePence: created.value.servicePricePence } : created.value);
  }
  return deps.uow.transaction(async (tx) => {
    const series: BookingSeries = {
      id: deps.ids.newId(),
      clientId: input.actor.userId,
      coachId: coach.value.coachId,
      paidBy,
      packagePurchaseId: input.packagePurchaseId ?? null,
      sessions: requests.length,
      adminFeePence: paidBy === 'card' ? ADMIN_FEE_PENCE : 0,
      paymentIntentId: null,
      authorizedAt: null,
      settledAt: null,
      createdAt: now,
    };
    await tx.bookings.insertSeries(series);
    const saved: Booking[] = [];
    for (const request of requests) {
      const placed = await placeRequest(tx, { ...request, seriesId: series.id }, input, coach.value, now);
      if (!placed.ok) {
        if (placed.error.code === 'COACH_UNAVAILABLE') return err(seriesErrors.notFree(when(request.startsAt)));
        if (placed.error.code === 'NO_CREDITS_LEFT') return err(seriesErrors.notEnoughCredits(saved.length, requests.length));
        return placed;
      }
      saved.push(placed.value);
    }
    if (paidBy === 'package') await reachCoach(tx, saved[0]!, now, saved);
    return ok({ series, bookings: saved });
  });
}
