import { json, type ActionFunctionArgs } from '@remix-run/node';
import { refundUnusedCredits } from '../../domain/payments/use-cases/refund-package-credits';
import { formatPence } from '../../domain/shared/money';
import { actorOf, requireUser } from '~/auth/guards.server';
import { formFailure } from '~/auth/form-failure.server';
import { requestDeps } from '~/request-deps.server';

/** MyBookings' 'Refund unused sessions' on a bought package. */
export async function refundPackageAction({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const purchaseId = form.get('purchaseId');
  const result = await refundUnusedCredits(requestDeps(context), { actor: actorOf(user), purchaseId: typeof purchaseId === 'string' ? purchaseId : '' });
  if (!result.ok) {
    context.log.info({ event: 'package_refund_refused', userId: user.id, code: result.error.code }, 'package refund refused');
    return formFailure(result.error, 'package-refund');
  }
  const { refundPence, credits, adminFeeRefunded } = result.value;
  context.log.info({ event: 'package_refunded', userId: user.id, purchaseId, refundPence, credits }, 'unused package sessions refunded');
  const what = `${credits} unused ${credits === 1 ? 'session' : 'sessions'}${adminFeeRefunded ? ' and the admin fee' : ''}`;
  return json({ ok: true as const, intent: 'package-refund', message: `${formatPence(refundPence)} refunded to your card for ${what}.` });
}
