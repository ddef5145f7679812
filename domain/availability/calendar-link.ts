import * as z from 'zod';
import { invalid } from '../shared/errors';
import { idSchema, type Id } from '../shared/ids';
import { err, ok, type Result } from '../shared/result';
import type { BusySpan } from './schedule';

/** A coach's linked calendar as stored (coach_calendar_links); the address only sealed. */
export interface CalendarLink {
  readonly coachId: Id;
  readonly sealedAddress: string;
  readonly hint: string;
  readonly etag: string | null;
  readonly lastModified: string | null;
  readonly lastAttemptAt: Date | null;
  readonly lastSyncedAt: Date | null;
  /** Why the last attempt failed; null after a good one. */
  readonly lastError: string | null;
  /** A sync asked for (linking, 'Sync now'), due from this instant; null when none is waiting. */
  readonly syncRequestedAt: Date | null;
  readonly busyCount: number;
  readonly busyTruncated: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A link taken for one sync: the lease keeps any other sync of the coach away until it is recorded. */
export interface ClaimedCalendarLink {
  readonly coachId: Id;
  readonly sealedAddress: string;
  readonly etag: string | null;
  readonly lastModified: string | null;
  readonly leaseToken: string;
}

/** What one sync found, as recorded. */
export type CalendarSyncRecord =
  | { readonly kind: 'busy'; readonly spans: readonly BusySpan[]; readonly truncated: boolean; readonly etag: string | null; readonly lastModified: string | null }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'failed'; readonly reason: string };

/** How long a claimed sync may take before another may claim the coach again. */
export const CALENDAR_SYNC_LEASE_MS = 5 * 60_000;

/** Port: coach_calendar_links and coach_calendar_busy, bound to the unit of work's transaction. */
export interface CalendarLinkRepository {
  find(coachId: Id): Promise<CalendarLink | null>;
  /**
   * Links (or re-links) the coach's calendar: the new sealed address and hint, the conditional
   * headers and the error forgotten, any sync in flight disowned, a sync asked for from
   * `syncDueAt`. `keepBusy` false drops the busy spans of the previous address.
   */
  link(input: { readonly coachId: Id; readonly sealedAddress: string; readonly hint: string; readonly now: Date; readonly syncDueAt: Date; readonly keepBusy: boolean }): Promise<void>;
  /** Removes the link and its busy spans; false when there was none. */
  unlink(coachId: Id): Promise<boolean>;
  /** Asks for a sync from `dueAt` unless one is already waiting; false when one was. */
  requestSync(coachId: Id, dueAt: Date, now: Date): Promise<boolean>;
  /**
   * Claims the coaches' links whose sync is due at `now`: asked for, never tried, or last tried
   * `everyMs` ago or more (a little less, so a run on the period's tick finds them). Skips links
   * leased by a running sync or locked by another claim, and accounts that are closed.
   */
  claimDue(now: Date, everyMs: number, limit: number): Promise<ClaimedCalendarLink[]>;
  /** Claims one coach's link if a sync of it was asked for and is due; 'busy' while another sync holds it. */
  claimRequested(coachId: Id, now: Date): Promise<ClaimedCalendarLink | 'busy' | 'nothing_due'>;
  /**
   * Records a sync under its lease: a good copy replaces every busy span of the coach; a failure
   * keeps them and records its reason. False (nothing written) when the lease was lost (unlinked
   * or re-linked meanwhile).
   */
  recordSync(claim: ClaimedCalendarLink, record: CalendarSyncRecord, now: Date): Promise<boolean>;
}

const instant = z.coerce.date().refine((d) => !Number.isNaN(d.getTime()), 'invalid instant');
const storedLinkSchema = z.object({
  coachId: idSchema,
  sealedAddress: z.string().regex(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
  hint: z.string().min(1).max(300),
  etag: z.string().max(512).nullable(),
  lastModified: z.string().max(100).nullable(),
  lastAttemptAt: instant.nullable(),
  lastSyncedAt: instant.nullable(),
  lastError: z.string().min(1).max(500).nullable(),
  syncRequestedAt: instant.nullable(),
  busyCount: z.coerce.number().int().min(0),
  busyTruncated: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});

/** Re-validates a stored link (ENGINEERING: a row is never trusted). */
export function parseCalendarLink(row: unknown): Result<CalendarLink> {
  const parsed = storedLinkSchema.safeParse(row);
  return parsed.success ? ok(parsed.data) : err(invalid('STORED_CALENDAR_LINK_INVALID', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')));
}
