import type { OfferedDay } from './booking-options';

/** The reschedule dialog's times (from /api/reschedule-options), as JSON. */
export interface RescheduleOptions {
  readonly durationMinutes: number;
  /** The slot engine's reschedule starts by London date: the only times the dialog offers. */
  readonly days: readonly OfferedDay[];
}

/** The server's free times for moving a booking; null when they cannot be had (the dialog then says so). */
export async function loadRescheduleOptions(bookingId: string): Promise<RescheduleOptions | null> {
  try {
    const res = await fetch(`/api/reschedule-options?bookingId=${encodeURIComponent(bookingId)}`, { headers: { Accept: 'application/json' } });
    return res.ok && res.headers.get('Content-Type')?.includes('application/json') ? ((await res.json()) as RescheduleOptions) : null;
  } catch {
    return null;
  }
}
