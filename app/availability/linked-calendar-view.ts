import type { LinkedCalendarState } from '../../domain/availability/use-cases/view-linked-calendar';

/** The 'Your own calendar' card's data, as the page and /api/linked-calendar send it (plain JSON). */
export type LinkedCalendarView =
  | { readonly linked: false }
  | {
      readonly linked: true;
      /** Host and last characters of the address, never the address. */
      readonly hint: string;
      /** 'Last synced 2 Dec 2026, 14:05', or 'Not synced yet'. */
      readonly synced: string;
      /** Why the last attempt failed ('Could not fetch: the server answered 404'); the last good copy is still used. */
      readonly error: string | null;
      /** A sync was asked for and has not run yet. */
      readonly pending: boolean;
      /** Said when a calendar had more busy times than FACT keeps. */
      readonly note: string | null;
    };

const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });
const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** '2 Dec 2026, 14:05' in London time. */
export function londonDateTime(instant: Date): string {
  return `${day.format(instant)}, ${clock.format(instant)}`;
}

export function linkedCalendarView(state: LinkedCalendarState): LinkedCalendarView {
  if (!state.linked) return { linked: false };
  return {
    linked: true,
    hint: state.hint,
    synced: state.lastSyncedAt ? `Last synced ${londonDateTime(state.lastSyncedAt)}` : 'Not synced yet',
    error: state.lastError,
    pending: state.syncPending,
    note: state.truncatedAt ? `Only the first ${state.truncatedAt.toLocaleString('en-GB')} busy times of the next 92 days are used.` : null,
  };
}
