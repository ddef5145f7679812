import type { AppLoadContext } from '@remix-run/node';
import { isId } from '../../domain/shared/ids';
import { formatPence } from '../../domain/shared/money';
import { actorOf, requireUser } from '../auth/guards.server';
import { redirectWithToast } from '../toast.server';
import { confirmed } from './payment-actions.server';
import { PAYMENT_FAILED_TEXT } from './payment-view';
import { requestDeps } from '~/request-deps.server';

/** A page of this site to go back to: a plain path ('/MyBookings'), never another origin. */
export function safeBackPath(raw: string | null, fallback: string): string {
  return raw !== null && /^\/[A-Za-z][A-Za-z0-9/_-]{0,80}$/.test(raw) && !raw.includes('//') ? raw : fallback;
}

/**
 * Where Stripe sends the browser back after a payment method that leaves the page (a bank's
 * 3-D Secure page, a wallet or bank redirect): `return_url` of stripe.confirmPayment,
 * `/payments/return?booking={id}&back={path}` plus Stripe's `payment_intent`,
 * `payment_intent_client_secret` and `redirect_status`. Nothing the browser says is trusted,
 * not even redirect_status: the normal confirm step reads the intent from Stripe for this
 * booking and payer and records it; the person lands on the page they paid from with a toast.
 */
export async function finishRedirectedPayment(request: Request, context: AppLoadContext): Promise<Response> {
  const user = await requireUser(request, context);
  const actor = actorOf(user);
  const url = new URL(request.url);
  const back = safeBackPath(url.searchParams.get('back'), actor.role === 'admin' ? '/AdminBookings' : '/MyBookings');
  const bookingId = url.searchParams.get('booking');
  const intentId = url.searchParams.get('payment_intent') ?? '';
  if (!isId(bookingId) || !/^pi_[A-Za-z0-9_]{1,200}$/.test(intentId)) return redirectWithToast(back, { type: 'error', title: 'Payment Failed', description: PAYMENT_FAILED_TEXT });
  const outcome = await confirmed(context, actor, bookingId, intentId, null);
  const reply = outcome.body;
  if (reply.ok && reply.step === 'paid') {
    const booking = await requestDeps(context).uow.read.bookings.findById(bookingId);
    const held = booking ? `${formatPence(booking.totalPricePence)} is held on your card; you are charged only if the coach accepts.` : undefined;
    return redirectWithToast(back, { type: 'success', title: 'Payment Successful!', description: booking?.status === 'pending' ? held : undefined });
  }
  if (reply.ok)
    return redirectWithToast(back, { type: 'warning', title: 'Payment not finished', description: 'Your bank still needs you to confirm this payment. Please open it again and try once more.' });
  return redirectWithToast(back, { type: 'error', title: 'Payment Failed', description: reply.error });
}
