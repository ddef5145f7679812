import type { Repositories } from '../../repositories';
import { recordPaidOut } from '../coach-transfer';

const BATCH = 1000;

/**
 * In `tx`: Stripe paid a connected account's balance out to the coach's bank (payout.paid). Every
 * transfer to that account made before the payout was created, and not yet covered, is marked
 * paid out with the payout's arrival date. Returns how many transfers it covered.
 */
export async function recordPayoutPaid(tx: Repositories, input: { accountId: string; payoutId: string; createdAt: Date; arrivalDate: Date }): Promise<number> {
  const account = await tx.payoutAccounts.findByAccountId(input.accountId);
  if (!account) return 0;
  const transfers = await tx.coachTransfers.listUnpaidOutForCoach(account.coachId, input.createdAt, BATCH);
  for (const t of transfers) await tx.coachTransfers.save(recordPaidOut(t, input.payoutId, input.arrivalDate));
  return transfers.length;
}
