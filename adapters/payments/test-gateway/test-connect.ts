import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayResult } from '../../../domain/payments/payment-gateway';
import type { AccountSnapshot } from '../../../domain/payouts/payout-account';
import type { PayoutGateway, TransferSnapshot } from '../../../domain/payouts/payout-gateway';
import type { Clock } from '../../../domain/shared/clock';
import type { Pence } from '../../../domain/shared/money';
import { err, ok } from '../../../domain/shared/result';
import type { Orm } from '../../persistence/orm';
import { findIntent, gatewayError, runIdempotent } from './test-gateway-store';

/**
 * The offline gateway's Stripe Connect (no keys configured): Express accounts whose onboarding is
 * a page inside FACT (/test-gateway/onboarding), transfers funded by a captured test intent,
 * reversals, and daily payouts (test-payouts.ts). State in PostgreSQL; writes idempotent like
 * Stripe's.
 */

/** Stripe's UK test bank details that verify (sort code 10-88-00, account 00012345). */
export const TEST_SORT_CODE = '108800';
export const TEST_ACCOUNT_NUMBER = '00012345';

interface AccountRow {
  id: string;
  email: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
  requirements_due: string[];
  sort_code: string | null;
  account_last4: string | null;
}

interface TransferRow {
  id: string;
  account_id: string;
  amount_pence: number;
  reversed_pence: number;
  source_intent_id: string;
  transfer_group: string;
}

const token = (bytes: number): string => randomBytes(bytes).toString('hex');

export const snapshotOfAccount = (r: AccountRow): AccountSnapshot => ({
  accountId: r.id,
  detailsSubmitted: r.details_submitted,
  payoutsEnabled: r.payouts_enabled,
  requirementsDue: r.requirements_due,
});

const snapshotOfTransfer = (r: TransferRow): TransferSnapshot => ({
  transferId: r.id,
  accountId: r.account_id,
  amountPence: r.amount_pence,
  reversedPence: r.reversed_pence,
});

const noSuch = (kind: string, id: string) => gatewayError('resource_missing', `No such ${kind}: '${id}'`);

