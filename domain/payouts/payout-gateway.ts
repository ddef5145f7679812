import type { Id } from '../shared/ids';
import type { Pence } from '../shared/money';
import type { GatewayResult } from '../shared/gateway-result';
import type { AccountSnapshot } from './payout-account';

/**
 * Port: Stripe Connect for paying coaches (decision 012): Express accounts in GB paid in GBP,
 * Stripe's hosted onboarding, separate charges and transfers. The offline test gateway stands in
 * for it without keys. Every write carries an idempotency key.
 */
export interface PayoutGateway {
  createAccount(input: { coachId: Id; email: string | null; idempotencyKey: string }): Promise<GatewayResult<AccountSnapshot>>;
  /** A one-time link to the hosted onboarding; Stripe sends the coach back to returnUrl (or refreshUrl when the link expired). */
  createOnboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<GatewayResult<{ url: string }>>;
  retrieveAccount(accountId: string): Promise<GatewayResult<AccountSnapshot>>;
  /** A Transfer to the account, funded by the booking's charge (source_transaction) and grouped by its reference. */
  createTransfer(input: { accountId: string; amountPence: Pence; sourceIntentId: string; transferGroup: string; bookingId: Id; idempotencyKey: string }): Promise<GatewayResult<TransferSnapshot>>;
  /** Takes `amountPence` back from a transfer. */
  reverseTransfer(input: { transferId: string; amountPence: Pence; idempotencyKey: string }): Promise<GatewayResult<TransferSnapshot>>;
  retrieveTransfer(transferId: string): Promise<GatewayResult<TransferSnapshot>>;
}

export interface TransferSnapshot {
  readonly transferId: string;
  readonly accountId: string;
  readonly amountPence: Pence;
  readonly reversedPence: Pence;
}
