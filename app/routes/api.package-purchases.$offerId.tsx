import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { isUnreadableBody } from '../../adapters/http/error-status';
import { apiUser } from '~/auth/guards.server';
import { handlePackagePaymentAction } from '~/packages/package-payment-actions.server';

/**
 * The Secure Payment dialog's resource route for buying a package: POST with `intent`
 * start | confirm-test-card | authenticate-test-card | confirm. Answers JSON, never cached.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false, code: 'METHOD_NOT_ALLOWED', error: 'Method not allowed' }, { status: 405 });
  const signedIn = await apiUser(request, context);
  if (signedIn instanceof Response) return signedIn;
  try {
    const { status, body } = await handlePackagePaymentAction(request, context, params.offerId);
    return json(body, { status, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isUnreadableBody(error)) return json({ ok: false, code: 'BAD_REQUEST', error: 'The request could not be read.' }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
    context.log.error({ err: error, offerId: params.offerId }, 'package payment step failed');
    return json({ ok: false, code: 'PAYMENT_ERROR', error: 'There was an issue processing your payment. Please try again.' }, { status: 500 });
  }
}

export function loader(_args: LoaderFunctionArgs) {
  return json({ ok: false, code: 'METHOD_NOT_ALLOWED', error: 'Method not allowed' }, { status: 405 });
}