export async function findTestAccount(em: EntityManager, id: string, forUpdate = false): Promise<AccountRow | null> {
  const rows = await em.execute<AccountRow[]>(`select * from test_gateway_accounts where id = ?${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

/** What the offline onboarding form decided about the bank details. */
export type BankDetailsOutcome = { readonly verified: true } | { readonly verified: false; readonly message: string };

/**
 * The onboarding page's submit: Stripe's test bank details verify and enable payouts; other
 * well-formed details are taken but 'could not be verified' (details needed), as Stripe's test
 * mode does with its failing test accounts.
 */
export function checkTestBankDetails(sortCode: string, accountNumber: string): BankDetailsOutcome {
  if (sortCode === TEST_SORT_CODE && accountNumber === TEST_ACCOUNT_NUMBER) return { verified: true };
  return { verified: false, message: 'We could not verify this bank account. In test mode use sort code 10-88-00 and account number 00012345.' };
}

export class TestConnect implements PayoutGateway {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
  ) {}

  createAccount(input: { coachId: string; email: string | null; idempotencyKey: string }): Promise<GatewayResult<AccountSnapshot>> {
    return runIdempotent(this.orm, input.idempotencyKey, JSON.stringify(['account', input.coachId]), async (em) => {
      const rows = await em.execute<AccountRow[]>(`insert into test_gateway_accounts (id, email, metadata, created_at, updated_at) values (?, ?, ?::jsonb, ?, ?) returning *`, [
        `acct_test_${token(8)}`,
        input.email,
        JSON.stringify({ coach_id: input.coachId }),
        this.clock.now(),
        this.clock.now(),
      ]);
      return ok(snapshotOfAccount(rows[0]!));
    });
  }

  async createOnboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<GatewayResult<{ url: string }>> {
    const account = await findTestAccount(this.orm.em.fork(), input.accountId);
    if (!account) return err(noSuch('account', input.accountId));
    const url = new URL('/test-gateway/onboarding', new URL(input.returnUrl).origin);
    url.searchParams.set('account', input.accountId);
    return ok({ url: url.toString() });
  }

  async retrieveAccount(accountId: string): Promise<GatewayResult<AccountSnapshot>> {
    const account = await findTestAccount(this.orm.em.fork(), accountId);
    return account ? ok(snapshotOfAccount(account)) : err(noSuch('account', accountId));
  }

  /** The offline onboarding page's submit: records the bank details as Stripe's hosted page would. */
  async submitBankDetails(accountId: string, sortCode: string, accountNumber: string): Promise<GatewayResult<AccountSnapshot & { readonly outcome: BankDetailsOutcome }>> {
    const em = this.orm.em.fork() as EntityManager;
    return em.transactional(async (tx) => {
      const account = await findTestAccount(tx, accountId, true);
      if (!account) return err(noSuch('account', accountId));
      const outcome = checkTestBankDetails(sortCode, accountNumber);
      const rows = await tx.execute<AccountRow[]>(
        `update test_gateway_accounts set details_submitted = true, payouts_enabled = ?, requirements_due = ?::text[], sort_code = ?, account_last4 = ?, updated_at = ?
         where id = ? returning *`,
        [outcome.verified, outcome.verified ? '{}' : '{external_account}', sortCode, accountNumber.slice(-4), this.clock.now(), accountId],
      );
      return ok({ ...snapshotOfAccount(rows[0]!), outcome });
    });
  }

  createTransfer(input: { accountId: string; amountPence: Pence; sourceIntentId: string; transferGroup: string; bookingId: string; idempotencyKey: string }): Promise<GatewayResult<TransferSnapshot>> {
    const fingerprint = JSON.stringify(['transfer', input.accountId, input.amountPence, input.sourceIntentId, input.transferGroup]);
    return runIdempotent(this.orm, input.idempotencyKey, fingerprint, async (em) => {
      if (!Number.isSafeInteger(input.amountPence) || input.amountPence <= 0) return err(gatewayError('parameter_invalid_integer', 'Invalid positive integer: amount'));
      const account = await findTestAccount(em, input.accountId);
      if (!account) return err(noSuch('destination', input.accountId));
      if (!account.payouts_enabled)
        return err(
          gatewayError(
            'insufficient_capabilities_for_transfer',
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          ),
        );
      const intent = await findIntent(em, input.sourceIntentId, true);
      if (!intent || intent.status !== 'succeeded') return err(gatewayError('resource_missing', `No such charge for source_transaction: '${input.sourceIntentId}'`));
      const [{ sent }] = await em.execute<[{ sent: number }]>(`select coalesce(sum(amount_pence - reversed_pence), 0)::int as sent from test_gateway_transfers where source_intent_id = ?`, [
        input.sourceIntentId,
      ]);
      const available = intent.amount_received_pence - intent.amount_refunded_pence - sent;
      if (input.amountPence > available) return err(gatewayError('balance_insufficient', `The transfer amount (${input.amountPence}) exceeds what is left of its source charge (${available}).`));
      const rows = await em.execute<TransferRow[]>(
        `insert into test_gateway_transfers (id, account_id, amount_pence, source_intent_id, transfer_group, created_at) values (?, ?, ?, ?, ?, ?) returning *`,
        [`tr_test_${token(12)}`, input.accountId, input.amountPence, input.sourceIntentId, input.transferGroup, this.clock.now()],
      );
      return ok(snapshotOfTransfer(rows[0]!));
    });
  }

  reverseTransfer(input: { transferId: string; amountPence: Pence; idempotencyKey: string }): Promise<GatewayResult<TransferSnapshot>> {
    return runIdempotent(this.orm, input.idempotencyKey, JSON.stringify(['reversal', input.transferId, input.amountPence]), async (em) => {
      const rows = await em.execute<TransferRow[]>(`select * from test_gateway_transfers where id = ? for update`, [input.transferId]);
      const transfer = rows[0];
      if (!transfer) return err(noSuch('transfer', input.transferId));
      const left = transfer.amount_pence - transfer.reversed_pence;
      if (!Number.isSafeInteger(input.amountPence) || input.amountPence <= 0 || input.amountPence > left)
        return err(gatewayError('amount_too_large', `The reversal amount (${input.amountPence}) is more than what is left of the transfer (${left}).`));
      const next = await em.execute<TransferRow[]>(`update test_gateway_transfers set reversed_pence = reversed_pence + ? where id = ? returning *`, [input.amountPence, transfer.id]);
      return ok(snapshotOfTransfer(next[0]!));
    });
  }

  async retrieveTransfer(transferId: string): Promise<GatewayResult<TransferSnapshot>> {
    const rows = await (this.orm.em.fork() as EntityManager).execute<TransferRow[]>(`select * from test_gateway_transfers where id = ?`, [transferId]);
    return rows[0] ? ok(snapshotOfTransfer(rows[0])) : err(noSuch('transfer', transferId));
  }
}
