import type Stripe from 'stripe';
import type { GatewayResult } from '../../../domain/payments/payment-gateway';
import type { AccountSnapshot } from '../../../domain/payouts/payout-account';
import type { PayoutGateway, TransferSnapshot } from '../../../domain/payouts/payout-gateway';
import type { Pence } from '../../../domain/shared/money';
import { err, ok } from '../../../domain/shared/result';
import { toGatewayError } from './stripe-mapping';

/** A Stripe Account in the port's terms. */
export function toAccountSnapshot(account: Stripe.Account): AccountSnapshot {
  return {
    accountId: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...(account.requirements?.currently_due ?? [])],
  };
}

export function toTransferSnapshot(transfer: Stripe.Transfer): TransferSnapshot {
  return {
    transferId: transfer.id,
    accountId: typeof transfer.destination === 'string' ? transfer.destination : (transfer.destination?.id ?? ''),
    amountPence: transfer.amount,
    reversedPence: transfer.amount_reversed,
  };
}

/**
 * Stripe Connect for coach payouts (decision 012): Express accounts (GB, GBP, transfers
 * capability), hosted onboarding through Account Links, and separate charges and transfers —
 * each Transfer funded by the booking's charge (source_transaction) and grouped by its reference.
 */
export class StripePayoutGateway implements PayoutGateway {
  constructor(private readonly stripe: Stripe) {}

  createAccount(input: { coachId: string; email: string | null; idempotencyKey: string }): Promise<GatewayResult<AccountSnapshot>> {
    return this.#call(async () =>
      toAccountSnapshot(
        await this.stripe.accounts.create(
          {
            type: 'express',
            country: 'GB',
            default_currency: 'gbp',
            ...(input.email ? { email: input.email } : {}),
            capabilities: { transfers: { requested: true } },
            business_type: 'individual',
            metadata: { coach_id: input.coachId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    );
  }

  createOnboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<GatewayResult<{ url: string }>> {
    return this.#call(async () => {
      const link = await this.stripe.accountLinks.create({
        account: input.accountId,
        type: 'account_onboarding',
        return_url: input.returnUrl,
        refresh_url: input.refreshUrl,
      });
      return { url: link.url };
    });
  }

  retrieveAccount(accountId: string): Promise<GatewayResult<AccountSnapshot>> {
    return this.#call(async () => toAccountSnapshot(await this.stripe.accounts.retrieve(accountId)));
  }

  createTransfer(input: { accountId: string; amountPence: Pence; sourceIntentId: string; transferGroup: string; bookingId: string; idempotencyKey: string }): Promise<GatewayResult<TransferSnapshot>> {
    return this.#call(async () => {
      const intent = await this.stripe.paymentIntents.retrieve(input.sourceIntentId);
      const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
      if (!charge) throw Object.assign(new Error(`PaymentIntent ${input.sourceIntentId} has no charge to fund a transfer.`), { type: 'StripeInvalidRequestError', code: 'resource_missing' });
      return toTransferSnapshot(
        await this.stripe.transfers.create(
          {
            amount: input.amountPence,
            currency: 'gbp',
            destination: input.accountId,
            source_transaction: charge,
            transfer_group: input.transferGroup,
            metadata: { booking_id: input.bookingId, reference: input.transferGroup },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
    });
  }

  reverseTransfer(input: { transferId: string; amountPence: Pence; idempotencyKey: string }): Promise<GatewayResult<TransferSnapshot>> {
    return this.#call(async () => {
      await this.stripe.transfers.createReversal(input.transferId, { amount: input.amountPence }, { idempotencyKey: input.idempotencyKey });
      return toTransferSnapshot(await this.stripe.transfers.retrieve(input.transferId));
    });
  }

  retrieveTransfer(transferId: string): Promise<GatewayResult<TransferSnapshot>> {
    return this.#call(async () => toTransferSnapshot(await this.stripe.transfers.retrieve(transferId)));
  }

  async #call<T>(body: () => Promise<T>): Promise<GatewayResult<T>> {
    try {
      return ok(await body());
    } catch (error) {
      return err(toGatewayError(error));
    }
  }
}
