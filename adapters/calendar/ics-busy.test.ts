import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { busyFromIcs } from './ics-busy';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/ics');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const WINDOW = { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2027-04-30T00:00:00Z') };

/** The spans as 'start/end' ISO pairs, for readable assertions. */
function spans(file: string, window = WINDOW, max?: number): string[] {
  const busy = busyFromIcs(fixture(file), window, max);
  if (!busy) throw new Error(`${file} did not parse`);
  return busy.spans.map((s) => `${s.startsAt.toISOString().slice(0, 16)}/${s.endsAt.toISOString().slice(0, 16)}`);
}

describe('busy time of a Google Calendar export', () => {
  const google = spans('google-export.ics');

  it('expands a weekly RRULE in its VTIMEZONE until its UNTIL', () => {
    expect(google).toContain('2026-11-03T18:00/2026-11-03T19:00');
    expect(google).toContain('2027-01-26T18:00/2027-01-26T19:00');
    expect(google.filter((s) => s.endsWith('T19:00') && s.startsWith('2027-02'))).toEqual([]);
  });

  it('leaves out the instance named by EXDATE', () => {
    expect(google.some((s) => s.startsWith('2026-12-08'))).toBe(false);
  });

  it('moves the instance a RECURRENCE-ID overrides to its new time, and only that one', () => {
    expect(google).toContain('2026-12-16T10:00/2026-12-16T11:00');
    expect(google.some((s) => s.startsWith('2026-12-15'))).toBe(false);
    expect(google).toContain('2026-12-22T18:00/2026-12-22T19:00');
  });

  it('keeps 09:00 London across both clock changes of a weekly recurrence', () => {
    expect(google).toContain('2026-10-18T08:00/2026-10-18T09:30');
    expect(google).toContain('2026-10-25T09:00/2026-10-25T10:30');
    expect(google).toContain('2027-03-21T09:00/2027-03-21T10:30');
    expect(google).toContain('2027-03-28T08:00/2027-03-28T09:30');
  });

  it('reads a UTC event as it is', () => {
    expect(google).toContain('2026-12-10T14:00/2026-12-10T15:30');
  });

  it('ignores a transparent all-day birthday and a cancelled dinner', () => {
    expect(google.some((s) => s.startsWith('2026-12-05') || s.startsWith('2026-12-04T23'))).toBe(false);
    expect(google.some((s) => s.startsWith('2026-12-11'))).toBe(false);
  });
});

describe('busy time of an Outlook (Exchange) calendar', () => {
  const outlook = spans('outlook-exchange.ics');

  it("converts Windows-named zones with the file's VTIMEZONE ('GMT Standard Time', 'W. Europe Standard Time')", () => {
    expect(outlook).toContain('2026-12-03T17:00/2026-12-03T18:00');
    expect(outlook).toContain('2026-12-04T09:00/2026-12-04T10:00');
    expect(outlook).toContain('2027-03-25T17:00/2027-03-25T18:00');
  });

  it('blocks whole London days for an all-day event, its DTEND exclusive', () => {
    expect(outlook).toContain('2026-12-21T00:00/2026-12-28T00:00');
  });

  it('ignores a free (TRANSP:TRANSPARENT) and a cancelled event', () => {
    expect(outlook.some((s) => s.startsWith('2026-12-07'))).toBe(false);
    expect(outlook.some((s) => s.startsWith('2026-12-09'))).toBe(false);
  });
});

describe('busy time of an Apple calendar with floating times and the spring clock change', () => {
  const apple = spans('apple-floating-and-dst.ics');

  it('reads a floating time as London time', () => {
    expect(apple).toContain('2026-12-14T15:00/2026-12-14T16:00');
  });

  it('reads a TZID the file does not define as the IANA zone of that name', () => {
    expect(apple).toContain('2026-12-15T14:00/2026-12-15T15:00');
  });

  it('makes an all-day event without DTEND one London day, 23 hours on the day the clocks go forward', () => {
    expect(apple).toContain('2027-03-28T00:00/2027-03-28T23:00');
  });

  it('keeps a daily 08:30 London across the change and honours a list of EXDATEs', () => {
    expect(apple).toContain('2027-03-22T08:30/2027-03-22T09:30');
    expect(apple).toContain('2027-03-29T07:30/2027-03-29T08:30');
    expect(apple.some((s) => s.startsWith('2027-03-23') || s.startsWith('2027-03-24'))).toBe(false);
  });
});

describe('the window and the cap', () => {
  it('keeps only what overlaps the window, clipped to it', () => {
    const window = { from: new Date('2026-12-21T12:00:00Z'), to: new Date('2026-12-24T00:00:00Z') };
    expect(spans('outlook-exchange.ics', window)).toEqual(['2026-12-21T12:00/2026-12-24T00:00']);
  });

  it('keeps the earliest spans up to the cap and says some were left out', () => {
    const busy = busyFromIcs(fixture('google-export.ics'), WINDOW, 3)!;
    expect(busy.spans).toHaveLength(3);
    expect(busy.truncated).toBe(true);
    expect(busy.spans[0]!.startsAt.toISOString()).toBe('2026-10-18T08:00:00.000Z');
    expect(busyFromIcs(fixture('google-export.ics'), WINDOW)!.truncated).toBe(false);
  });

  it('joins overlapping events into one span', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      'BEGIN:VEVENT',
      'UID:a',
      'DTSTAMP:20261201T000000Z',
      'DTSTART:20261210T100000Z',
      'DTEND:20261210T120000Z',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:b',
      'DTSTAMP:20261201T000000Z',
      'DTSTART:20261210T110000Z',
      'DTEND:20261210T130000Z',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const busy = busyFromIcs(ics, WINDOW)!;
    expect(busy.spans.map((s) => [s.startsAt.toISOString(), s.endsAt.toISOString()])).toEqual([['2026-12-10T10:00:00.000Z', '2026-12-10T13:00:00.000Z']]);
  });

  it('answers null for a text that is not a calendar', () => {
    expect(busyFromIcs('<html><body>Sign in</body></html>', WINDOW)).toBeNull();
    expect(busyFromIcs('BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Sam\r\nEND:VCARD\r\n', WINDOW)).toBeNull();
  });
});
