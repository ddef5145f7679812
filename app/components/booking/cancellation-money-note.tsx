import type { BookingCardView } from '../../booking/booking-card-view';
import { cancellationMoneyWords, packageCancellationWords } from '../../booking/money-words';
import { formatPence } from '../../../domain/shared/money';

/**
 * In the cancel and decline dialogs, before the person confirms: what this cancellation refunds
 * and keeps, in pounds, from the card's `cancelMoney` (the rule the server then applies).
 */
export function CancellationMoneyNote({ card }: { card: BookingCardView }) {
  const money = card.cancelMoney;
  if (!money) return null;
  const toClient = card.viewerIs === 'client' ? 'Refunded to you' : `Refunded to ${card.otherPartyName}`;
  const toCoach = card.viewerIs === 'client' ? `Kept for ${card.otherPartyName}` : 'Paid to you';
  return (
    <div aria-label="What this cancellation does with the payment" role="note" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {/* The refund the person confirms: the server refuses the cancellation if the policy now gives another. */}
      <input type="hidden" name="shownRefundPence" value={money.refundPence} />
      <p>{card.paidFromPackage ? packageCancellationWords(money, card.viewerIs, card.otherPartyName) : cancellationMoneyWords(money, card.viewerIs, card.otherPartyName)}</p>
      {/* A package session moves no card money: 'Refunded to you £0.00' would only confuse. */}
      {money.paidPence > 0 && !card.paidFromPackage ? (
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5">
          <dt>{money.heldOnly ? `${toClient} (hold released)` : toClient}</dt>
          <dd className="text-right font-semibold" data-testid="cancel-refund">
            {formatPence(money.refundPence)}
          </dd>
          <dt>{toCoach}</dt>
          <dd className="text-right font-semibold" data-testid="cancel-kept">
            {formatPence(money.keptPence)}
          </dd>
        </dl>
      ) : null}
    </div>
  );
}
