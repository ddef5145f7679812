import { describe, expect, it } from 'vitest';
import { parseForm } from './parse-form';
import {
  bookingFormSchema,
  bookingReferenceSearchSchema,
  bookingTimeSlots,
  cancellationReasonSchema,
  declineReasonSchema,
  isSearchable,
  rescheduleSchema,
  rescheduleTimeSlots,
  sessionIssueSchema,
} from './booking-forms';

const now = new Date('2026-03-10T12:00:00Z');
const valid = { serviceType: 'striker', date: '2026-03-12', time: '10:00', durationMinutes: '60' };

const firstMessage = (r: ReturnType<typeof parseForm>) => (r.ok ? null : r.error.message);

describe('booking dialog form', () => {
  it('accepts a session in the future with the dialog fields and gives its UTC start', () => {
    const result = parseForm(bookingFormSchema(now), { ...valid, locationType: 'gym', clientNotes: 'Left foot work' });
    expect(result.ok && result.value).toMatchObject({
      serviceType: 'striker',
      durationMinutes: 60,
      locationType: 'gym',
      clientNotes: 'Left foot work',
      startsAt: new Date('2026-03-12T10:00:00Z'),
    });
  });

  it("tells 'Me' apart from no answer to 'Who is this session for?', and takes a player's id", () => {
    const who = (playerId: unknown) => {
      const result = parseForm(bookingFormSchema(now), { ...valid, playerId });
      return result.ok ? result.value.playerId : 'refused';
    };
    expect(who('self')).toBe('self');
    expect(who('')).toBeUndefined();
    expect(who(undefined)).toBeUndefined();
    expect(who('9a9a9a9a-0000-4000-8000-000000000017')).toBe('9a9a9a9a-0000-4000-8000-000000000017');
    expect(who('me')).toBe('refused');
  });

  it('converts London summer time to UTC', () => {
    const result = parseForm(bookingFormSchema(now), { ...valid, date: '2026-04-02' });
    expect(result.ok && result.value.startsAt).toEqual(new Date('2026-04-02T09:00:00Z'));
  });

  it('refuses a date that does not exist or a missing time with one message, not a crash of the later checks', () => {
    expect(firstMessage(parseForm(bookingFormSchema(now), { ...valid, date: '2026-02-30' }))).toBe('Please select a date');
    expect(firstMessage(parseForm(bookingFormSchema(now), { ...valid, time: '' }))).not.toBeNull();
    expect(firstMessage(parseForm(rescheduleSchema(now), { date: '2026-02-30', time: '10:00' }))).toBe('Please select both date and time');
  });

  it('checks each call against its own now (the fields schema is shared)', () => {
    const later = new Date('2026-03-13T12:00:00Z');
    expect(parseForm(bookingFormSchema(now), valid).ok).toBe(true);
    expect(firstMessage(parseForm(bookingFormSchema(later), valid))).toBe(firstMessage(parseForm(bookingFormSchema(now), { ...valid, date: '2026-03-09' })));
    expect(parseForm(bookingFormSchema(now), valid).ok).toBe(true);
  });

  it('defaults the location type to online', () => {
    const result = parseForm(bookingFormSchema(now), valid);
    expect(result.ok && result.value.locationType).toBe('online');
  });

  it("refuses a service type outside the six coaching types with 'Invalid service type'", () => {
    expect(firstMessage(parseForm(bookingFormSchema(now), { ...valid, serviceType: 'General & Sparring' }))).toBe('Invalid service type');
  });

  it("refuses a start in the past with 'Booking date must be in the future'", () => {
    expect(firstMessage(parseForm(bookingFormSchema(now), { ...valid, date: '2026-03-10', time: '11:00' }))).toBe('Booking date must be in the future');
  });

  it('refuses a start more than 90 days ahead', () => {
    expect(firstMessage(parseForm(bookingFormSchema(now), { ...valid, date: '2026-07-01' }))).toBe('Bookings can be made up to 90 days ahead');
    expect(parseForm(bookingFormSchema(now), { ...valid, date: '2026-06-07' }).ok).toBe(true);
  });

  it('accepts durations of 30 to 240 minutes with the SPEC messages outside', () => {
    for (const d of [30, 60, 90, 120, 45, 240]) expect(parseForm(bookingFormSchema(now), { ...valid, durationMinutes: d }).ok).toBe(true);
    expect(firstMessage(parseForm(bookingFormSchema(now), { ...valid, durationMinutes: 15 }))).toBe('Minimum session duration is 30 minutes');
    expect(firstMessage(parseForm(bookingFormSchema(now), { ...valid, durationMinutes: 300 }))).toBe('Maximum session duration is 4 hours');
  });

  it("refuses notes over 500 characters with 'Notes too long'", () => {
    expect(firstMessage(parseForm(bookingFormSchema(now), { ...valid, clientNotes: 'x'.repeat(501) }))).toBe('Notes too long');
  });

  it('asks for a date and a time', () => {
    expect(firstMessage(parseForm(bookingFormSchema(now), { ...valid, date: '' }))).toBe('Please select a date');
    expect(firstMessage(parseForm(bookingFormSchema(now), { ...valid, time: '25:00' }))).toBe('Please select a time');
  });

  it('offers hourly slots 09:00 to 20:00 and half-hourly reschedule slots 06:00 to 22:00', () => {
    expect(bookingTimeSlots()).toHaveLength(12);
    expect(bookingTimeSlots()[0]).toBe('09:00');
    expect(bookingTimeSlots().at(-1)).toBe('20:00');
    expect(rescheduleTimeSlots()).toHaveLength(33);
    expect(rescheduleTimeSlots()[1]).toBe('06:30');
    expect(rescheduleTimeSlots().at(-1)).toBe('22:00');
  });
});

