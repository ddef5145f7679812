import type { Command } from 'commander';
import { z } from 'zod';
import type { Application } from '../../adapters/composition-root';
import { adminReadModels, ADMIN_USER_TYPES, type AdminUserDetail } from '../../adapters/persistence/admin/index';
import type { Actor } from '../../domain/policy/actor';
import { exportUserData } from '../../domain/accounts/data-export/use-cases/export-my-data';
import { removeUser } from '../../domain/accounts/erasure/use-cases/remove-user';
import { restoreUser } from '../../domain/accounts/erasure/use-cases/restore-user';
import { setCoachVerification } from '../../domain/admin/use-cases/set-coach-verification';
import { actingAdmin, audited, findUser, orRefuse } from '../admin-support';
import { settlementLines } from '../account-end-format';
import { details, moreHint, nameOf, table, when } from '../format';
import { checkPrivateFileTarget, writePrivateFile } from '../private-file';
import { output, parseOptions } from '../program';
import { withApp } from '../with-app';

const listSchema = z.object({
  type: z.enum(ADMIN_USER_TYPES).default('all'),
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  after: z.string().max(200).optional(),
  json: z.boolean().optional(),
});
const showSchema = z.object({ json: z.boolean().optional() });
const actSchema = z.object({ as: z.string().min(1, 'missing --as <admin email>'), reason: z.string().max(500).optional(), json: z.boolean().optional() });
const verifySchema = z.object({ as: z.string().min(1, 'missing --as <admin email>'), json: z.boolean().optional() });
const exportSchema = z.object({ as: z.string().min(1, 'missing --as <admin email>'), out: z.string().min(1).optional(), force: z.boolean().optional() });

/**
 * The action of a command an administrator takes on one account (remove, restore, verify,
 * unverify): they differ only in the audited call and what they print, so the steps around it
 * (options, `--as`, the user named, the human or --json line) live here once.
 */
function actOnUser<S extends z.ZodType<{ as: string; json?: boolean }>>(
  schema: S,
  act: (on: { app: Application; actor: Actor; target: AdminUserDetail; opts: z.infer<S> }) => Promise<[human: string, data: unknown]>,
) {
  return async (key: string, raw: unknown) => {
    const opts = parseOptions(schema, raw);
    const out = output(Boolean(opts.json));
    await withApp(async ({ app }) => {
      const actor = await actingAdmin(app, opts.as);
      const target = await findUser(app, key);
      out.print(...(await act({ app, actor, target, opts })));
    });
  };
}

function status(u: { isActive: boolean; erased: boolean }): string {
  return u.erased ? 'erased' : u.isActive ? 'active' : 'deactivated';
}

