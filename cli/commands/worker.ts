import type { Command } from 'commander';
import { z } from 'zod';
import { createAppWorker } from '../../adapters/outbox/app-worker';
import { output, parseOptions } from '../program';
import { withApp } from '../with-app';

const optionsSchema = z.object({
  once: z.boolean().optional(),
  json: z.boolean().optional(),
  batch: z.coerce.number().int().min(1).max(100).default(10),
  poll: z.coerce.number().int().min(100).max(60_000).default(1_000),
});

/**
 * `fact worker`: the outbox worker and scheduler on their own (set OUTBOX_WORKER=off on the web
 * processes then, or leave both on: workers share the queue safely). `--once` runs what is due
 * now, scheduled tasks included, and exits.
 */
export function registerWorkerCommands(program: Command): void {
  program
    .command('worker')
    .description('run outbox jobs (payments, e-mails) and the scheduled tasks until stopped')
    .option('--once', 'run every job due now, then exit')
    .option('--batch <n>', 'jobs claimed per round', '10')
    .option('--poll <ms>', 'pause between rounds when idle, in milliseconds', '1000')
    .option('--json', 'machine-readable output')
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const worker = createAppWorker(app, { batchSize: opts.batch, pollIntervalMs: opts.poll });
        if (opts.once) {
          await worker.reclaimStale();
          await worker.enqueueScheduled();
          const outcome = await worker.drain();
          out.print(`Jobs run: ${outcome.claimed} (done ${outcome.done}, retrying ${outcome.retried}, failed ${outcome.failed}).`, outcome);
          return;
        }
        worker.start();
        out.print(`Worker ${worker.workerId} running (${worker.handledTypes.join(', ')}). Ctrl-C to stop.`, { workerId: worker.workerId, types: worker.handledTypes });
        await new Promise<void>((resolve) => {
          process.once('SIGINT', () => resolve());
          process.once('SIGTERM', () => resolve());
        });
        await worker.stop();
      });
    });
}
