import type { Id } from '../shared/ids';
import type { CoachSchedule } from './schedule';

/** Which part of a coach's calendar the slot engine is about to read. */
export interface ScheduleWindow {
  /** Sessions and exceptions overlapping [from, to) (the source widens it by a day for buffers and the daily cap). */
  readonly from: Date;
  readonly to: Date;
}

/**
 * Port: a coach's schedule as the slot engine reads it (decision 044), through the unit of work's
 * transaction when a decision depends on it, so that what the engine sees is what is committed.
 */
export interface CoachScheduleSource {
  /** One coach; `excludeBookingId` leaves out the booking being rescheduled from the sessions. */
  scheduleFor(coachId: Id, window: ScheduleWindow & { readonly excludeBookingId?: Id }): Promise<CoachSchedule>;
  /** Many coaches in one read, for a page of coach cards: an entry for each id that is a coach who can be booked (active, not erased), none for any other. */
  schedulesFor(coachIds: readonly Id[], window: ScheduleWindow): Promise<Map<Id, CoachSchedule>>;
}
