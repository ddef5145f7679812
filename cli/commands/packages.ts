import type { Command } from 'commander';
import * as z from 'zod';
import { adminReadModels, type AdminPackageRow } from '../../adapters/persistence/admin/index';
import { refundUnusedCredits } from '../../domain/payments/use-cases/refund-package-credits';
import { checkoutErrors } from '../../domain/packages/package-checkout';
import { isId } from '../../domain/shared/ids';
import { actingAdmin, audited, findUser, orRefuse, refusal } from '../admin-support';
import { details, money, nameOf, table, when } from '../format';
import { output, parseOptions } from '../program';
import { withApp } from '../with-app';
import type { Application } from '../../adapters/composition-root';

const listSchema = z.object({
  client: z.string().min(1).max(320).optional(),
  coach: z.string().min(1).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  json: z.boolean().optional(),
});
const showSchema = z.object({ json: z.boolean().optional() });
const refundSchema = z.object({ as: z.string().min(1), json: z.boolean().optional() });

const nameOfPackage = (p: AdminPackageRow) => p.title ?? `${p.sessions} × ${p.durationMinutes} min`;
const creditsText = (p: AdminPackageRow) =>
  Object.entries(p.credits)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ');

async function findPackage(app: Application, id: string): Promise<AdminPackageRow> {
  const row = isId(id) ? await adminReadModels(app.orm).package(id) : null;
  if (!row || row.paidAt === null) throw refusal(checkoutErrors.notYours());
  return row;
}

/** `fact packages list|show|refund`: bought packages (decision 059) for operators. */
export function registerPackageCommands(program: Command): void {
  const packages = program.command('packages').description("packages clients bought: their credits, and refunding a package's unused sessions");

  packages
    .command('list')
    .description('paid packages newest first, optionally of one client or coach')
    .option('--client <client>', 'client id or email')
    .option('--coach <coach>', 'coach id or email')
    .option('--limit <n>', 'rows (at most 100)', '20')
    .option('--json', 'machine-readable output')
    .action(async (raw: unknown) => {
      const opts = parseOptions(listSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const clientId = opts.client ? (await findUser(app, opts.client)).id : null;
        const coachId = opts.coach ? (await findUser(app, opts.coach)).id : null;
        const rows = await adminReadModels(app.orm).packages({ clientId, coachId, limit: opts.limit });
        const human = rows.length
          ? table(
              rows.map((p) => ({
                id: p.id,
                client: nameOf(p.clientName ?? ''),
                coach: nameOf(p.coachName ?? ''),
                package: nameOfPackage(p),
                paid: money(p.totalPricePence + p.adminFeePence),
                credits: creditsText(p),
                until: when(p.validUntil),
              })),
              ['id', 'client', 'coach', 'package', 'paid', 'credits', 'until'],
            )
          : 'No packages found.';
        out.print(human, { items: rows });
      });
    });

  packages
    .command('show')
    .description('one package: its terms, payment and credits')
    .argument('<purchase>', 'purchase id')
    .option('--json', 'machine-readable output')
    .action(async (id: string, raw: unknown) => {
      const opts = parseOptions(showSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const p = await findPackage(app, id);
        const human = details([
          ['Purchase', p.id],
          ['Package', nameOfPackage(p)],
          ['Client', `${nameOf(p.clientName ?? '')} <${p.clientEmail ?? 'erased'}>`],
          ['Coach', nameOf(p.coachName ?? '')],
          ['Price', money(p.totalPricePence)],
          ['Admin fee', `${money(p.adminFeePence)}${p.adminFeeRefunded ? ' (refunded)' : ''}`],
          ['Paid', when(p.paidAt)],
          ['Valid until', when(p.validUntil)],
          ['Credits', creditsText(p)],
          ['Payment', p.paymentIntentId],
        ]);
        out.print(human, p);
      });
    });

  packages
    .command('refund')
    .description("refund a package's unused sessions to the client's card (and the admin fee when none was used), audited")
    .argument('<purchase>', 'purchase id')
    .requiredOption('--as <email>', 'the administrator acting')
    .option('--json', 'machine-readable output')
    .action(async (id: string, raw: unknown) => {
      const opts = parseOptions(refundSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const actor = await actingAdmin(app, opts.as);
        const p = await findPackage(app, id);
        const deps = audited(app, actor, { action: 'package.refund', targetType: 'package_purchase', targetId: p.id, details: { credits: p.credits } });
        const done = orRefuse(await refundUnusedCredits(deps, { actor, purchaseId: p.id }));
        out.print(`Refunded ${money(done.refundPence)} for ${done.credits} unused session(s)${done.adminFeeRefunded ? ' and the admin fee' : ''} of ${nameOfPackage(p)}.`, {
          purchaseId: p.id,
          refundPence: done.refundPence,
          credits: done.credits,
          adminFeeRefunded: done.adminFeeRefunded,
        });
      });
    });
}
