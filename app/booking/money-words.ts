import type { CancellationMoney } from '../../domain/booking/money/cancellation-money';
import { freeCancellationEnds, lateCancellationSplit, termsInstantLabel } from '../../domain/booking/money/booking-terms';
import { londonToUtc } from '../../domain/shared/london-time';
import { formatPence, type Pence } from '../../domain/shared/money';

/**
 * What a cancellation or a decline does with the client's money, for the person about to confirm
 * it: the sums are the card's `cancelMoney`, computed by the rule the server then applies.
 * Pure, so the browser and the tests say the same.
 */
export function cancellationMoneyWords(money: CancellationMoney, viewerIs: 'client' | 'coach', otherName: string): string {
  const paid = formatPence(money.paidPence);
  const refund = formatPence(money.refundPence);
  const kept = formatPence(money.keptPence);
  if (viewerIs === 'coach') {
    if (money.paidPence === 0) return `${otherName} has not paid, so no money moves.`;
    if (money.keptPence > 0) return `${otherName} is refunded ${refund} and you are paid ${kept} for this session.`;
    return money.heldOnly
      ? `${otherName} is not charged: the ${paid} held on their card is released. You earn nothing from this session.`
      : `${otherName} gets a full refund of ${refund}, including the admin fee. You earn nothing from this session.`;
  }
  if (money.paidPence === 0) return 'No payment has been taken, so nothing is refunded.';
  if (money.keptPence === 0) return money.heldOnly ? `The ${paid} held on your card is released; nothing is taken.` : `You get a full refund of ${refund}.`;
  return money.heldOnly
    ? `Less than 24 hours before the start: ${kept} (the session price) is charged and goes to ${otherName}; the other ${refund} held on your card is released.`
    : `Less than 24 hours before the start: you are refunded ${refund} (the admin fee) and ${kept} (the session price) goes to ${otherName}.`;
}

/**
 * The same for a session paid with a package (decision 060): the credit, not card money, goes
 * back or is used. Kept money means a late cancellation by the client: the credit is used and the
 * coach is paid; otherwise it goes back to the package.
 */
export function packageCancellationWords(money: CancellationMoney, viewerIs: 'client' | 'coach', otherName: string): string {
  const used = money.keptPence > 0;
  if (viewerIs === 'coach')
    return used ? `The session is used from ${otherName}’s package and you are paid for it.` : `The session goes back to ${otherName}’s package. You earn nothing from this session.`;
  return used ? `This session of your package is used and ${otherName} is paid for it. Nothing is refunded.` : 'This session goes back to your package: you can book it again. No card money moves.';
}

/**
 * What a new time means for the money, in the reschedule dialogs: nothing moves now; for the
 * client, the free cancellation then ends 24 hours before the new start (`newStart`, London
 * 'YYYY-MM-DDTHH:MM', when one is chosen), with the late split of the cancellation policy.
 */
export function rescheduleMoneyWords(
  card: { viewerIs: 'client' | 'coach'; otherPartyName: string; totalPricePence: Pence; adminFeePence: Pence },
  newStart: string | null,
  now: Date = new Date(),
): string {
  const nothing = 'A new time moves no money: nothing is charged or refunded now.';
  if (card.viewerIs === 'coach') return `${nothing} If you cancel later, ${card.otherPartyName} gets a full refund.`;
  const startsAt = newStart ? londonToUtc(newStart.slice(0, 10), newStart.slice(11, 16)) : null;
  const split = lateCancellationSplit({
    startsAt: startsAt ?? new Date(0),
    servicePricePence: card.totalPricePence - card.adminFeePence,
    adminFeePence: card.adminFeePence,
    totalPricePence: card.totalPricePence,
  });
  const late = `${formatPence(split.keptPence)} goes to the coach and ${formatPence(split.refundPence)} is refunded`;
  // A new time within 24 hours has no free cancellation left to promise.
  if (startsAt && freeCancellationEnds(startsAt).getTime() <= now.getTime())
    return `${nothing} The new time starts within 24 hours: once it is agreed, cancelling no longer refunds the session price; ${late}.`;
  const until = startsAt ? `until ${termsInstantLabel(freeCancellationEnds(startsAt))}` : 'until 24 hours before the new time';
  return `${nothing} Once the new time is agreed, cancelling is free ${until}; after that ${late}.`;
}