describe('reasons', () => {
  it("requires a cancellation reason: 'Please provide a reason for cancelling.'", () => {
    expect(firstMessage(parseForm(cancellationReasonSchema, { reason: '   ' }))).toBe('Please provide a reason for cancelling.');
    expect(parseForm(cancellationReasonSchema, { reason: ' Injured ' })).toEqual({ ok: true, value: { reason: 'Injured' } });
  });

  it("requires a decline reason: 'Please provide a reason for declining.'", () => {
    expect(firstMessage(parseForm(declineReasonSchema, {}))).toBe('Please provide a reason for declining.');
  });

  it('requires a description of a session issue', () => {
    expect(firstMessage(parseForm(sessionIssueSchema, { description: '' }))).toBe('Please describe the issue.');
  });
});

describe('reschedule form', () => {
  it("requires both date and time: 'Please select both date and time'", () => {
    expect(firstMessage(parseForm(rescheduleSchema(now), { date: '2026-03-12' }))).toBe('Please select both date and time');
    expect(firstMessage(parseForm(rescheduleSchema(now), { time: '10:00' }))).toBe('Please select both date and time');
  });

  it('requires a proposal in the future', () => {
    expect(firstMessage(parseForm(rescheduleSchema(now), { date: '2026-03-09', time: '10:00' }))).toBe('Please choose a date and time in the future');
  });

  it('accepts an optional reason of up to 500 characters', () => {
    const ok = parseForm(rescheduleSchema(now), { date: '2026-03-12', time: '06:30', reason: 'Rain' });
    expect(ok.ok && ok.value).toMatchObject({ reason: 'Rain', proposedAt: new Date('2026-03-12T06:30:00Z') });
    expect(firstMessage(parseForm(rescheduleSchema(now), { date: '2026-03-12', time: '06:30', reason: 'x'.repeat(501) }))).toBe('Reason too long');
  });
});

describe('booking reference search', () => {
  it('needs text once trimmed and upper-cases it', () => {
    expect(parseForm(bookingReferenceSearchSchema, { query: ' fact-2025 ' })).toEqual({ ok: true, value: { query: 'FACT-2025' } });
    expect(firstMessage(parseForm(bookingReferenceSearchSchema, { query: '   ' }))).toBe('Please enter a booking reference');
    expect(isSearchable('  ')).toBe(false);
    expect(isSearchable(' FACT ')).toBe(true);
  });
});

describe('parsing twice', () => {
  it('gives the same value when a parsed booking or reschedule form is parsed again', () => {
    const booking = bookingFormSchema(now).parse({ ...valid, clientNotes: ' <i>notes</i> ', locationAddress: '' });
    expect(bookingFormSchema(now).parse(booking)).toEqual(booking);
    const reschedule = rescheduleSchema(now).parse({ date: '2026-03-12', time: '07:00' });
    expect(rescheduleSchema(now).parse(reschedule)).toEqual(reschedule);
  });
});
