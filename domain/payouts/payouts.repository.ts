import type { Id } from '../shared/ids';
import type { Chargeback } from './chargeback';
import type { CoachTransfer } from './coach-transfer';
import type { PayoutAccount } from './payout-account';

/** Ports: where payout accounts, transfers and chargebacks are kept. */
export interface PayoutAccountRepository {
  findByCoach(coachId: Id): Promise<PayoutAccount | null>;
  findByAccountId(accountId: string): Promise<PayoutAccount | null>;
  /** Inserts a new account (version 0) or updates by version; returns it as stored. */
  save(account: PayoutAccount): Promise<PayoutAccount>;
}

export interface CoachTransferRepository {
  findByBooking(bookingId: Id): Promise<CoachTransfer | null>;
  /** Locks the row for the rest of the transaction. */
  findByBookingForUpdate(bookingId: Id): Promise<CoachTransfer | null>;
  findByTransferId(transferId: string): Promise<CoachTransfer | null>;
  /** The coach's transfers waiting for a payouts-enabled account. */
  listWaitingForCoach(coachId: Id, limit: number): Promise<CoachTransfer[]>;
  /** Transfers sent to the account before `before` that no payout has covered yet. */
  listUnpaidOutForCoach(coachId: Id, before: Date, limit: number): Promise<CoachTransfer[]>;
  save(transfer: CoachTransfer): Promise<CoachTransfer>;
}

export interface ChargebackRepository {
  findById(id: string): Promise<Chargeback | null>;
  listForBooking(bookingId: Id): Promise<Chargeback[]>;
  save(chargeback: Chargeback): Promise<Chargeback>;
}
