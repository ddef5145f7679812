import type { Command } from 'commander';
import { z } from 'zod';
import { reconcilePayments } from '../../adapters/payments/reconcile';
import { reconcileTransfers } from '../../adapters/payments/reconcile-transfers';
import { releaseDuePayments } from '../../domain/payments/use-cases/release-due-payments';
import { idSchema } from '../../domain/shared/ids';
import { EXIT, output, parseOptions, RefusedError } from '../program';
import { withApp } from '../with-app';

const reconcileSchema = z.object({
  json: z.boolean().optional(),
  dryRun: z.boolean().optional(),
  retryFailed: z.boolean().optional(),
  booking: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(500),
});

const releaseSchema = z.object({
  json: z.boolean().optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(100),
});

/**
 * `fact payments reconcile`: compares open payments with the gateway and repairs drift (missed
 * or failed webhooks, a crash between a gateway call and its record).
 * `fact payments release-due`: releases held funds whose hold date has passed (no open dispute).
 */
export function registerPaymentCommands(program: Command): void {
  const payments = program.command('payments').description('card payments: reconcile with the gateway, release held funds');

  payments
    .command('reconcile')
    .description("compare open payments with the gateway and bring each booking up to date; queue coaches' missing transfers, report transfers that differ")
    .option('--dry-run', 'report the drift without changing anything')
    .option('--retry-failed', 'queue payment instructions that failed for good once more')
    .option('--booking <id>', 'only this booking')
    .option('--limit <n>', 'at most this many bookings', '500')
    .option('--json', 'machine-readable output')
    .action(async (raw: unknown) => {
      const opts = parseOptions(reconcileSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const report = await reconcilePayments(app, { limit: opts.limit, dryRun: opts.dryRun, retryFailed: opts.retryFailed, bookingId: opts.booking });
        const detail = report.lines
          .filter((l) => l.drift || l.error || l.requeued)
          .map(
            (l) =>
              `  ${l.reference} ${l.intentId}: ${l.before} → ${l.after ?? '?'} (gateway ${l.gatewayStatus ?? 'unreachable'})${l.error ? ` — ${l.error}` : ''}${l.requeued ? ` — ${l.requeued} instruction(s) queued again` : ''}`,
          );
        const verb = opts.dryRun ? 'would repair' : 'repaired';
        const transfers = await reconcileTransfers(app, { limit: opts.limit, dryRun: opts.dryRun, bookingId: opts.booking });
        const transferSummary = `Coach transfers: ${transfers.releasedWithoutTransfer} released payment(s) without a live transfer, ${opts.dryRun ? 'would queue' : 'queued'} ${opts.dryRun ? transfers.lines.filter((l) => l.action === 'would_queue').length : transfers.queued}; checked ${transfers.checkedTransfers} sent transfer(s) with the gateway: ${transfers.drifted} differ, ${transfers.errors} error(s).`;
        const transferDetail = transfers.lines.map((l) => `  ${l.reference} ${l.issue}: ${l.detail}`);
        out.print(
          [
            `Checked ${report.checked} open payment(s): ${report.drifted} drifted, ${verb} ${opts.dryRun ? report.drifted : report.repaired}, ${report.errors} error(s).`,
            ...detail,
            transferSummary,
            ...transferDetail,
          ].join('\n'),
          { ...report, transfers },
        );
        if (report.errors > 0 || transfers.errors > 0) process.exitCode = EXIT.refused;
      });
    });

  payments
    .command('release-due')
    .description('release to coaches the held funds whose hold date has passed')
    .option('--limit <n>', 'at most this many bookings', '100')
    .option('--json', 'machine-readable output')
    .action(async (raw: unknown) => {
      const opts = parseOptions(releaseSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const result = await releaseDuePayments(app.deps(), { limit: opts.limit });
        if (!result.ok) throw new RefusedError(result.error);
        const { done, skipped, failed } = result.value;
        const lines = [`Released ${done.length} payment(s); ${skipped.length} no longer due; ${failed.length} failed.`, ...failed.map((f) => `  ${f.id}: ${f.error.message}`)];
        out.print(lines.join('\n'), result.value);
        if (failed.length > 0) process.exitCode = EXIT.refused;
      });
    });
}
