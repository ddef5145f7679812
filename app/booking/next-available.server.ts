import type { AppLoadContext } from '@remix-run/node';
import { nextAvailableSlot } from '../../domain/availability/slot-engine';
import { bookingWindowSpan } from '../../domain/booking/requests/booking-calendar';
import type { CoachCard } from '../../domain/search/coach-search';
import { offeredLengths } from '../../domain/shared/session-lengths';
import { readModels } from './read-models.server';
import { nextAvailableLabel } from './next-available-view';

/** The length a card's 'Next available' is for: the hour when the coach offers it, else their shortest. */
function cardLength(coach: CoachCard): number {
  const lengths = offeredLengths(coach.sessionOffer);
  return lengths.some((l) => l.minutes === 60) ? 60 : (lengths[0]?.minutes ?? 60);
}

/**
 * A page of coach cards with each coach's next offered start, from the slot engine over the
 * 90-day window: one read for the whole page's schedules.
 */
export async function withNextAvailable(context: AppLoadContext, coaches: readonly CoachCard[]): Promise<CoachCard[]> {
  if (coaches.length === 0) return [];
  const now = context.app.clock.now();
  const schedules = await readModels(context).coachSchedules.schedulesFor(
    coaches.map((c) => c.userId),
    bookingWindowSpan(now),
  );
  return coaches.map((coach) => {
    const schedule = schedules.get(coach.userId);
    const slot = schedule ? nextAvailableSlot(schedule, cardLength(coach), now) : null;
    return { ...coach, nextAvailable: slot ? nextAvailableLabel(slot.startsAt, now) : null };
  });
}
