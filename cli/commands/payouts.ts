import type { Command } from 'commander';
import * as z from 'zod';
import { adminReadModels, type AdminPayoutRow } from '../../adapters/persistence/admin/index';
import { retryPayoutAudit } from '../../domain/admin/booking-actions';
import { TRANSFER_STATUSES } from '../../domain/payouts/coach-transfer';
import { retryCoachTransfer } from '../../domain/payouts/use-cases/retry-coach-transfer';
import { actingAdmin, audited, findBooking, findUser, orRefuse } from '../admin-support';
import { money, moreHint, nameOf, table, when } from '../format';
import { output, parseOptions } from '../program';
import { withApp } from '../with-app';

const listSchema = z.object({
  coach: z.string().min(1).max(320).optional(),
  state: z.enum(TRANSFER_STATUSES, { message: `--state must be one of ${TRANSFER_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  after: z.string().max(200).optional(),
  json: z.boolean().optional(),
});
const retrySchema = z.object({ as: z.string().min(1), json: z.boolean().optional() });

export function payoutRows(items: readonly AdminPayoutRow[]): Record<string, string>[] {
  return items.map((p) => ({
    reference: p.referenceCode,
    coach: nameOf(p.coachName),
    share: money(p.coachSharePence),
    platform: money(p.platformSharePence),
    state: p.status,
    transfer: p.transferId ?? '',
    when: when(p.paidOutAt ?? p.transferredAt ?? p.releasedAt),
    error: p.status === 'failed' ? (p.lastError ?? '') : '',
  }));
}

/** `fact payouts list|retry`: coach transfers (decision 012) for operators. */
export function registerPayoutCommands(program: Command): void {
  const payouts = program.command('payouts').description("coach payouts: the transfers of coaches' shares, retrying a failed one");

  payouts
    .command('list')
    .description('transfers newest released first, optionally of one coach or in one state')
    .option('--coach <coach>', 'coach id or email')
    .option('--state <state>', `one of ${TRANSFER_STATUSES.join(', ')}`)
    .option('--limit <n>', 'rows per page (at most 100)', '20')
    .option('--after <cursor>', 'the page after this cursor')
    .option('--json', 'machine-readable output')
    .action(async (raw: unknown) => {
      const opts = parseOptions(listSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const coachId = opts.coach ? (await findUser(app, opts.coach)).id : null;
        const page = await adminReadModels(app.orm).payouts({ coachId, status: opts.state ?? null, limit: opts.limit, after: opts.after });
        const human = page.items.length
          ? table(payoutRows(page.items), ['reference', 'coach', 'share', 'platform', 'state', 'transfer', 'when', 'error']) + moreHint(page.next, 'fact payouts list')
          : 'No payouts found.';
        out.print(human, page);
      });
    });

  payouts
    .command('retry')
    .description('send a failed (or waiting) payout again: a new attempt, audited')
    .argument('<booking>', 'booking id or whole reference')
    .requiredOption('--as <email>', 'the administrator acting')
    .option('--json', 'machine-readable output')
    .action(async (key: string, raw: unknown) => {
      const opts = parseOptions(retrySchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const actor = await actingAdmin(app, opts.as);
        const row = await findBooking(app, key);
        const deps = audited(app, actor, retryPayoutAudit(row));
        const t = orRefuse(await retryCoachTransfer(deps, { actor, bookingId: row.id }));
        out.print(`Queued the payout of ${money(t.coachSharePence)} for ${row.referenceCode} again (attempt ${t.attempt}).`, {
          bookingId: t.bookingId,
          referenceCode: row.referenceCode,
          status: t.status,
          attempt: t.attempt,
          coachSharePence: t.coachSharePence,
        });
      });
    });
}
