import fc from 'fast-check';
import type ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFeedFor, type FeedBooking } from '../../domain/notifications/calendar-feed';
import { calendarInviteFor } from '../../domain/notifications/calendar-invite';
import { parseWithIcalJs } from '../../test/support/ical';
import { createCalendarFeedRenderer } from './calendar-feed-renderer';
import { writeCalendar } from './calendar-event-writer';
import { createCalendarRenderer } from './calendar-invite';

const NOW = new Date('2026-11-25T12:00:00Z');
const STAMP = new Date('2026-11-20T09:30:00Z');
const CLIENT = '11111111-1111-4111-8111-111111111111';
const COACH = '22222222-2222-4222-8222-222222222222';
const APP = 'https://fact.example';

function booking(patch: Partial<FeedBooking> = {}): FeedBooking {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001',
    referenceCode: 'FACT-20261125-A001',
    serviceType: 'striker',
    startsAt: new Date('2026-11-28T10:00:00Z'),
    durationMinutes: 60,
    locationType: 'outdoor',
    // Long and not ASCII, so that lines fold, and a fold could split a character.
    locationAddress: 'Terrain de football municipal Élodie-Ørsted, 12 allée des Châtaigniers, près du gymnase ⚽ Hackney Marshes',
    clientId: CLIENT,
    coachId: COACH,
    status: 'confirmed',
    declined: false,
    paymentStatus: 'captured',
    version: 4,
    updatedAt: STAMP,
    clientName: 'Zoë Ångström-Łukasiewicz',
    coachName: 'Alexandre Dupont-Aignan de la Fontaine',
    ...patch,
  };
}

function inviteText(b: FeedBooking, calendar: 'request' | 'cancel' = 'request'): string {
  const invite = calendarInviteFor({
    booking: { ...b, startsAt: b.startsAt.toISOString() },
    details: { calendar },
    occurredAt: STAMP,
    otherPartyName: b.coachName!,
    attendee: { name: b.clientName!, email: 'zoe@example.test' },
    url: `${APP}/MyBookings?tab=upcoming`,
  })!;
  return createCalendarRenderer({ from: 'FACT <no-reply@fact.example>' }).render(invite);
}

function feedText(b: FeedBooking, sessionReminders = true): string {
  return createCalendarFeedRenderer().render(calendarFeedFor({ userId: CLIENT, bookings: [b], appUrl: APP, now: NOW, sessionReminders }));
}

/** A VEVENT's properties as [name, value] pairs, and its alarms' the same way. */
function eventOf(calendar: ICAL.Component, leaveOut: readonly string[] = []) {
  const event = calendar.getFirstSubcomponent('vevent')!;
  const pairs = (c: ICAL.Component) =>
    c
      .getAllProperties()
      .filter((p) => !leaveOut.includes(p.name))
      .map((p) => [p.name, String(p.getFirstValue())]);
  return { properties: pairs(event), alarms: event.getAllSubcomponents('valarm').map(pairs) };
}

