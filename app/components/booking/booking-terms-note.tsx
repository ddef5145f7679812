import { bookingTerms, bookingTermsSentences } from '../../../domain/booking/money/booking-terms';
import type { BookingPrice } from '../../../domain/booking/requests/booking-price';
import { FREE_CANCELLATION_HOURS } from '../../../domain/booking/money/cancellation-policy';
import { londonToUtc } from '../../../domain/shared/london-time';
import { formatPence } from '../../../domain/shared/money';

/**
 * A booking's cancellation terms before the money moves (PRODUCT.md 'Open browsing, clear terms'):
 * the sentences of the domain's rule; inside the free-cancellation window, as a warning.
 */
export function BookingTermsNote({ sentences, withinWindow }: { sentences: readonly string[]; withinWindow: boolean }) {
  return (
    <section
      aria-label="Cancellation terms"
      role={withinWindow ? 'alert' : undefined}
      className={`rounded-xl border p-3 text-sm ${withinWindow ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-slate-200 bg-white text-slate-700'}`}
    >
      <p className="font-semibold">{withinWindow ? 'Late booking: no refund of the session price once accepted' : 'Cancellation terms'}</p>
      {sentences.map((s) => (
        <p key={s} className="mt-1">
          {s}
        </p>
      ))}
    </section>
  );
}

/**
 * The booking dialog's terms for the chosen London date and time and price, against the server's
 * clock (`now`, what the page was given); before a time is chosen, the rule in general.
 */
export function BookingDialogTerms({ date, time, price, now, coachName }: { date: string | null; time: string | null; price: BookingPrice | null; now: Date; coachName: string }) {
  const startsAt = date && time ? londonToUtc(date, time) : null;
  if (!price) return null;
  if (!startsAt) {
    const general = `Free cancellation until ${FREE_CANCELLATION_HOURS} hours before the session. After that ${formatPence(price.servicePricePence)} goes to the coach and ${formatPence(price.adminFeePence)} is refunded.`;
    return <BookingTermsNote sentences={[general]} withinWindow={false} />;
  }
  const terms = bookingTerms({ startsAt, ...price }, now);
  return <BookingTermsNote sentences={bookingTermsSentences(terms, coachName)} withinWindow={terms.kind === 'within_window'} />;
}