/** `fact users list|show|remove|restore|verify|unverify|export`: the AdminUsers page from the ops shell. */
export function registerUsersCommands(program: Command): void {
  const users = program.command('users').description('accounts: list, show, remove (deactivate), restore, verify and unverify coaches');

  users
    .command('list')
    .description('accounts, newest first (emails hidden, as on the admin cards)')
    .option('--type <type>', 'all, client or coach', 'all')
    .option('--search <text>', 'part of a name or email, any case')
    .option('--limit <n>', 'rows per page (1-100)', '20')
    .option('--after <cursor>', 'the page after this cursor')
    .option('--json', 'machine-readable output')
    .action(async (raw: unknown) => {
      const opts = parseOptions(listSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const page = await adminReadModels(app.orm).users({ type: opts.type, search: opts.search, limit: opts.limit, after: opts.after });
        const rows = page.items.map((u) => ({
          id: u.id,
          name: nameOf(u.fullName),
          type: u.userType,
          role: u.role,
          status: status(u),
          created: when(u.createdAt),
        }));
        const human = rows.length ? table(rows, ['id', 'name', 'type', 'role', 'status', 'created']) + moreHint(page.next, 'fact users list') : 'No users found.';
        out.print(human, page);
      });
    });

  users
    .command('show')
    .description('one account, contact details included')
    .argument('<user>', 'user id or email')
    .option('--json', 'machine-readable output')
    .action(async (key: string, raw: unknown) => {
      const opts = parseOptions(showSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const u = await findUser(app, key);
        out.print(
          details([
            ['id', u.id],
            ['name', nameOf(u.fullName)],
            ['email', u.email],
            ['phone', u.phone],
            ['location', u.locationAddress],
            ['type', u.userType],
            ['role', u.role],
            ['status', status(u)],
            ...(u.userType === 'coach' ? [['verified', u.isVerified ? 'yes' : 'no'] as [string, string]] : []),
            ['deactivated', when(u.deactivatedAt)],
            ['reason', u.deactivationReason],
            [u.userType === 'coach' ? 'offers' : 'needs', (u.userType === 'coach' ? u.offers : u.needs).join(', ')],
            ['bookings', `${u.bookingsAsClient} as client, ${u.bookingsAsCoach} as coach`],
            ['deletion request', u.hasPendingDeletion ? 'pending' : 'none'],
            ['created', when(u.createdAt)],
          ]),
          u,
        );
      });
    });

  users
    .command('remove')
    .description("deactivate a non-admin account (ends the user's sessions)")
    .argument('<user>', 'user id or email')
    .requiredOption('--as <email>', 'the administrator acting')
    .option('--reason <text>', 'why (seen by administrators only)')
    .option('--json', 'machine-readable output')
    .action(
      actOnUser(actSchema, async ({ app, actor, target, opts }) => {
        const deps = audited(app, actor, { action: 'user.remove', targetType: 'user', targetId: target.id, details: { reason: opts.reason ?? null } });
        const { user: removed, settlement } = orRefuse(await removeUser(deps, { actor, form: { userId: target.id, reason: opts.reason } }));
        return [
          `Removed ${nameOf(removed.fullName)} (${removed.id}). Their sessions have ended.\n${settlementLines(settlement)}`,
          { id: removed.id, isActive: removed.isActive, deactivatedAt: removed.deactivatedAt, settlement },
        ];
      }),
    );

  users
    .command('restore')
    .description('re-activate a removed account')
    .argument('<user>', 'user id or email')
    .requiredOption('--as <email>', 'the administrator acting')
    .option('--json', 'machine-readable output')
    .action(
      actOnUser(actSchema, async ({ app, actor, target }) => {
        const deps = audited(app, actor, { action: 'user.restore', targetType: 'user', targetId: target.id });
        const restored = orRefuse(await restoreUser(deps, { actor, userId: target.id }));
        return [`Restored ${nameOf(restored.fullName)} (${restored.id}).`, { id: restored.id, isActive: restored.isActive }];
      }),
    );

  users
    .command('export')
    .description("a copy of one account's data as JSON: the same file as the profile's 'Download my data' (audited)")
    .argument('<user>', 'user id or email')
    .requiredOption('--as <email>', 'the administrator acting')
    .option('--out <file>', 'write the file here (readable by you only) instead of standard output')
    .option('--force', 'replace the file already at --out (never a symbolic link)')
    .action(async (key: string, raw: unknown) => {
      const opts = parseOptions(exportSchema, raw);
      const fileOptions = { force: Boolean(opts.force) };
      // Refused before the export is taken (and audited), not after.
      if (opts.out) await checkPrivateFileTarget(opts.out, fileOptions);
      await withApp(async ({ app }) => {
        const actor = await actingAdmin(app, opts.as);
        const target = await findUser(app, key);
        const deps = audited(app, actor, { action: 'user.export', targetType: 'user', targetId: target.id });
        const file = orRefuse(await exportUserData(deps, { actor, userId: target.id }));
        if (!opts.out) return void process.stdout.write(file.body);
        await writePrivateFile(opts.out, file.body, fileOptions);
        process.stdout.write(`Wrote the data of ${nameOf(target.fullName)} (${target.id}) to ${opts.out} (${Buffer.byteLength(file.body)} bytes).\n`);
      });
    });

  for (const verified of [true, false]) {
    users
      .command(verified ? 'verify' : 'unverify')
      .description(verified ? "give a coach the 'Verified' badge clients see" : "take a coach's 'Verified' badge away")
      .argument('<user>', "the coach's user id or email")
      .requiredOption('--as <email>', 'the administrator acting')
      .option('--json', 'machine-readable output')
      .action(
        actOnUser(verifySchema, async ({ app, actor, target }) => {
          const deps = audited(app, actor, { action: verified ? 'coach.verify' : 'coach.unverify', targetType: 'user', targetId: target.id, details: { verified } });
          const done = orRefuse(await setCoachVerification(deps, { actor, coachId: target.id, verified }));
          const who = `${nameOf(done.fullName)} (${done.coachId})`;
          const line = done.changed ? (verified ? `Verified coach ${who}.` : `Removed the verification of coach ${who}.`) : `Coach ${who} was already ${verified ? 'verified' : 'not verified'}.`;
          return [line, done];
        }),
      );
  }
}
