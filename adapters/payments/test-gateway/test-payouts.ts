import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordPayoutPaid } from '../../../domain/payouts/use-cases/record-payout-paid';
import { londonDayStart, payoutRunOf } from '../../../domain/payouts/payout-schedule';
import type { Clock } from '../../../domain/shared/clock';
import type { Orm } from '../../persistence/orm';
import { makeRepositories } from '../../persistence/repositories';

/**
 * The offline gateway's daily payouts (decision 012): from 06:00 London, each payouts-enabled
 * account's transfers made before the day began are paid out in one payout, and FACT records it
 * exactly as it records Stripe's payout.paid event, in the same transaction. Safe to run often
 * and on several instances (row locks; a transfer is paid out once).
 */
export async function runTestPayouts(orm: Orm, clock: Clock): Promise<{ payouts: number; transfers: number }> {
  const now = clock.now();
  if (now.getTime() < payoutRunOf(now).getTime()) return { payouts: 0, transfers: 0 };
  const cutoff = londonDayStart(now);
  const em = orm.em.fork() as EntityManager;
  return em.transactional(async (tx) => {
    const due = await tx.execute<{ account_id: string; amount: number }[]>(
      `select t.account_id, sum(t.amount_pence - t.reversed_pence)::int as amount
         from test_gateway_transfers t join test_gateway_accounts a on a.id = t.account_id
        where t.payout_id is null and t.created_at < ? and a.payouts_enabled
        group by t.account_id order by t.account_id`,
      [cutoff],
    );
    let transfers = 0;
    for (const { account_id, amount } of due) {
      const payoutId = `po_test_${randomBytes(12).toString('hex')}`;
      await tx.execute(`insert into test_gateway_payouts (id, account_id, amount_pence, arrival_date, created_at) values (?, ?, ?, ?, ?)`, [payoutId, account_id, amount, now, now]);
      await tx.execute(`update test_gateway_transfers set payout_id = ? where account_id = ? and payout_id is null and created_at < ?`, [payoutId, account_id, cutoff]);
      transfers += await recordPayoutPaid(makeRepositories(tx), { accountId: account_id, payoutId, createdAt: cutoff, arrivalDate: now });
    }
    return { payouts: due.length, transfers };
  });
}
