import type { PackageSaleItem } from '../../adapters/persistence/packages/package-sales.query';
import { packageName, packageSaleSummary, SALE_COUNT_LABELS, SALE_COUNTS, type SaleCount } from '../../domain/packages/package-sale';
import { formatPence } from '../../domain/shared/money';

const dayMonthYear = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });

/** A package sale as the Earnings page shows it: who bought what, for how much, and where its sessions stand. */
export interface PackageSaleView {
  readonly id: string;
  /** '3 Dec 2026' (London) */
  readonly soldOn: string;
  readonly client: string;
  /** The title, or '5 × 60 min' */
  readonly name: string;
  /** '5 sessions of 60 min' */
  readonly terms: string;
  /** What the client paid for the sessions, without the admin fee: '£200.00' */
  readonly price: string;
  /** The counts that are not zero, in the order a session moves. */
  readonly counts: readonly { readonly kind: SaleCount; readonly count: number; readonly label: string }[];
  /** Each session's count, in order: the bar. */
  readonly segments: readonly SaleCount[];
  /** '£80.00 refunded to the client for 2 unused sessions', or null. */
  readonly refunded: string | null;
  /** 'Valid until 28 Jan 2027' or 'Ended 28 Jan 2027'. */
  readonly validity: string;
}

export function packageSaleViews(items: readonly PackageSaleItem[], now: Date): PackageSaleView[] {
  return items.map((item) => {
    const summary = packageSaleSummary(item.sale);
    const { refunded } = summary.counts;
    const ended = item.validUntil.getTime() <= now.getTime();
    return {
      id: item.id,
      soldOn: dayMonthYear.format(item.paidAt),
      client: item.clientName?.trim() || 'Former client',
      name: packageName(item.sale),
      terms: `${item.sale.sessions} sessions of ${item.sale.durationMinutes} min`,
      price: formatPence(summary.pricePence),
      counts: SALE_COUNTS.filter((c) => summary.counts[c] > 0).map((kind) => ({ kind, count: summary.counts[kind], label: SALE_COUNT_LABELS[kind] })),
      segments: summary.segments,
      refunded: refunded > 0 ? `${formatPence(summary.refundedPence)} refunded to the client for ${refunded} unused ${refunded === 1 ? 'session' : 'sessions'}` : null,
      validity: `${ended ? 'Ended' : 'Valid until'} ${dayMonthYear.format(item.validUntil)}`,
    };
  });
}
