import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { bankDetailsSchema } from '../../domain/payouts/bank-details.schema';
import { recordAccountSnapshot } from '../../domain/payouts/use-cases/record-payout-account';
import { ok } from '../../domain/shared/result';
import { requireUser } from '~/auth/guards.server';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '~/components/auth/field-styles';
import { SignedOutPageFrame } from '~/components/auth/signed-out-page-frame';
import { Field, errorProps } from '~/components/forms/field';
import { FormAlert } from '~/components/forms/form-alert';
import { requestDeps } from '~/request-deps.server';

export const meta: MetaFunction = () => [{ title: 'Set up payouts (test mode) · FACT' }];

const PRIVATE = { 'Cache-Control': 'private, no-store' };
export const headers: HeadersFunction = () => PRIVATE;

/**
 * /test-gateway/onboarding?account=acct_test_… — only without Stripe keys: the offline gateway's
 * stand-in for Stripe's hosted Express onboarding (decision 012). Only the coach who owns the
 * account may open it (404 otherwise). Stripe's test bank details (10-88-00, 00012345) enable
 * payouts; others are 'details needed'. On submit the offline gateway records the details and
 * FACT records the account as Stripe's account.updated event would, then the coach returns.
 */
async function ownedAccount(request: Request, context: LoaderFunctionArgs['context']) {
  const connect = context.app.payments.testConnect;
  if (!connect) throw new Response('Not Found', { status: 404 });
  const user = await requireUser(request, context);
  const accountId = new URL(request.url).searchParams.get('account') ?? '';
  const account = accountId ? await requestDeps(context).uow.read.payoutAccounts.findByAccountId(accountId) : null;
  if (!account || account.coachId !== user.id) {
    context.log.warn({ userId: user.id, accountId, action: 'test_onboarding' }, 'refused: not the owner of this payout account');
    throw new Response('Not Found', { status: 404 });
  }
  return { connect, user, account };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, account } = await ownedAccount(request, context);
  return json({ accountId: account.accountId, name: user.fullName ?? '', payoutsEnabled: account.payoutsEnabled }, { headers: PRIVATE });
}

type Failure = { message: string; fieldErrors: Partial<Record<'accountHolder' | 'sortCode' | 'accountNumber', string[]>> };

export async function action({ request, context }: ActionFunctionArgs) {
  const { connect, user, account } = await ownedAccount(request, context);
  const form = Object.fromEntries(await request.formData());
  const parsed = bankDetailsSchema.safeParse({ accountHolder: form.accountHolder ?? '', sortCode: form.sortCode ?? '', accountNumber: form.accountNumber ?? '' });
  if (!parsed.success) {
    const fieldErrors: Failure['fieldErrors'] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof Failure['fieldErrors'];
      fieldErrors[key] ??= [issue.message];
    }
    return json<Failure>({ message: 'Please check your bank details.', fieldErrors }, { status: 422, headers: PRIVATE });
  }
  const submitted = await connect.submitBankDetails(account.accountId, parsed.data.sortCode, parsed.data.accountNumber);
  if (!submitted.ok) return json<Failure>({ message: submitted.error.message, fieldErrors: {} }, { status: 503, headers: PRIVATE });
  const deps = requestDeps(context);
  await deps.uow.transaction(async (tx) => ok(await recordAccountSnapshot(tx, submitted.value, deps.clock.now())));
  context.log.info({ userId: user.id, accountId: account.accountId, payoutsEnabled: submitted.value.payoutsEnabled }, 'test onboarding submitted');
  if (!submitted.value.outcome.verified) return json<Failure>({ message: submitted.value.outcome.message, fieldErrors: {} }, { status: 422, headers: PRIVATE });
  return redirect('/payouts/return', { status: 303 });
}

export default function TestOnboarding() {
  const { name } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const errors = failure?.fieldErrors ?? {};
  return (
    <SignedOutPageFrame width="max-w-md">
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-8 sm:py-12">
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <strong className="font-semibold">Test mode.</strong> This page stands in for Stripe’s secure onboarding. Use sort code <span className="font-mono">10-88-00</span> and account number{' '}
          <span className="font-mono">00012345</span>.
        </p>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="text-xl font-bold text-slate-900">Where should we pay you?</h1>
          <p className="mt-1 text-sm text-slate-600">Your earnings from FACT sessions are paid to this UK bank account.</p>
          <Form method="post" noValidate className="mt-5 flex flex-col gap-4">
            <FormAlert message={failure?.message} />
            <Field id="accountHolder" label="Name on the account" required error={errors.accountHolder}>
              <input id="accountHolder" name="accountHolder" defaultValue={name} autoComplete="name" required className={inputClass} {...errorProps('accountHolder', errors.accountHolder)} />
            </Field>
            <Field id="sortCode" label="Sort code" required error={errors.sortCode}>
              <input id="sortCode" name="sortCode" inputMode="numeric" placeholder="10-88-00" required className={inputClass} {...errorProps('sortCode', errors.sortCode)} />
            </Field>
            <Field id="accountNumber" label="Account number" required error={errors.accountNumber}>
              <input id="accountNumber" name="accountNumber" inputMode="numeric" placeholder="00012345" required className={inputClass} {...errorProps('accountNumber', errors.accountNumber)} />
            </Field>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <a href="/payouts/return" className={secondaryButtonClass}>
                Save and finish later
              </a>
              <button type="submit" className={primaryButtonClass} disabled={busy}>
                {busy ? 'Checking…' : 'Submit'}
              </button>
            </div>
          </Form>
        </div>
      </main>
    </SignedOutPageFrame>
  );
}