describe('the one iCalendar writer', () => {
  it('writes a session the same in the invite and in the feed: the same VEVENT and the same two alarms', () => {
    const b = booking();
    const invite = eventOf(parseWithIcalJs(inviteText(b)), ['organizer', 'attendee']);
    const feed = eventOf(parseWithIcalJs(feedText(b)));
    // The booking page the feed links is the same the invite links for an upcoming session.
    expect(feed).toEqual(invite);
    expect(invite.alarms).toEqual([
      [
        ['action', 'DISPLAY'],
        ['trigger', '-P1D'],
        ['description', 'FACT session tomorrow'],
      ],
      [
        ['action', 'DISPLAY'],
        ['trigger', '-PT1H'],
        ['description', 'FACT session in 1 hour'],
      ],
    ]);
  });

  it('ends every line, the last one too, with CRLF and folds lines at 75 octets without losing a character', () => {
    const b = booking();
    for (const text of [inviteText(b), inviteText(b, 'cancel'), feedText(b), feedText(b, false)]) {
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(Math.max(...text.split('\r\n').map((l) => Buffer.byteLength(l, 'utf8')))).toBeLessThanOrEqual(75);
      expect(text).toContain('\r\n '); // the long location did fold
      const event = parseWithIcalJs(text).getFirstSubcomponent('vevent')!;
      expect(event.getFirstPropertyValue('location')).toBe(`Outdoor, ${b.locationAddress}`);
      expect(event.getFirstPropertyValue('summary')).toBe(`Striker & Finishing session with ${b.coachName} (${b.referenceCode})`);
    }
  });

  it('writes a meeting request with FACT as organizer and the recipient as attendee, a cancellation without alarms, a feed without either', () => {
    const b = booking();
    const request = parseWithIcalJs(inviteText(b));
    expect(request.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(String(request.getFirstSubcomponent('vevent')!.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:no-reply@fact.example');
    expect(String(request.getFirstSubcomponent('vevent')!.getFirstPropertyValue('attendee')).toLowerCase()).toBe('mailto:zoe@example.test');

    const cancel = parseWithIcalJs(inviteText(b, 'cancel'));
    expect(cancel.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancel.getFirstSubcomponent('vevent')!.getAllSubcomponents('valarm')).toEqual([]);

    const feed = parseWithIcalJs(feedText(b));
    expect(feed.getFirstPropertyValue('method')).toBeNull();
    expect(feed.getFirstSubcomponent('vevent')!.getFirstPropertyValue('organizer')).toBeNull();
    expect(feed.getFirstSubcomponent('vevent')!.getFirstPropertyValue('attendee')).toBeNull();
    expect(parseWithIcalJs(feedText(b, false)).getFirstSubcomponent('vevent')!.getAllSubcomponents('valarm')).toEqual([]);
  });

  it('puts every alarm after all the properties of its event, as the grammar orders them', () => {
    for (const text of [inviteText(booking()), feedText(booking())]) {
      const event = text.slice(text.indexOf('BEGIN:VEVENT'), text.indexOf('END:VEVENT'));
      const afterAlarms = event
        .slice(event.indexOf('BEGIN:VALARM'))
        .split('\r\n')
        .filter((l) => l !== '');
      expect(
        afterAlarms.every((l) => /^(BEGIN:VALARM|ACTION:|TRIGGER:|DESCRIPTION:|END:VALARM)/.test(l)),
        afterAlarms.join('\n'),
      ).toBe(true);
    }
  });

  it('gives back any names and places exactly as they were, in lines of at most 75 octets', () => {
    const anyText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 });
    fc.assert(
      fc.property(anyText, anyText, anyText, (summary, location, name) => {
        const written = writeCalendar({
          name: 'FACT sessions',
          method: 'REQUEST',
          events: [
            {
              uid: 'booking-x@fact',
              sequence: 1,
              startsAt: new Date('2026-11-28T10:00:00Z'),
              endsAt: new Date('2026-11-28T11:00:00Z'),
              stampedAt: STAMP,
              summary,
              description: `${summary}\n${location}`,
              location,
              url: `${APP}/MyBookings`,
              status: 'CONFIRMED',
              alarms: [],
              organizer: { name: 'FACT', email: 'no-reply@fact.example' },
              attendee: { name, email: 'someone@example.test' },
            },
          ],
        });
        const event = parseWithIcalJs(written).getFirstSubcomponent('vevent')!;
        // Line breaks come back as \n; other control characters have no place in iCalendar text.
        // eslint-disable-next-line no-control-regex
        const asText = (v: string) => v.replace(/\r\n|\r/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
        expect(event.getFirstPropertyValue('summary')).toBe(asText(summary));
        expect(event.getFirstPropertyValue('location')).toBe(asText(location));
        expect(event.getFirstPropertyValue('description')).toBe(asText(`${summary}\n${location}`));
      }),
      { numRuns: 300 },
    );
  });
});
