import type { Pence } from '../shared/money';
import type { CreditState } from './package-purchase';
import { sessionPricePence } from './session-prices';

/**
 * A package sale as the coach's Earnings page and CSV show it (issue 48, 'Everyone sees it'):
 * what the client paid for the sessions (the admin fee is the platform's, so never counted), and
 * where each session stands. The money reaches the coach per completed session, through the
 * same release and transfer as a single booking, never at the sale; these counts say how far
 * along that is.
 */
export interface PackageTermsSold {
  readonly title: string | null;
  readonly sessions: number;
  readonly durationMinutes: number;
}

export interface PackageSaleCredits extends PackageTermsSold {
  readonly totalPricePence: Pence;
  /** Each credit's state, in position order (credit 0 first). */
  readonly credits: readonly CreditState['kind'][];
}

/** How a coach reads a credit's state: 'left' is an available credit, 'used' one whose session happened and is not released yet. */
export const SALE_COUNTS = ['released', 'used', 'booked', 'left', 'refunded', 'charged_back'] as const;
export type SaleCount = (typeof SALE_COUNTS)[number];

export const SALE_COUNT_LABELS: Readonly<Record<SaleCount, string>> = {
  released: 'released to you',
  used: 'used, to be released',
  booked: 'booked',
  left: 'left',
  refunded: 'refunded',
  charged_back: 'charged back',
};

const COUNT_OF: Readonly<Record<CreditState['kind'], SaleCount>> = {
  available: 'left',
  booked: 'booked',
  used: 'used',
  released: 'released',
  refunded: 'refunded',
  charged_back: 'charged_back',
};

export interface PackageSaleSummary {
  /** What the client paid for the sessions, without the admin fee. */
  readonly pricePence: Pence;
  readonly counts: Readonly<Record<SaleCount, number>>;
  /** What went back to the client's card for unused sessions: the refunded credits' prices. */
  readonly refundedPence: Pence;
  /** Each credit's count, in position order (for a bar of the sessions). */
  readonly segments: readonly SaleCount[];
}

/** The package's title, or its terms when it has none: '5 × 60 min'. */
export function packageName(p: PackageTermsSold): string {
  return p.title ?? `${p.sessions} × ${p.durationMinutes} min`;
}

/** What a release line of a package session says: 'Session 2 of 5 · Spring block'. `position` is the credit's, from 0. */
export function packageSessionLabel(p: PackageTermsSold, position: number): string {
  return `Session ${position + 1} of ${p.sessions} · ${packageName(p)}`;
}

export function packageSaleSummary(sale: PackageSaleCredits): PackageSaleSummary {
  const counts = Object.fromEntries(SALE_COUNTS.map((c) => [c, 0])) as Record<SaleCount, number>;
  let refundedPence = 0;
  const segments = sale.credits.map((state, i) => {
    const count = COUNT_OF[state];
    counts[count] += 1;
    if (state === 'refunded') refundedPence += sessionPricePence(sale.totalPricePence, sale.sessions, i);
    return count;
  });
  return { pricePence: sale.totalPricePence, counts, refundedPence, segments };
}

/** '1 released to you · 2 booked · 2 left': the counts that are not zero, in the order a session moves. */
export function saleCountsText(counts: Readonly<Record<SaleCount, number>>): string {
  return SALE_COUNTS.filter((c) => counts[c] > 0)
    .map((c) => `${counts[c]} ${SALE_COUNT_LABELS[c]}`)
    .join(' · ');
}
