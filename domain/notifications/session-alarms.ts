import { HOUR_MS, MINUTE_MS } from '../shared/clock';

/**
 * The alarms a confirmed session's calendar invite carries (issue 19 §2, decision 013), so the
 * calendar app reminds too: a display alarm 1 hour before the start and one 24 hours before.
 * A cancellation carries none.
 */
export interface SessionAlarm {
  /** How long before the start (elapsed time). */
  readonly beforeMs: number;
  readonly description: string;
}

export const SESSION_INVITE_ALARMS: readonly SessionAlarm[] = [
  { beforeMs: 24 * HOUR_MS, description: 'FACT session tomorrow' },
  { beforeMs: 60 * MINUTE_MS, description: 'FACT session in 1 hour' },
];

/** The alarms for an invite of this method (REQUEST: the session is on; CANCEL: none). */
export function alarmsFor(method: 'REQUEST' | 'CANCEL'): readonly SessionAlarm[] {
  return method === 'REQUEST' ? SESSION_INVITE_ALARMS : [];
}
