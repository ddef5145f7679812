import { describe, expect, it } from 'vitest';
import { linkedCalendarView } from './linked-calendar-view';

const linked = {
  linked: true as const,
  hint: 'calendar.google.com …x.ics',
  lastSyncedAt: new Date('2026-12-02T14:05:00Z'),
  lastAttemptAt: new Date('2026-12-02T14:05:00Z'),
  lastError: null,
  syncPending: false,
  busyCount: 12,
  truncatedAt: null,
};

describe("the 'Your own calendar' card's view", () => {
  it('says when the calendar was last synced, in London time', () => {
    expect(linkedCalendarView(linked)).toEqual({ linked: true, hint: 'calendar.google.com …x.ics', synced: 'Last synced 2 Dec 2026, 14:05', error: null, pending: false, note: null });
    expect(linkedCalendarView({ ...linked, lastSyncedAt: new Date('2026-07-01T14:05:00Z') })).toMatchObject({ synced: 'Last synced 1 Jul 2026, 15:05' });
  });

  it('gives the failure reason, a pending sync, a calendar never synced and the cap', () => {
    const view = linkedCalendarView({ ...linked, lastSyncedAt: null, lastError: 'Could not fetch: the server answered 404', syncPending: true, truncatedAt: 5000 });
    expect(view).toEqual({
      linked: true,
      hint: 'calendar.google.com …x.ics',
      synced: 'Not synced yet',
      error: 'Could not fetch: the server answered 404',
      pending: true,
      note: 'Only the first 5,000 busy times of the next 92 days are used.',
    });
    expect(linkedCalendarView({ linked: false })).toEqual({ linked: false });
  });
});
