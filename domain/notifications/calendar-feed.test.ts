import { describe, expect, it } from 'vitest';
import { calendarInviteFor } from './calendar-invite';
import { SESSION_ALARMS } from './session-alarms';
import { belongsInFeed, calendarFeedFor, FEED_MAX_EVENTS, feedLinks, feedTokenFromPathSegment, feedWindow, isFeedTokenFormat, type FeedBooking } from './calendar-feed';

const NOW = new Date('2026-11-25T12:00:00Z');
const DAY = 86_400_000;
const CLIENT = '11111111-1111-4111-8111-111111111111';
const COACH = '22222222-2222-4222-8222-222222222222';
const STRANGER = '33333333-3333-4333-8333-333333333333';
let serial = 0;

function booking(patch: Partial<FeedBooking> = {}): FeedBooking {
  serial += 1;
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(serial).padStart(12, '0')}`,
    referenceCode: `FACT-20261125-A${String(serial).padStart(3, '0')}`,
    serviceType: 'striker',
    startsAt: new Date(NOW.getTime() + 3 * DAY),
    durationMinutes: 60,
    locationType: 'outdoor',
    locationAddress: 'Hackney Marshes',
    clientId: CLIENT,
    coachId: COACH,
    status: 'confirmed',
    declined: false,
    paymentStatus: 'captured',
    version: 4,
    updatedAt: new Date('2026-11-20T09:30:00Z'),
    clientName: 'Sam Client',
    coachName: 'Alex Coach',
    ...patch,
  };
}

describe('the calendar feed', () => {
  it('covers sessions starting from 90 days back up to (not including) a year ahead', () => {
    const w = feedWindow(NOW);
    expect(w.from.toISOString()).toBe('2026-08-27T12:00:00.000Z');
    expect(w.to.toISOString()).toBe('2027-11-25T12:00:00.000Z');
    expect(belongsInFeed(booking({ startsAt: w.from }), CLIENT, w)).toBe(true);
    expect(belongsInFeed(booking({ startsAt: new Date(w.from.getTime() - 1) }), CLIENT, w)).toBe(false);
    expect(belongsInFeed(booking({ startsAt: new Date(w.to.getTime() - 1) }), CLIENT, w)).toBe(true);
    expect(belongsInFeed(booking({ startsAt: w.to }), CLIENT, w)).toBe(false);
  });

  it('holds confirmed, running, completed and disputed sessions, never pending requests', () => {
    const w = feedWindow(NOW);
    for (const status of ['confirmed', 'in_session', 'completed', 'disputed'] as const) expect(belongsInFeed(booking({ status }), COACH, w)).toBe(true);
    expect(belongsInFeed(booking({ status: 'pending', paymentStatus: 'authorized' }), COACH, w)).toBe(false);
  });

  it('holds a cancelled session, but not a declined request or one cancelled before it was paid', () => {
    const w = feedWindow(NOW);
    expect(belongsInFeed(booking({ status: 'cancelled', paymentStatus: 'refunded' }), CLIENT, w)).toBe(true);
    expect(belongsInFeed(booking({ status: 'cancelled', paymentStatus: 'voided' }), CLIENT, w)).toBe(true);
    expect(belongsInFeed(booking({ status: 'cancelled', declined: true, paymentStatus: 'voided' }), CLIENT, w)).toBe(false);
    expect(belongsInFeed(booking({ status: 'cancelled', paymentStatus: 'pending' }), CLIENT, w)).toBe(false);
    expect(belongsInFeed(booking({ status: 'cancelled', paymentStatus: 'failed' }), CLIENT, w)).toBe(false);
  });

  it("holds only the person's own bookings", () => {
    const feed = calendarFeedFor({ userId: STRANGER, bookings: [booking()], appUrl: 'https://fact.example', now: NOW, sessionReminders: true });
    expect(feed.events).toEqual([]);
  });

  it('describes each session exactly as its emailed invite does: UID, SEQUENCE, summary, description, location, times', () => {
    const b = booking({ version: 7 });
    const [event] = calendarFeedFor({ userId: CLIENT, bookings: [b], appUrl: 'https://fact.example/', now: NOW, sessionReminders: true }).events;
    const invite = calendarInviteFor({
      booking: { ...b, startsAt: b.startsAt.toISOString() },
      details: { calendar: 'request' },
      occurredAt: NOW,
      otherPartyName: 'Alex Coach',
      attendee: { name: 'Sam Client', email: 'sam@example.test' },
      url: 'https://fact.example/MyBookings?tab=upcoming',
    })!;
    expect(event).toMatchObject({
      uid: invite.uid,
      sequence: invite.sequence,
      startsAt: invite.startsAt,
      endsAt: invite.endsAt,
      summary: invite.summary,
      description: invite.description,
      location: invite.location,
      url: invite.url,
      status: 'CONFIRMED',
      alarms: invite.alarms,
    });
    expect(event!.uid).toBe(`booking-${b.id}@fact`);
    expect(event!.sequence).toBe(7);
    expect(event!.summary).toBe(`Striker & Finishing session with Alex Coach (${b.referenceCode})`);
    expect(event!.location).toBe('Outdoor, Hackney Marshes');
    expect(event!.stampedAt).toEqual(b.updatedAt);
  });

  it("names the other party from each side, with the invite's fallback for a missing name, and marks cancellations", () => {
    const b = booking({ status: 'cancelled', paymentStatus: 'refunded', clientName: '  ' });
    const [asCoach] = calendarFeedFor({ userId: COACH, bookings: [b], appUrl: 'https://fact.example', now: NOW, sessionReminders: true }).events;
    expect(asCoach!.summary).toBe(`Striker & Finishing session with your client (${b.referenceCode})`);
    expect(asCoach!.status).toBe('CANCELLED');
    expect(asCoach!.url).toBe('https://fact.example/CoachDashboard?tab=history');
  });

  it("gives a session still to come the invite's alarms, 24 hours and 1 hour before, when the person keeps session reminders on", () => {
    const b = booking();
    const feedOf = (sessionReminders: boolean) => calendarFeedFor({ userId: CLIENT, bookings: [b], appUrl: 'https://fact.example', now: NOW, sessionReminders });
    expect(feedOf(true).events[0]!.alarms.map((a) => a.beforeMs)).toEqual([DAY, 3_600_000]);
    expect(feedOf(true).events[0]!.alarms).toEqual(SESSION_ALARMS);
    expect(feedOf(false).events[0]!.alarms).toEqual([]);
  });

  it('gives no alarms to a session that is running, over or cancelled', () => {
    for (const status of ['in_session', 'completed', 'disputed', 'cancelled'] as const) {
      const [event] = calendarFeedFor({ userId: CLIENT, bookings: [booking({ status, paymentStatus: 'captured' })], appUrl: 'https://fact.example', now: NOW, sessionReminders: true }).events;
      expect(event!.alarms, status).toEqual([]);
    }
  });

  it('orders events by start then id and holds at most FEED_MAX_EVENTS', () => {
    const later = booking({ startsAt: new Date(NOW.getTime() + 5 * DAY) });
    const earlier = booking({ startsAt: new Date(NOW.getTime() + DAY) });
    const feed = calendarFeedFor({ userId: CLIENT, bookings: [later, earlier], appUrl: 'https://fact.example', now: NOW, sessionReminders: true });
    expect(feed.events.map((e) => e.uid)).toEqual([`booking-${earlier.id}@fact`, `booking-${later.id}@fact`]);
    expect(feed).toMatchObject({ name: 'FACT sessions', refreshSeconds: 3600 });
    const many = Array.from({ length: FEED_MAX_EVENTS + 5 }, (_, i) => booking({ startsAt: new Date(NOW.getTime() + i * 60_000) }));
    expect(calendarFeedFor({ userId: CLIENT, bookings: many, appUrl: 'https://fact.example', now: NOW, sessionReminders: true }).events).toHaveLength(FEED_MAX_EVENTS);
  });

  it('accepts only 43-character base64url tokens in a <token>.ics segment', () => {
    const token = 'A'.repeat(40) + '-_9';
    expect(isFeedTokenFormat(token)).toBe(true);
    expect(isFeedTokenFormat(token.slice(1))).toBe(false);
    expect(isFeedTokenFormat(`${token.slice(1)}=`)).toBe(false);
    expect(isFeedTokenFormat(`${token.slice(1)}/`)).toBe(false);
    expect(feedTokenFromPathSegment(`${token}.ics`)).toBe(token);
    expect(feedTokenFromPathSegment(token)).toBeNull();
    expect(feedTokenFromPathSegment('x.ics')).toBeNull();
    expect(feedTokenFromPathSegment(undefined)).toBeNull();
  });

  it('offers the feed as https, webcal:// and a Google Calendar link that carries the webcal URL encoded', () => {
    const links = feedLinks('https://fact.example/', 'tok');
    expect(links.httpsUrl).toBe('https://fact.example/calendar/tok.ics');
    expect(links.webcalUrl).toBe('webcal://fact.example/calendar/tok.ics');
    expect(links.googleUrl).toBe('https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Ffact.example%2Fcalendar%2Ftok.ics');
    expect(feedLinks('http://127.0.0.1:3000', 'tok').webcalUrl).toBe('webcal://127.0.0.1:3000/calendar/tok.ics');
  });
});
