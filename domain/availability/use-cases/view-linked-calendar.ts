import type { Id } from '../../shared/ids';
import type { Repositories } from '../../repositories';
import { MAX_BUSY_SPANS } from '../external-calendar';

/** What the coach's 'Your own calendar' card shows: never the address, only its hint. */
export type LinkedCalendarState =
  | { readonly linked: false }
  | {
      readonly linked: true;
      readonly hint: string;
      readonly lastSyncedAt: Date | null;
      readonly lastAttemptAt: Date | null;
      /** Why the last attempt failed (the last good copy is still used). */
      readonly lastError: string | null;
      /** A sync was asked for and has not run yet. */
      readonly syncPending: boolean;
      readonly busyCount: number;
      /** Set when only the first MAX_BUSY_SPANS busy times are used. */
      readonly truncatedAt: number | null;
    };

/** The coach's linked calendar as the card shows it (the page asking has checked whose it is). */
export async function viewLinkedCalendar(deps: { readonly uow: { readonly read: Pick<Repositories, 'calendarLinks'> } }, input: { readonly coachId: Id }): Promise<LinkedCalendarState> {
  const link = await deps.uow.read.calendarLinks.find(input.coachId);
  if (!link) return { linked: false };
  return {
    linked: true,
    hint: link.hint,
    lastSyncedAt: link.lastSyncedAt,
    lastAttemptAt: link.lastAttemptAt,
    lastError: link.lastError,
    syncPending: link.syncRequestedAt !== null,
    busyCount: link.busyCount,
    truncatedAt: link.busyTruncated ? MAX_BUSY_SPANS : null,
  };
}
