import type { Command } from 'commander';
import { z } from 'zod';
import { adminReadModels } from '../../adapters/persistence/admin/index';
import { table } from '../format';
import { output, parseOptions } from '../program';
import { withApp } from '../with-app';

const schema = z.object({ json: z.boolean().optional() });

/**
 * `fact diagnose`: the DataDiagnostic page for the ops shell. Exit 0 when every error-level check
 * is zero, 1 when one fails (so a cron or CI can alert on it).
 */
export function registerDiagnoseCommand(program: Command): void {
  program
    .command('diagnose')
    .description('counts and data consistency checks (exit 1 when an error-level check fails)')
    .option('--json', 'machine-readable output')
    .action(async (raw: unknown) => {
      const opts = parseOptions(schema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const report = await adminReadModels(app.orm).diagnostics();
        const c = report.counts;
        const statuses =
          Object.entries(c.bookingsByStatus)
            .map(([s, n]) => `${s} ${n}`)
            .join(', ') || 'none';
        const rows = report.checks.map((k) => ({
          check: k.title,
          severity: k.severity,
          count: String(k.count),
          result: k.count === 0 ? 'ok' : k.severity === 'error' ? 'FAIL' : 'warn',
          sample: k.sample.slice(0, 3).join(' '),
        }));
        // A package check says what is wrong with each purchase: one line each, under the table.
        const problems = report.checks.flatMap((k) => (k.problems?.length ? ['', `${k.title}:`, ...k.problems.map((p) => `  ${p.id}: ${p.what}`)] : []));
        const human = [
          `Users: ${c.users} (clients ${c.clients}, coaches ${c.coaches}, admins ${c.admins}; deactivated ${c.deactivated}, erased ${c.erased})`,
          `Bookings: ${c.bookings} (${statuses})`,
          `Messages: ${c.messages} (unread ${c.unreadMessages}); reviews: ${c.reviews}; failed jobs: ${c.outboxFailed}`,
          '',
          table(rows, ['check', 'severity', 'count', 'result', 'sample']),
          ...problems,
          '',
          report.healthy ? 'All error-level checks pass.' : 'Some error-level checks fail.',
        ].join('\n');
        out.print(human, report);
        if (!report.healthy) process.exitCode = 1;
      });
    });
}
