import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Application } from '../../adapters/composition-root';
import type { TestDatabase } from './database';

/**
 * Payout test data (decision 012): a coach whose Stripe Connect onboarding is done, without
 * walking through it — a payouts-enabled `payout_accounts` row and the offline gateway's matching
 * `test_gateway_accounts` row (the account transfers go to). Returns the account id.
 * Works on an Application (integration tests) or a test server's database (browser tests).
 */
export async function enablePayouts(target: Application | TestDatabase, coachId: string): Promise<string> {
  const accountId = `acct_test_${randomBytes(8).toString('hex')}`;
  const statements: [string, unknown[]][] = [
    [
      `insert into test_gateway_accounts (id, email, details_submitted, payouts_enabled, requirements_due, sort_code, account_last4, metadata)
       values ($1, null, true, true, '{}', '108800', '0001', jsonb_build_object('coach_id', $2::text))`,
      [accountId, coachId],
    ],
    [
      `insert into payout_accounts (coach_id, account_id, details_submitted, payouts_enabled, requirements_due)
       values ($1, $2, true, true, '{}')
       on conflict (coach_id) do update set account_id = excluded.account_id, details_submitted = true, payouts_enabled = true, requirements_due = '{}', version = payout_accounts.version + 1`,
      [coachId, accountId],
    ],
  ];
  for (const [sql, params] of statements) {
    if ('orm' in target) await (target.orm.em.fork() as EntityManager).getConnection().execute(sql.replace(/\$\d+/g, '?'), params);
    else await target.query(sql, params);
  }
  return accountId;
}
