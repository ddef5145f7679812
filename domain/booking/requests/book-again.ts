import { addDaysToIsoDate, utcToLondon } from '../../shared/london-time';
import { slotState, type CoachCalendar } from './booking-calendar';

/**
 * 'Book again': the booking dialog opens on the same weekday and time one week
 * after the last session (or the first such week still ahead, for a session long past), with the
 * time picked when that slot is free; otherwise on that date with no time and a note that the
 * usual time is taken.
 */
export interface BookAgainSlot {
  readonly date: string;
  /** The usual time when free then, else null. */
  readonly time: string | null;
  readonly usualTime: string;
  readonly usualTimeTaken: boolean;
}

export function bookAgainSlot(last: { date: string; time: string }, durationMinutes: number, calendar: CoachCalendar, now: Date): BookAgainSlot {
  const today = utcToLondon(now).date;
  let date = addDaysToIsoDate(last.date, 7);
  while (date < today || (date === today && slotState(date, last.time, durationMinutes, calendar, now) === 'past')) date = addDaysToIsoDate(date, 7);
  const free = slotState(date, last.time, durationMinutes, calendar, now) === 'available';
  return { date, time: free ? last.time : null, usualTime: last.time, usualTimeTaken: !free };
}
