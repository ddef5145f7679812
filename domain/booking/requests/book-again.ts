import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../../shared/london-time';

/**
 * 'Book again': the booking dialog opens on the same weekday and time one week
 * after the last session (or the first such week still ahead, for a session long past), with the
 * time picked when the slot engine offers it; otherwise on that date with no time and a note that
 * the usual time is taken.
 */
export interface BookAgainSlot {
  readonly date: string;
  /** The usual time when free then, else null. */
  readonly time: string | null;
  readonly usualTime: string;
  readonly usualTimeTaken: boolean;
}

/** The offered starts as the dialog holds them: London dates, each with its times. */
export interface OfferedDays {
  readonly date: string;
  readonly slots: readonly { readonly time: string }[];
}

export function bookAgainSlot(last: { date: string; time: string }, offered: readonly OfferedDays[], now: Date): BookAgainSlot {
  const today = utcToLondon(now).date;
  const started = (date: string) => (londonToUtc(date, last.time)?.getTime() ?? 0) <= now.getTime();
  let date = addDaysToIsoDate(last.date, 7);
  while (date < today || (date === today && started(date))) date = addDaysToIsoDate(date, 7);
  const free = offered.some((d) => d.date === date && d.slots.some((s) => s.time === last.time));
  return { date, time: free ? last.time : null, usualTime: last.time, usualTimeTaken: !free };
}
