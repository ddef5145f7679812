import * as z from 'zod';
import { invalid } from '../shared/errors';
import { idSchema } from '../shared/ids';
import { err, ok, type Result } from '../shared/result';
import type { Id } from '../shared/ids';

/**
 * A coach's Stripe Connect Express account (decision 012). Stripe collects the identity and bank
 * details on its hosted onboarding; FACT keeps only the account id and what Stripe reports.
 */
export interface PayoutAccount {
  readonly coachId: Id;
  /** Stripe's `acct_…` (the offline gateway's `acct_test_…`). */
  readonly accountId: string;
  readonly detailsSubmitted: boolean;
  readonly payoutsEnabled: boolean;
  /** Stripe's requirements.currently_due, e.g. ['external_account']. */
  readonly requirementsDue: readonly string[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly version: number;
}

/** What the 'Get paid' card shows. */
export type PayoutSetupState = 'not_started' | 'details_needed' | 'enabled';

export function payoutSetupState(account: Pick<PayoutAccount, 'payoutsEnabled'> | null): PayoutSetupState {
  if (account === null) return 'not_started';
  return account.payoutsEnabled ? 'enabled' : 'details_needed';
}

export const PAYOUT_SETUP_LABELS: Readonly<Record<PayoutSetupState, string>> = {
  not_started: 'Not started',
  details_needed: 'Details needed',
  enabled: 'Payouts enabled',
};

/** What Stripe says of an account now (account.updated, or a read after onboarding). */
export interface AccountSnapshot {
  readonly accountId: string;
  readonly detailsSubmitted: boolean;
  readonly payoutsEnabled: boolean;
  readonly requirementsDue: readonly string[];
}

/** The account as Stripe now reports it; `changed` is false when nothing differs. */
export function applyAccountSnapshot(account: PayoutAccount, snapshot: AccountSnapshot, now: Date): { account: PayoutAccount; changed: boolean; becameEnabled: boolean } {
  const same = account.detailsSubmitted === snapshot.detailsSubmitted && account.payoutsEnabled === snapshot.payoutsEnabled && account.requirementsDue.join(',') === snapshot.requirementsDue.join(',');
  if (same) return { account, changed: false, becameEnabled: false };
  return {
    account: { ...account, detailsSubmitted: snapshot.detailsSubmitted, payoutsEnabled: snapshot.payoutsEnabled, requirementsDue: [...snapshot.requirementsDue], updatedAt: now },
    changed: true,
    becameEnabled: !account.payoutsEnabled && snapshot.payoutsEnabled,
  };
}

// Re-validation of stored data ----------------------------------------------------------------

const instant = z.preprocess((v) => (typeof v === 'string' ? new Date(v) : v), z.date());

const payoutAccountSchema = z.object({
  coachId: idSchema,
  accountId: z.string().regex(/^acct_[A-Za-z0-9_]+$/),
  detailsSubmitted: z.boolean(),
  payoutsEnabled: z.boolean(),
  requirementsDue: z.array(z.string()),
  createdAt: instant,
  updatedAt: instant,
  version: z.number().int().nonnegative(),
});

export function parsePayoutAccount(data: unknown): Result<PayoutAccount> {
  const parsed = payoutAccountSchema.safeParse(data);
  return parsed.success ? ok(parsed.data) : err(invalid('PAYOUT_ACCOUNT_DATA_INVALID', `Stored payout account is invalid (${parsed.error.issues[0]?.message ?? 'unknown'})`));
}
