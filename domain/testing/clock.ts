import type { Clock } from '../shared/clock';

/** A clock that stands still until the test moves it. */
export interface SettableClock extends Clock {
  set(now: Date): void;
}

export function fixedClock(start: Date): SettableClock {
  let now = start;
  return { now: () => now, set: (next) => void (now = next) };
}
