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

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** 1234567 → "1,234,567": en-GB grouping of a whole, non-negative number. */
function grouped(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

// Pages print a price per card, booking and line (60+ on a list page): built by hand, the same
// text as Intl's en-GB GBP format (money.test.ts holds them equal) at a tenth of its cost.
// Intl stays for what is not whole pence.
function formatWholePence(pence: number, alwaysPence: boolean): string {
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100);
  const rest = abs % 100;
  const sign = pence < 0 ? '-' : '';
  if (rest === 0 && !alwaysPence) return `${sign}£${grouped(pounds)}`;
  return `${sign}£${grouped(pounds)}.${rest < 10 ? '0' : ''}${rest}`;
}

/** £53.00 */
export function formatPence(pence: Pence): string {
  return Number.isSafeInteger(pence) ? formatWholePence(pence, true) : gbp.format(pence / 100);
}

/** £50 for whole pounds, £50.50 otherwise (coach rates on cards). */
export function formatPenceShort(pence: Pence): string {
  return Number.isSafeInteger(pence) ? formatWholePence(pence, false) : gbp.format(pence / 100);
}
