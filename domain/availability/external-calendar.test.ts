import { describe, expect, it } from 'vitest';
import { calendarAddressHint, calendarFailureReason, canManageLinkedCalendar, CALENDAR_MESSAGES, readCalendarAddress } from './external-calendar';

const strict = { allowInsecure: false };
const messageOf = (value: unknown, options = strict) => {
  const result = readCalendarAddress(value, options);
  return result.ok ? null : result.error.message;
};

describe('reading the address a coach pastes', () => {
  it('accepts an https address, trimmed', () => {
    expect(readCalendarAddress('  https://calendar.google.com/calendar/ical/x/basic.ics \n', strict)).toEqual({ ok: true, value: 'https://calendar.google.com/calendar/ical/x/basic.ics' });
  });

  it('reads webcal:// as https://, as calendar apps do', () => {
    expect(readCalendarAddress('webcal://p52-caldav.icloud.com/published/2/abc', strict)).toEqual({ ok: true, value: 'https://p52-caldav.icloud.com/published/2/abc' });
  });

  it('refuses an empty, a malformed, a non-https and a credentialed address with a clear message', () => {
    expect(messageOf('')).toBe(CALENDAR_MESSAGES.required);
    expect(messageOf(undefined)).toBe(CALENDAR_MESSAGES.required);
    expect(messageOf('my calendar')).toBe(CALENDAR_MESSAGES.notAnAddress);
    expect(messageOf('http://calendar.example.com/a.ics')).toBe(CALENDAR_MESSAGES.scheme);
    expect(messageOf('ftp://calendar.example.com/a.ics')).toBe(CALENDAR_MESSAGES.scheme);
    expect(messageOf('https://sam:secret@calendar.example.com/a.ics')).toBe(CALENDAR_MESSAGES.credentials);
    expect(messageOf(`https://calendar.example.com/${'a'.repeat(2_100)}`)).toBe(CALENDAR_MESSAGES.tooLong);
  });

  it('accepts http only under the test setting', () => {
    expect(readCalendarAddress('http://127.0.0.1:8080/a.ics', { allowInsecure: true }).ok).toBe(true);
  });
});

describe('the hint shown back', () => {
  it('is the host and the last characters, never the secret middle', () => {
    const hint = calendarAddressHint('https://calendar.google.com/calendar/ical/sam%40example.com/private-0123456789abcdef/basix.ics');
    expect(hint).toBe('calendar.google.com …x.ics');
    expect(hint).not.toContain('private');
  });
});

describe('who manages a linked calendar', () => {
  const coach = { userId: 'c1', role: 'user', userType: 'coach' } as const;

  it('is the coach themself only', () => {
    expect(canManageLinkedCalendar(coach, 'c1')).toBe(true);
    expect(canManageLinkedCalendar(coach, 'c2')).toBe(false);
    expect(canManageLinkedCalendar({ ...coach, userType: 'client' }, 'c1')).toBe(false);
    expect(canManageLinkedCalendar({ ...coach, role: 'admin' }, 'c1')).toBe(false);
  });
});

describe('the reason a failed sync shows', () => {
  it('names the status, and never the address', () => {
    expect(calendarFailureReason({ kind: 'http_status', status: 404 })).toBe('Could not fetch: the server answered 404');
    expect(calendarFailureReason({ kind: 'too_large' })).toBe('Could not fetch: the calendar is larger than 5 MB');
    expect(calendarFailureReason({ kind: 'timeout' })).toBe('Could not fetch: the server did not answer within 10 seconds');
  });
});
