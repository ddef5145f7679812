import { HOUR_MS, MINUTE_MS } from '../shared/clock';
import type { BookingStatusValue } from '../shared/catalogue';

/**
 * The alarms a session's calendar event carries (decisions 013 and 036), so the
 * calendar app reminds too: a display alarm 24 hours and one 1 hour before the start. The emailed
 * invite and the subscribed feed carry the same ones; a cancelled session carries none.
 */
export interface SessionAlarm {
  /** How long before the start (elapsed time). */
  readonly beforeMs: number;
  readonly description: string;
}

export const SESSION_ALARMS: readonly SessionAlarm[] = [
  { beforeMs: 24 * HOUR_MS, description: 'FACT session tomorrow' },
  { beforeMs: 60 * MINUTE_MS, description: 'FACT session in 1 hour' },
];

/** The alarms for an invite of this method (REQUEST: the session is on; CANCEL: none). */
export function alarmsFor(method: 'REQUEST' | 'CANCEL'): readonly SessionAlarm[] {
  return method === 'REQUEST' ? SESSION_ALARMS : [];
}

/**
 * The alarms of a session in the person's feed: the invite's, while the session is still to come
 * (confirmed) and the person keeps 'Session reminders' on. A session running, completed, disputed
 * or cancelled has nothing left to remind of, and some calendars pop up alarms already past when
 * they first read a feed.
 */
export function feedAlarmsFor(status: BookingStatusValue, sessionReminders: boolean): readonly SessionAlarm[] {
  return sessionReminders && status === 'confirmed' ? SESSION_ALARMS : [];
}
