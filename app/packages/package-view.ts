import { packageSaving, singleSessionPrice, type PackageOffer } from '../../domain/packages/package-offer';
import { formatPenceShort } from '../../domain/shared/money';
import type { SessionOffer } from '../../domain/shared/session-lengths';
import { durationLabel } from '../booking/session-length-view';

/** A package as its card shows it, to the coach who sells it and to the people who may buy it. */
export interface PackageCard {
  readonly id: string;
  readonly name: string;
  readonly sessions: number;
  readonly durationMinutes: number;
  /** What the coach's form shows: whole pounds. */
  readonly pricePounds: number;
  readonly pricePence: number;
  readonly validityWeeks: number;
  readonly title: string | null;
  readonly summary: string;
  readonly price: string;
  readonly perSession: string;
  /** 'Save £20 (10%) on 5 single sessions', or null when it costs the same as singles. */
  readonly saving: string | null;
  readonly validity: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function packageCard(offer: PackageOffer, coachOffer: SessionOffer): PackageCard {
  const summary = `${plural(offer.sessions, 'session', 'sessions')} of ${durationLabel(offer.durationMinutes)}`;
  const single = singleSessionPrice(coachOffer, offer.durationMinutes);
  const saving = single === null ? null : packageSaving(offer, single);
  return {
    id: offer.id,
    name: offer.title ?? summary,
    sessions: offer.sessions,
    durationMinutes: offer.durationMinutes,
    pricePounds: offer.totalPricePence / 100,
    pricePence: offer.totalPricePence,
    validityWeeks: offer.validityWeeks,
    title: offer.title,
    summary,
    price: formatPenceShort(offer.totalPricePence),
    // The per-session figure is what the first sessions cost; the last carries any remainder.
    perSession: `${formatPenceShort(Math.floor(offer.totalPricePence / offer.sessions))} a session`,
    saving: saving && saving.savingPence > 0 ? `Save ${formatPenceShort(saving.savingPence)} (${saving.savingPercent}%) on ${plural(offer.sessions, 'single session', 'single sessions')}` : null,
    validity: `Use within ${plural(offer.validityWeeks, 'week', 'weeks')} of buying`,
  };
}
