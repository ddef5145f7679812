import { randomInt, randomUUID } from 'node:crypto';
import type { Clock } from '../../domain/shared/clock';
import type { IdSource } from '../../domain/shared/ids';
import type { RandomSource } from '../../domain/shared/random';

export const systemClock: Clock = { now: () => new Date() };
export const uuidSource: IdSource = { newId: () => randomUUID() };
export const cryptoRandom: RandomSource = { int: (max) => randomInt(max) };

/** A clock the tests (and only the tests, via FACT_TEST_MODE) can move. */
export class AdjustableClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  set(instant: Date): void {
    this.#offsetMs = instant.getTime() - Date.now();
  }
  reset(): void {
    this.#offsetMs = 0;
  }
}
