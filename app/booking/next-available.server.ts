import type { AppLoadContext } from '@remix-run/node';
import { nextAvailableSlot } from '../../domain/availability/slot-engine';
import { bookingWindowSpan } from '../../domain/booking/requests/booking-calendar';
import type { Id } from '../../domain/shared/ids';
import { readModels } from './read-models.server';
import { nextAvailableLabel } from './next-available-view';

/** One coach on a page of cards, with the session length its 'Next available' is for. */
export interface NextAvailableAsk {
  readonly coachId: Id;
  readonly durationMinutes: number;
}

/**
 * Each coach's next offered start, in words, from the slot engine over the 90-day window: one
 * read for all the coaches' schedules. null: nothing free in the window.
 */
export async function nextAvailableFor(context: AppLoadContext, asks: readonly NextAvailableAsk[]): Promise<Record<Id, string | null>> {
  const labels: Record<Id, string | null> = {};
  if (asks.length === 0) return labels;
  const now = context.app.clock.now();
  const schedules = await readModels(context).coachSchedules.schedulesFor(
    asks.map((a) => a.coachId),
    bookingWindowSpan(now),
  );
  for (const ask of asks) {
    const schedule = schedules.get(ask.coachId);
    const slot = schedule ? nextAvailableSlot(schedule, ask.durationMinutes, now) : null;
    labels[ask.coachId] = slot ? nextAvailableLabel(slot.startsAt, now) : null;
  }
  return labels;
}
