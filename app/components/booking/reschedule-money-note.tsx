import type { BookingCardView } from '../../booking/booking-card-view';
import { rescheduleMoneyWords } from '../../booking/money-words';

/** In the reschedule dialogs: what a new time means for the money (nothing moves; when free cancellation then ends). */
export function RescheduleMoneyNote({ card, newStart }: { card: BookingCardView; newStart: string | null }) {
  return (
    <p role="note" className="my-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
      {rescheduleMoneyWords(card, newStart)}
    </p>
  );
}
