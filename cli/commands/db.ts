import type { Command } from 'commander';
import { migrate } from '../../adapters/persistence/orm';
import { seedDemoIfEmpty } from '../../adapters/seed/seed-demo';
import { output } from '../program';
import { withApp } from '../with-app';

export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('database schema and data');

  db.command('migrate')
    .description('apply every pending migration')
    .option('--json', 'machine-readable output')
    .action(async (opts: { json?: boolean }) => {
      const out = output(Boolean(opts.json));
      await withApp(
        async ({ app }) => {
          const applied = await migrate(app.orm);
          out.print(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.', { applied });
        },
        { schema: 'any' },
      );
    });

  db.command('seed')
    .description('load the demo world into an empty database')
    .requiredOption('--demo', 'the demo world: coaches, clients, an administrator, bookings in every state')
    .option('--json', 'machine-readable output')
    .action(async (opts: { json?: boolean }) => {
      const out = output(Boolean(opts.json));
      await withApp(
        async ({ app }) => {
          const seeded = await seedDemoIfEmpty(app);
          out.print(seeded ? seeded.lines.join('\n') : 'The database already has users; nothing seeded.', { seeded: Boolean(seeded), ...seeded?.summary });
        },
        { migrate: true },
      );
    });
}
