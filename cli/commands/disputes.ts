import type { Command } from 'commander';
import { z } from 'zod';
import { adminReadModels } from '../../adapters/persistence/admin/index';
import { resolveDisputeAudit } from '../../domain/admin/booking-actions';
import { resolveDispute } from '../../domain/booking/disputes/use-cases/resolve-dispute';
import { DISPUTE_OUTCOMES } from '../../domain/booking/lifecycle/booking';
import { poundsToPence } from '../../domain/shared/money';
import { actingAdmin, audited, findBooking, orRefuse } from '../admin-support';
import { money, nameOf, table, when } from '../format';
import { output, parseOptions } from '../program';
import { withApp } from '../with-app';

const listSchema = z.object({ json: z.boolean().optional() });
const resolveSchema = z
  .object({
    as: z.string().min(1),
    outcome: z.enum(DISPUTE_OUTCOMES, { error: `--outcome must be one of ${DISPUTE_OUTCOMES.join(', ')}` }),
    amount: z
      .string()
      .regex(/^£?\d+(\.\d{1,2})?$/, '--amount must be pounds, e.g. 12.50')
      .transform((s) => poundsToPence(Number(s.replace('£', ''))))
      .optional(),
    note: z.string().max(1000).optional(),
    json: z.boolean().optional(),
  })
  .refine((o) => o.outcome !== 'refund_partial' || o.amount !== undefined, { message: '--amount is required with --outcome refund_partial', path: ['amount'] });

/** `fact disputes list|resolve`. */
export function registerDisputeCommands(program: Command): void {
  const disputes = program.command('disputes').description('open disputes and their resolution');

  disputes
    .command('list')
    .description('open disputes, oldest first')
    .option('--json', 'machine-readable output')
    .action(async (raw: unknown) => {
      const opts = parseOptions(listSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const items = await adminReadModels(app.orm).openDisputes();
        const rows = items.map((d) => ({
          reference: d.referenceCode,
          opened: when(d.disputeOpenedAt),
          by: d.disputeOpenedByRole,
          client: nameOf(d.clientName),
          coach: nameOf(d.coachName),
          total: money(d.totalPricePence),
          payment: d.paymentStatus,
          reason: d.disputeReason ?? '',
        }));
        out.print(rows.length ? table(rows, ['reference', 'opened', 'by', 'client', 'coach', 'total', 'payment', 'reason']) : 'No open disputes.', { items });
      });
    });

  disputes
    .command('resolve')
    .description('decide an open dispute: refund the client in full or in part, or release to the coach')
    .argument('<booking>', 'booking id or whole reference')
    .requiredOption('--as <email>', 'the administrator deciding')
    .requiredOption('--outcome <outcome>', DISPUTE_OUTCOMES.join(' | '))
    .option('--amount <pounds>', 'for refund_partial: what goes back to the client, in pounds')
    .option('--note <text>', 'the decision, in words (kept with the booking)')
    .option('--json', 'machine-readable output')
    .action(async (key: string, raw: unknown) => {
      const opts = parseOptions(resolveSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const actor = await actingAdmin(app, opts.as);
        const row = await findBooking(app, key);
        const decision = { outcome: opts.outcome, refundPence: opts.amount ?? null, note: opts.note ?? null };
        const deps = audited(app, actor, resolveDisputeAudit(row, decision));
        const resolved = orRefuse(await resolveDispute(deps, { actor, bookingId: row.id, decision }));
        const what = resolved.disputeOutcome === 'release' ? 'the held payment goes to the coach' : `${money(resolved.disputeRefundPence ?? 0)} goes back to the client`;
        out.print(`Resolved ${resolved.referenceCode}: ${what} (queued for the payment worker).`, {
          id: resolved.id,
          referenceCode: resolved.referenceCode,
          status: resolved.status,
          disputeOutcome: resolved.disputeOutcome,
          disputeRefundPence: resolved.disputeRefundPence,
          paymentStatus: resolved.paymentStatus,
        });
      });
    });
}
