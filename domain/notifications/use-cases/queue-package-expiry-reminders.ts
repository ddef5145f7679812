import { DAY_MS, type Clock } from '../../shared/clock';
import { ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { packageExpiringJob } from '../package-emails';

/** How long before a package ends its client is reminded of the sessions left. */
export const PACKAGE_EXPIRY_NOTICE_MS = 7 * DAY_MS;

/**
 * Scheduled task: every paid package ending within 7 days with sessions left gets one reminder
 * email to its client; the job's dedupe key is the purchase's, so later runs queue nothing more.
 */
export async function queuePackageExpiryReminders(deps: { uow: UnitOfWork; clock: Clock }, options: { limit?: number } = {}): Promise<Result<{ jobs: number }>> {
  const now = deps.clock.now();
  const ending = await deps.uow.read.packagePurchases.listEndingWithUnusedCredits(now, new Date(now.getTime() + PACKAGE_EXPIRY_NOTICE_MS), options.limit ?? 500);
  if (ending.length === 0) return ok({ jobs: 0 });
  await deps.uow.transaction(async (tx) => {
    for (const purchase of ending) await tx.outbox.enqueue(packageExpiringJob(purchase, now));
    return ok(undefined);
  });
  return ok({ jobs: ending.length });
}
