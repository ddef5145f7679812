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
 * clashes, the player's age), each paid by a credit of the client's package. If any one of them
 * cannot be made, none is: the client sees which date and chooses again. The coach is told once,
 * and answers the whole series in one decision.
 */
export async function requestSeries(deps: RequestDeps, input: RequestSeriesInput): Promise<Result<{ series: BookingSeries; bookings: readonly Booking[] }>> {
  const now = deps.clock.now();
  if (!input.packagePurchaseId) return err(seriesErrors.needsPackage());
  const starts = seriesStartsAsked(input.starts);
  if (!starts.ok) return starts;
  const coach = await bookableCoach(deps, input);
  if (!coach.ok) return coach;
  const requests: Booking[] = [];
  for (const startsAt of starts.value) {
    const created = newRequest(deps, coach.value, input, startsAt, now);
    if (!created.ok) return created;
    requests.push(created.value);
  }
  return deps.uow.transaction(async (tx) => {
    const series: BookingSeries = {
      id: deps.ids.newId(),
      clientId: input.actor.userId,
      coachId: coach.value.coachId,
      packagePurchaseId: input.packagePurchaseId ?? null,
      sessions: requests.length,
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
    await reachCoach(tx, saved[0]!, now);
    return ok({ series, bookings: saved });
  });
}
