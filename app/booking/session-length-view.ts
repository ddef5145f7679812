import { formatPenceShort } from '../../domain/shared/money';
import { offeredLengths, pricesVary, type SessionOffer } from '../../domain/shared/session-lengths';

/** 30 minutes, 1 hour, 90 minutes, 2 hours. */
export function durationLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = minutes / 60;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** What a profile says of a coach's prices: 'from £25' when the lengths cost different amounts, else the one price. */
export function priceFromLabel(offer: SessionOffer): string {
  const least = Math.min(...offeredLengths(offer).map((l) => l.pricePence));
  return `${pricesVary(offer) ? 'from ' : ''}${formatPenceShort(least)}`;
}

/** Each offered length with its price, in length order: '30 minutes · £25'. */
export function lengthPriceLabels(offer: SessionOffer): readonly { minutes: number; label: string; price: string }[] {
  return offeredLengths(offer).map((l) => ({ minutes: l.minutes, label: durationLabel(l.minutes), price: formatPenceShort(l.pricePence) }));
}
