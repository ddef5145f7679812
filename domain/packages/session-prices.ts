import type { Pence } from '../shared/money';

/**
 * PRODUCT.md: a package's price per session is the total ÷ N in pence, rounded down, with the
 * remainder on the last session, so the sessions' prices always add up to the total exactly.
 * Credit `index` runs from 0 to N − 1.
 */
export function sessionPricePence(totalPricePence: Pence, sessions: number, index: number): Pence {
  if (!Number.isSafeInteger(sessions) || sessions < 1 || !Number.isSafeInteger(index) || index < 0 || index >= sessions) throw new RangeError(`no session ${index} of ${sessions}`);
  const each = Math.floor(totalPricePence / sessions);
  return index === sessions - 1 ? totalPricePence - each * (sessions - 1) : each;
}

/** The prices of every session of a package, in credit order. */
export function sessionPrices(totalPricePence: Pence, sessions: number): readonly Pence[] {
  return Array.from({ length: sessions }, (_, i) => sessionPricePence(totalPricePence, sessions, i));
}
