import type { PayoutSetupState } from '../../../domain/payouts/payout-account';
// The app's button class (the dashboard's cards load it anyway): no forms' class chunk on CoachDashboard.
import { primaryButton as primaryButtonClass } from '../booking/button-classes';

/** CoachDashboard's banner until payouts are enabled. */
export function PayoutsBanner({ state }: { state: PayoutSetupState }) {
  if (state === 'enabled') return null;
  return (
    <div role="status" className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4">
      <p className="text-sm text-sky-900">
        <strong className="font-semibold">{state === 'not_started' ? 'Set up payouts:' : 'Payouts need details:'}</strong>{' '}
        {state === 'not_started' ? 'add your bank details with Stripe so we can pay you for your sessions.' : 'Stripe needs a few more details before it can pay you.'}
      </p>
      <form method="post" action="/payouts/setup">
        <button type="submit" className={primaryButtonClass}>
          {state === 'not_started' ? 'Set up payouts' : 'Finish setting up'}
        </button>
      </form>
    </div>
  );
}
