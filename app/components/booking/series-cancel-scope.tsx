import type { BookingCardView } from '../../booking/booking-card-view';

/**
 * In the cancel dialog of a session of a weekly series (decision 062): this session only, or
 * this one and every later one. Each follows the cancellation policy as it applies to it.
 */
export function SeriesCancelScope({ card }: { card: BookingCardView }) {
  const series = card.series;
  if (!series || series.position >= series.sessions) return null;
  return (
    <label className="mb-4 flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm text-slate-800">
      <input type="checkbox" name="scope" value="series_future" className="mt-0.5" />
      <span>
        Also cancel the later sessions of this weekly series ({series.sessions - series.position} after this one). Each follows the cancellation policy: a session 24 hours or more away{' '}
        {card.paidFromPackage ? 'goes back to your package.' : 'is refunded to your card in full.'}
      </span>
    </label>
  );
}
