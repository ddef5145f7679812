import { Link } from '@remix-run/react';
import type { PayoutSetupState } from '../../../domain/payouts/payout-account';
import type { PayoutSetupResponse } from '~/routes/api.payouts';
import { primaryButtonClass, secondaryButtonClass } from '../auth/field-styles';
import { useLoadOnce } from '../forms/use-load-once';

const BADGE: Record<PayoutSetupState, string> = {
  not_started: 'bg-slate-100 text-slate-700 ring-slate-300',
  details_needed: 'bg-amber-50 text-amber-900 ring-amber-300',
  enabled: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
};

const TEXT: Record<PayoutSetupState, string> = {
  not_started: 'Clients can book you now. To receive what you earn, set up payouts with Stripe, our payment provider: it asks for your identity and the bank account to pay.',
  details_needed: 'Stripe still needs some details before it can pay you. Your earnings are kept safe and sent as soon as payouts are enabled.',
  enabled: 'Your earnings are transferred to your Stripe account when each session’s payment is released, and paid to your bank daily.',
};

/**
 * CoachProfile's 'Get paid' card (decision 012): the coach's payout set-up as Stripe reports it
 * (not started / details needed / payouts enabled) and the way to Stripe's hosted onboarding.
 * Loads after hydration from /api/payouts so the profile page keeps its SQL budget; the button is
 * a plain form (it leaves FACT), so it works before hydration too.
 */
export function GetPaidCard() {
  const load = useLoadOnce<PayoutSetupResponse>('/api/payouts');
  const setup = load.data?.ok ? load.data.setup : null;
  const failure = load.data && !load.data.ok ? load.data.error : null;

  return (
    <section id="payouts" aria-labelledby="payouts-title" className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payouts-title" className="text-lg font-semibold text-slate-900">
          Get paid
        </h2>
        {setup ? (
          <span data-testid="payout-state" className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${BADGE[setup.state]}`}>
            {setup.label}
          </span>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      {setup ? (
        <>
          <p className="mt-2 text-sm text-slate-600">{TEXT[setup.state]}</p>
          <form method="post" action="/payouts/setup" className="mt-4 flex flex-wrap gap-3">
            <button type="submit" className={setup.state === 'enabled' ? secondaryButtonClass : primaryButtonClass}>
              {setup.state === 'not_started' ? 'Set up payouts' : setup.state === 'details_needed' ? 'Finish setting up payouts' : 'Update payout details'}
            </button>
            <Link to="/CoachEarnings" className="inline-flex items-center text-sm font-semibold text-pitch-700 underline-offset-2 hover:underline">
              See your earnings
            </Link>
          </form>
        </>
      ) : !failure ? (
        <p className="mt-2 text-sm text-slate-500" aria-busy="true">
          Loading your payout details…
        </p>
      ) : null}
    </section>
  );
}
