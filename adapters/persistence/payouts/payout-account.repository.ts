import type { EntityManager } from '@mikro-orm/postgresql';
import { parsePayoutAccount, type PayoutAccount } from '../../../domain/payouts/payout-account';
import type { PayoutAccountRepository } from '../../../domain/payouts/payouts.repository';
import { isId } from '../../../domain/shared/ids';
import { rebuild } from '../shared/stored-data';
import { saveVersioned } from './versioned-save';

interface Row {
  coach_id: string;
  account_id: string;
  details_submitted: boolean;
  payouts_enabled: boolean;
  requirements_due: string[];
  created_at: Date;
  updated_at: Date;
  version: number;
}

const toDomain = (r: Row): PayoutAccount =>
  rebuild('payout_accounts', parsePayoutAccount, {
    id: r.coach_id,
    coachId: r.coach_id,
    accountId: r.account_id,
    detailsSubmitted: r.details_submitted,
    payoutsEnabled: r.payouts_enabled,
    requirementsDue: r.requirements_due,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  } as Record<string, unknown>);

/** Coaches' connected accounts (payout_accounts), one per coach. */
export function createPayoutAccountRepository(em: EntityManager): PayoutAccountRepository {
  const one = async (where: string, param: unknown) => {
    const rows = await em.execute<Row[]>(`select * from payout_accounts where ${where}`, [param]);
    return rows[0] ? toDomain(rows[0]) : null;
  };
  return {
    findByCoach: async (coachId) => (isId(coachId) ? one('coach_id = ?', coachId) : null),
    findByAccountId: (accountId) => one('account_id = ?', accountId),
    async save(a) {
      const row = await saveVersioned<Row>(em, {
        table: 'payout_accounts',
        key: 'coach_id',
        keyValue: a.coachId,
        version: a.version,
        columns: ['coach_id', 'account_id', 'details_submitted', 'payouts_enabled', 'requirements_due', 'created_at', 'updated_at'],
        values: [a.coachId, a.accountId, a.detailsSubmitted, a.payoutsEnabled, `{${a.requirementsDue.map((r) => `"${r.replace(/["\\]/g, '')}"`).join(',')}}`, a.createdAt, a.updatedAt],
        casts: { requirements_due: 'text[]' },
      });
      return toDomain(row);
    },
  };
}
