import { PAYMENT_FAILED_TEXT, type PaymentIntentName, type PaymentReply } from '~/payments/payment-view';

/** Where a booking's payment steps go. */
export const bookingPaymentPath = (bookingId: string): string => `/api/payments/${encodeURIComponent(bookingId)}`;
/** Where the steps of buying a package go. */
export const packagePaymentPath = (offerId: string): string => `/api/package-purchases/${encodeURIComponent(offerId)}`;

/**
 * Posts one step of the payment to its resource route (bookingPaymentPath, packagePaymentPath). A refusal comes back as the
 * server's error text; a response that is not our JSON as SPEC §8's
 * 'Create payment intent failed ({status})' / 'Confirm payment failed ({status})'.
 */
export async function postPaymentStep(path: string, intent: PaymentIntentName, fields: Record<string, string> = {}): Promise<PaymentReply> {
  const body = new FormData();
  body.set('intent', intent);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const what = intent === 'start' ? 'Create payment intent' : 'Confirm payment';
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    return { ok: false, code: 'NETWORK', error: PAYMENT_FAILED_TEXT };
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  if (typeof parsed === 'object' && parsed !== null && 'ok' in parsed) {
    const reply = parsed as PaymentReply & { message?: unknown };
    if (reply.ok) return reply;
    const text = typeof reply.error === 'string' && reply.error ? reply.error : typeof reply.message === 'string' ? reply.message : null;
    return { ok: false, code: reply.code ?? 'ERROR', error: text ?? `${what} failed (${response.status})` };
  }
  return { ok: false, code: `HTTP_${response.status}`, error: `${what} failed (${response.status})` };
}

/** Duration in hours for the summary (SPEC §3: hours in the payment summary): 1.5 hours. */
export function hoursLabel(minutes: number): string {
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
