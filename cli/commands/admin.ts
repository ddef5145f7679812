import type { Command } from 'commander';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { pgAdministratorDirectory } from '../../adapters/persistence/admin/index';
import { createAdministrator } from '../../domain/admin/use-cases/create-administrator';
import { actingAdmin, audited, orRefuse } from '../admin-support';
import { output, parseOptions, UsageError } from '../program';
import { withApp } from '../with-app';

const createSchema = z.object({
  email: z.string().min(1),
  name: z.string().min(1),
  passwordStdin: z.boolean().optional(),
  as: z.string().optional(),
  json: z.boolean().optional(),
});

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks twice on the terminal without echoing what is typed. */
async function promptPassword(): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError('No terminal to ask for the password: pipe it with --password-stdin.');
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
      const mute = rl as unknown as { _writeToOutput: (s: string) => void };
      process.stderr.write(question);
      mute._writeToOutput = () => {};
      rl.question('', (answer) => {
        rl.close();
        process.stderr.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('Password: ');
  const second = await ask('Repeat password: ');
  if (first !== second) throw new UsageError('The passwords do not match.');
  return first;
}

/** `fact admin create`: how the first administrator comes to be (PRODUCT.md). */
export function registerAdminCommands(program: Command): void {
  const admin = program.command('admin').description('administrator accounts');

  admin
    .command('create')
    .description('create an administrator (the first needs no --as; later ones are created by an administrator)')
    .requiredOption('--email <email>', 'sign-in email')
    .requiredOption('--name <name>', 'full name')
    .option('--password-stdin', 'read the password from standard input instead of asking')
    .option('--as <email>', 'the administrator creating this one (needed once an administrator exists)')
    .option('--json', 'machine-readable output')
    .action(async (raw: unknown) => {
      const opts = parseOptions(createSchema, raw);
      const out = output(Boolean(opts.json));
      const password = opts.passwordStdin ? await readStdin() : await promptPassword();
      await withApp(async ({ app }) => {
        const actor = opts.as ? await actingAdmin(app, opts.as) : null;
        const base = { ...app.deps(), admins: pgAdministratorDirectory(app.orm) };
        const deps = actor ? { ...audited(app, actor, { action: 'admin.create', targetType: 'user', targetId: opts.email.toLowerCase() }), admins: base.admins } : base;
        const created = orRefuse(await createAdministrator(deps, { actor, form: { email: opts.email, fullName: opts.name, password } }));
        out.print(`Administrator ${created.email} created (${created.id}). Sign in at /?login=1 with this email and password.`, {
          id: created.id,
          email: created.email,
          fullName: created.fullName,
          role: created.role,
        });
      });
    });
}
