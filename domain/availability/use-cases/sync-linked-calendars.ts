import type { Clock } from '../../shared/clock';
import type { Id } from '../../shared/ids';
import { ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import type { CalendarSyncRecord, ClaimedCalendarLink } from '../calendar-link';
import { busyWindow, CALENDAR_SYNC_EVERY_MS, calendarFailureReason, type CalendarAddressVault, type ExternalCalendarSource } from '../external-calendar';

export interface CalendarSyncDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly calendarVault: CalendarAddressVault;
  readonly calendarSource: ExternalCalendarSource;
}

/** How one sync ended: what it recorded, or 'lost' when the link changed under it (unlinked, re-linked). */
export type CalendarSyncResult = { readonly coachId: Id; readonly outcome: 'busy' | 'unchanged' | 'failed' | 'lost'; readonly spans?: number; readonly truncated?: boolean };

/** Fetches one claimed calendar (outside any transaction: it takes seconds) and records what it found. */
async function syncClaimed(deps: CalendarSyncDeps, claim: ClaimedCalendarLink): Promise<CalendarSyncResult> {
  const address = deps.calendarVault.open(claim.coachId, claim.sealedAddress);
  const outcome = address
    ? await deps.calendarSource.read(address, { etag: claim.etag, lastModified: claim.lastModified }, busyWindow(deps.clock.now()))
    : ({ kind: 'failed', failure: { kind: 'unreadable_address' } } as const);
  const record: CalendarSyncRecord =
    outcome.kind === 'failed'
      ? { kind: 'failed', reason: calendarFailureReason(outcome.failure) }
      : outcome.kind === 'unchanged'
        ? outcome
        : { kind: 'busy', spans: outcome.spans, truncated: outcome.truncated, etag: outcome.etag, lastModified: outcome.lastModified };
  const recorded = await deps.uow.transaction(async (tx) => ok(await tx.calendarLinks.recordSync(claim, record, deps.clock.now())));
  if (!recorded.ok || !recorded.value) return { coachId: claim.coachId, outcome: 'lost' };
  return record.kind === 'busy' ? { coachId: claim.coachId, outcome: 'busy', spans: record.spans.length, truncated: record.truncated } : { coachId: claim.coachId, outcome: record.kind };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * The worker's periodic run: every linked calendar due (never tried, asked for, or last tried
 * 15 minutes ago) is claimed, up to `batchSize`, and fetched at most `concurrency` at a time. A
 * claimed link is leased, so no other run syncs the same coach until this one is recorded.
 */
export async function syncDueCalendars(deps: CalendarSyncDeps, options: { readonly batchSize?: number; readonly concurrency?: number } = {}): Promise<Result<readonly CalendarSyncResult[]>> {
  const claimed = await deps.uow.transaction(async (tx) => ok(await tx.calendarLinks.claimDue(deps.clock.now(), CALENDAR_SYNC_EVERY_MS, options.batchSize ?? 50)));
  if (!claimed.ok) return claimed;
  return ok(await inPool(claimed.value, options.concurrency ?? 4, (claim) => syncClaimed(deps, claim)));
}

/**
 * The job queued by linking or 'Sync now': syncs that coach if the sync asked for is still due.
 * 'busy' while another sync of the coach runs (the job is tried again after it).
 */
export async function syncRequestedCalendar(deps: CalendarSyncDeps, input: { readonly coachId: Id }): Promise<Result<CalendarSyncResult | 'busy' | 'nothing_due'>> {
  const claimed = await deps.uow.transaction(async (tx) => ok(await tx.calendarLinks.claimRequested(input.coachId, deps.clock.now())));
  if (!claimed.ok) return claimed;
  if (claimed.value === 'busy' || claimed.value === 'nothing_due') return ok(claimed.value);
  return ok(await syncClaimed(deps, claimed.value));
}
