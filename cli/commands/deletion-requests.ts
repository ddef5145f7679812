import type { Command } from 'commander';
import { z } from 'zod';
import { adminReadModels } from '../../adapters/persistence/admin/index';
import { accountErrors } from '../../domain/accounts/users/account-errors';
import { decideDeletionRequest } from '../../domain/accounts/erasure/use-cases/decide-deletion-request';
import { UUID_PATTERN } from '../../domain/shared/ids';
import type { Application } from '../../adapters/composition-root';
import { actingAdmin, audited, findUser, orRefuse, refusal } from '../admin-support';
import { nameOf, table, when } from '../format';
import { settlementLines } from '../account-end-format';
import { output, parseOptions } from '../program';
import { withApp } from '../with-app';

const listSchema = z.object({ json: z.boolean().optional() });
const decideSchema = z.object({ as: z.string().min(1), reason: z.string().max(1000).optional(), json: z.boolean().optional() });

/** A request by its id, or the pending request of a user given by email. */
async function requestIdFor(app: Application, key: string): Promise<string> {
  if (UUID_PATTERN.test(key)) return key;
  const user = await findUser(app, key);
  const pending = await app.deps().uow.read.deletionRequests.findPendingByUserId(user.id);
  if (!pending) throw refusal(accountErrors.deletionRequestNotFound());
  return pending.id;
}

function registerDecision(group: Command, name: 'approve' | 'reject'): void {
  const decision = name === 'approve' ? 'approved' : 'rejected';
  group
    .command(name)
    .description(name === 'approve' ? 'approve: deactivate the account, end its sessions and erase its personal data' : 'reject: the account stays as it is')
    .argument('<request>', 'request id, or the email of the user who asked')
    .requiredOption('--as <email>', 'the administrator deciding')
    .option('--reason <text>', 'why (optional)')
    .option('--json', 'machine-readable output')
    .action(async (key: string, raw: unknown) => {
      const opts = parseOptions(decideSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const actor = await actingAdmin(app, opts.as);
        const requestId = await requestIdFor(app, key);
        const deps = audited(app, actor, {
          action: `deletion_request.${name}`,
          targetType: 'deletion_request',
          targetId: requestId,
          // An approval's free text may name the person being erased: it stays on the request, redacted (decision 016).
          details: decision === 'approved' ? {} : { reason: opts.reason ?? null },
        });
        const decided = orRefuse(await decideDeletionRequest(deps, { actor, form: { requestId, decision, reason: opts.reason } }));
        // The CLI cannot reach the web server's stored files: it says what is left for the server to do.
        const photo =
          decided.photoFileRemoval === 'pending'
            ? "\nProfile photo: no longer served (its address answers 404). Removal of the photo file is pending: the web server's worker removes it from its storage."
            : '';
        const human =
          decision === 'approved'
            ? `Approved. Account ${decided.user.id} is deactivated and its personal data erased; bookings and amounts stay for the other party.${photo}\n${settlementLines(decided.settlement)}`
            : `Rejected. Account ${decided.user.id} stays as it is.`;
        out.print(human, {
          request: decided.request,
          userId: decided.user.id,
          userActive: decided.user.isActive,
          settlement: decided.settlement,
          photoFileRemoval: decided.photoFileRemoval,
        });
      });
    });
}

/** `fact deletion-requests list|approve|reject`. */
export function registerDeletionRequestCommands(program: Command): void {
  const group = program.command('deletion-requests').description('account deletion requests');

  group
    .command('list')
    .description('pending requests, oldest first')
    .option('--json', 'machine-readable output')
    .action(async (raw: unknown) => {
      const opts = parseOptions(listSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const items = await adminReadModels(app.orm).pendingDeletionRequests();
        const rows = items.map((r) => ({ id: r.id, user: r.userId, name: nameOf(r.userName), type: r.userType, requested: when(r.requestedAt), reason: r.reason ?? '' }));
        out.print(rows.length ? table(rows, ['id', 'user', 'name', 'type', 'requested', 'reason']) : 'No pending deletion requests.', { items });
      });
    });

  registerDecision(group, 'approve');
  registerDecision(group, 'reject');
}
