import type { CoachScheduleSource } from '../../availability/coach-schedule-source';
import type { SlotPurpose } from '../../availability/schedule';
import { isSlotFree, isSlotOffered } from '../../availability/slot-engine';
import type { Id } from '../../shared/ids';
import { bookingWindowSpan } from './booking-calendar';

/** A start the server asks the slot engine about before it records a request, a proposal or an answer. */
export interface SlotAsk {
  readonly coachId: Id;
  readonly startsAt: Date;
  readonly durationMinutes: number;
  readonly now: Date;
  readonly purpose: SlotPurpose;
  /** The booking being moved, left out of the coach's sessions. */
  readonly excludeBookingId?: Id;
  /**
   * 'ask': someone asks for this time now: the slot engine must offer it (the coach's hours, the
   * notice, nothing busy). 'answer': the other party answers a request or proposal that was
   * offered when it was made; the time must still be free (isSlotFree: sessions and their
   * buffers, calendar events, blocked times, the daily cap) and still ahead.
   */
  readonly moment: 'ask' | 'answer';
}

/**
 * Whether the slot engine offers the start (decision 044), from the coach's schedule read through
 * the transaction's source: the same rule, and the same inputs, as the dialog that offered it.
 */
export async function isStillOffered(schedules: CoachScheduleSource, ask: SlotAsk): Promise<boolean> {
  // The whole window, as the dialog reads it: whether a coach without weekly hours published any
  // period decides where SPEC's grid applies, wherever in the window that period is.
  const schedule = await schedules.scheduleFor(ask.coachId, {
    ...bookingWindowSpan(ask.now),
    ...(ask.excludeBookingId !== undefined ? { excludeBookingId: ask.excludeBookingId } : {}),
  });
  return ask.moment === 'answer' ? isSlotFree(schedule, ask.startsAt, ask.durationMinutes, ask.now) : isSlotOffered(schedule, ask.startsAt, ask.durationMinutes, ask.now, ask.purpose);
}
