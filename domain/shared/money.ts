/** Money is integer pence (GBP) everywhere in the core and the database. */
export type Pence = number & { readonly __brand?: 'Pence' };

/** PRODUCT.md: a fixed £3 admin fee per booking. */
export const ADMIN_FEE_PENCE: Pence = 300;

export function isPence(value: unknown): value is Pence {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

export function poundsToPence(pounds: number): Pence {
  return Math.round(pounds * 100);
}

// Cached: building a formatter is the costly part, formatting with one is cheap.
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const gbpWhole = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });

/** £53.00 */
export function formatPence(pence: Pence): string {
  return gbp.format(pence / 100);
}

/** £50 for whole pounds, £50.50 otherwise (coach rates on cards). */
export function formatPenceShort(pence: Pence): string {
  return pence % 100 === 0 ? gbpWhole.format(pence / 100) : gbp.format(pence / 100);
}
