import { DAY_MS } from '../shared/clock';
import { londonToUtc, utcToLondon } from '../shared/london-time';

/**
 * When the coach's money reaches their bank (decision 012): Stripe pays a connected account's
 * balance out daily; FACT's offline gateway does the same at 06:00 London, paying out what was
 * transferred before that day began. Stripe's own schedule may add a few days for a new account;
 * the Earnings page calls the date 'expected'.
 */
export const DAILY_PAYOUT_TIME = '06:00';

const nextDay = (date: string): string => utcToLondon(new Date((londonToUtc(date, '12:00') as Date).getTime() + DAY_MS)).date;

/** The start (00:00 London) of the London day holding `instant`. */
export function londonDayStart(instant: Date): Date {
  return londonToUtc(utcToLondon(instant).date, '00:00') as Date;
}

/** Today's payout run (06:00 London on the day of `now`). */
export function payoutRunOf(now: Date): Date {
  return londonToUtc(utcToLondon(now).date, DAILY_PAYOUT_TIME) as Date;
}

/** The first daily run at or after `now`. */
export function nextPayoutRun(now: Date): Date {
  const today = payoutRunOf(now);
  return today.getTime() >= now.getTime() ? today : (londonToUtc(nextDay(utcToLondon(now).date), DAILY_PAYOUT_TIME) as Date);
}

/** When money transferred at `transferredAt` is expected in the coach's bank, seen at `now`. */
export function expectedPayoutOf(transferredAt: Date, now: Date): Date {
  const due = londonToUtc(nextDay(utcToLondon(transferredAt).date), DAILY_PAYOUT_TIME) as Date;
  return due.getTime() >= now.getTime() ? due : nextPayoutRun(now);
}
