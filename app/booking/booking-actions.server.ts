import { json, type AppLoadContext } from '@remix-run/node';
import type { Actor } from '../../domain/policy/actor';
import { bookingErrors } from '../../domain/booking/lifecycle/booking-errors';
import { acceptBooking } from '../../domain/booking/lifecycle/use-cases/accept-booking';
import { acceptReschedule } from '../../domain/booking/reschedule/use-cases/accept-reschedule';
import { cancelBooking } from '../../domain/booking/lifecycle/use-cases/cancel-booking';
import { completeSession } from '../../domain/booking/session-progress/use-cases/complete-session';
import { declineBooking } from '../../domain/booking/lifecycle/use-cases/decline-booking';
import { declineReschedule } from '../../domain/booking/reschedule/use-cases/decline-reschedule';
import { withdrawReschedule } from '../../domain/booking/reschedule/use-cases/withdraw-reschedule';
import { markArrival } from '../../domain/booking/session-progress/use-cases/mark-arrival';
import { openDispute } from '../../domain/booking/disputes/use-cases/open-dispute';
import { proposeReschedule } from '../../domain/booking/reschedule/use-cases/propose-reschedule';
import { submitReview } from '../../domain/reviews/use-cases/submit-review';
import { isId } from '../../domain/shared/ids';
import type { Result } from '../../domain/shared/result';
import { rescheduleSchema } from '../../domain/validation/booking-forms';
import { collectFormEntries, parseForm } from '../../domain/validation/parse-form';
import { failure, intentOf } from './domain-response.server';
import { bookingDeps } from './read-models.server';

/**
 * The one action behind MyBookings and the CoachDashboard: `intent` names the domain use case,
 * `bookingId` the booking. The server decides everything (who, which state, which input); the
 * page only shows the answer: the message as a toast, or the first error in the dialog's alert.
 */
export const BOOKING_INTENTS = [
  'accept',
  'decline',
  'cancel',
  'propose_reschedule',
  'accept_reschedule',
  'decline_reschedule',
  'withdraw_reschedule',
  'mark_arrival',
  'mark_completion',
  'report_issue',
  'review',
] as const;
export type BookingIntent = (typeof BOOKING_INTENTS)[number];

export const SUCCESS_MESSAGES: Record<BookingIntent, string> = {
  accept: 'Booking accepted. The session is confirmed.',
  decline: 'Booking request declined.',
  cancel: 'Booking cancelled successfully.',
  propose_reschedule: 'Reschedule request sent.',
  accept_reschedule: 'Reschedule accepted. The session has moved to the new time.',
  decline_reschedule: 'Reschedule declined. The original time stays.',
  withdraw_reschedule: 'Proposal withdrawn. The session keeps its time.',
  mark_arrival: 'Your arrival has been marked.',
  mark_completion: 'You have marked the session as complete.',
  report_issue: 'Issue reported. An administrator will look into it.',
  review: 'Thank you for your review!',
};

export interface ActionSuccess {
  readonly ok: true;
  readonly intent: BookingIntent;
  readonly bookingId: string;
  readonly message: string;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** A whole number of pence from a hidden field, or null when absent or not one (the check is then skipped). */
const pence = (v: unknown): number | null => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : null);

async function run(intent: BookingIntent, actor: Actor, bookingId: string, fields: Record<string, unknown>, context: AppLoadContext): Promise<Result<unknown>> {
  const deps = bookingDeps(context);
  const input = { actor, bookingId };
  switch (intent) {
    case 'accept':
      return acceptBooking(deps, input);
    case 'decline':
      return declineBooking(deps, { ...input, reason: text(fields.reason) });
    case 'cancel':
      return cancelBooking(deps, { ...input, reason: text(fields.reason), shownRefundPence: pence(fields.shownRefundPence), scope: fields.scope === 'series_future' ? 'series_future' : 'one' });
    case 'propose_reschedule': {
      const form = parseForm(rescheduleSchema(deps.clock.now()), fields);
      if (!form.ok) return form;
      return proposeReschedule(deps, { ...input, proposedStartsAt: form.value.proposedAt, reason: form.value.reason });
    }
    case 'accept_reschedule':
      return acceptReschedule(deps, input);
    case 'decline_reschedule':
      return declineReschedule(deps, input);
    case 'withdraw_reschedule':
      return withdrawReschedule(deps, input);
    case 'mark_arrival':
      return markArrival(deps, input);
    case 'mark_completion':
      return completeSession(deps, { ...input, earlyReason: text(fields.reason) });
    case 'report_issue':
      return openDispute(deps, { ...input, description: text(fields.description) });
    case 'review':
      return submitReview(deps, { ...input, form: { rating: fields.rating, comment: fields.comment } });
  }
}

export async function handleBookingAction(request: Request, context: AppLoadContext, actor: Actor) {
  const form = await request.formData();
  const intent = intentOf(form, BOOKING_INTENTS);
  const fields = collectFormEntries(form.entries());
  const bookingId = text(fields.bookingId);
  if (!intent) return json({ ok: false, intent: 'unknown', bookingId, code: 'UNKNOWN_INTENT', message: 'Unknown action', fieldErrors: {} }, { status: 400 });
  if (!isId(bookingId)) return failure(bookingErrors.notFound(), intent, null);
  const result = await run(intent, actor, bookingId, fields, context);
  if (!result.ok) {
    context.log.info({ userId: actor.userId, bookingId, intent, code: result.error.code }, 'booking action refused');
    return failure(result.error, intent, bookingId);
  }
  context.log.info({ userId: actor.userId, bookingId, intent }, 'booking action');
  const body: ActionSuccess = { ok: true, intent, bookingId, message: SUCCESS_MESSAGES[intent] };
  return json(body);
}
