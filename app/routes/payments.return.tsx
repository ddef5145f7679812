import type { LoaderFunctionArgs } from '@remix-run/node';
import { finishRedirectedPayment } from '~/payments/payment-return.server';

/**
 * GET /payments/return — Stripe's return_url after a payment method that left the page
 * (app/payments/payment-return.server.ts): records the intent as Stripe has it, then redirects.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  return finishRedirectedPayment(request, context);
}
