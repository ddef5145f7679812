import { describe, expect, it } from 'vitest';
import { parseForm } from '../../validation/parse-form';
import { coachProfileSchema, deletionDecisionSchema, emailSchema, loginSchema, pendingProfileSchema, profileSchema, registrationSchema, removeUserSchema } from './account.schemas';

const firstMessage = (r: { ok: boolean; error?: { message: string } } | ReturnType<typeof parseForm>) => (r.ok ? null : (r as { error: { message: string } }).error.message);
const fieldErrors = (r: ReturnType<typeof parseForm>) => (r.ok ? {} : r.error.fieldErrors);

const client = {
  email: 'Sam@Example.com ',
  password: 'secret1',
  fullName: 'Sam Player',
  phone: '+44 7700 900123',
  location: 'Leeds',
  confirmAge: 'on',
};
const coach = { ...client, userType: 'coach', hourlyRate: '45', servicesOffered: ['striker'], ageGroups: ['adults'] };

describe('registration (SPEC §5)', () => {
  it('accepts a client and lower-cases the email', () => {
    const r = parseForm(registrationSchema, client);
    expect(r.ok && r.value).toMatchObject({ email: 'sam@example.com', userType: 'client', fullName: 'Sam Player', confirmAge: true });
  });

  it("asks for email, password and full name with 'Please fill in all required fields'", () => {
    for (const field of ['email', 'password', 'fullName'] as const) {
      const r = parseForm(registrationSchema, { ...client, [field]: '' });
      expect(firstMessage(r)).toBe('Please fill in all required fields');
    }
    expect(firstMessage(parseForm(registrationSchema, { confirmAge: true }))).toBe('Please fill in all required fields');
  });

  it("requires a password of at least 6 characters: 'Password must be at least 6 characters long'", () => {
    expect(firstMessage(parseForm(registrationSchema, { ...client, password: '12345' }))).toBe('Password must be at least 6 characters long');
    expect(parseForm(registrationSchema, { ...client, password: '123456' }).ok).toBe(true);
  });

  it('requires a phone and a location', () => {
    expect(fieldErrors(parseForm(registrationSchema, { ...client, phone: '' }))).toEqual({ phone: ['Please fill in all required fields'] });
    expect(fieldErrors(parseForm(registrationSchema, { ...client, location: ' ' }))).toEqual({ location: ['Please fill in all required fields'] });
    expect(fieldErrors(parseForm(registrationSchema, { ...client, phone: 'call me' }))).toEqual({ phone: ['Invalid phone number format'] });
  });

  it('asks the person to confirm they are at least 16', () => {
    expect(fieldErrors(parseForm(registrationSchema, { ...client, confirmAge: undefined }))).toEqual({
      confirmAge: ['You must be at least 16 years old to use FACT'],
    });
  });

  it("treats the legacy user type 'user' as client", () => {
    const r = parseForm(registrationSchema, { ...client, userType: 'user' });
    expect(r.ok && r.value.userType).toBe('client');
  });

  it('requires a numeric hourly rate of at least £1 from coaches', () => {
    expect(parseForm(registrationSchema, coach).ok).toBe(true);
    expect(parseForm(registrationSchema, { ...coach, hourlyRate: '1' }).ok).toBe(true);
    expect(fieldErrors(parseForm(registrationSchema, { ...coach, hourlyRate: '' }))).toEqual({ hourlyRate: ['Please fill in all required fields'] });
    expect(fieldErrors(parseForm(registrationSchema, { ...coach, hourlyRate: '0' }))).toEqual({ hourlyRate: ['Rate must be at least £1'] });
    expect(fieldErrors(parseForm(registrationSchema, { ...coach, hourlyRate: 'abc' }))).toEqual({ hourlyRate: ['Hourly rate must be a number'] });
  });

  it('does not ask clients for a rate', () => {
    expect(parseForm(registrationSchema, { ...client, userType: 'client' }).ok).toBe(true);
  });

  it('keeps the profile part for a Google sign-up, where the name may come from Google', () => {
    const { email: _e, password: _p, fullName: _n, ...rest } = coach;
    const r = parseForm(pendingProfileSchema, rest);
    expect(r.ok && r.value).toMatchObject({ userType: 'coach', hourlyRate: 45, servicesOffered: ['striker'] });
  });

  it('sanitises free text', () => {
    const r = parseForm(registrationSchema, { ...client, fullName: '<Sam> Player', bio: 'I play <script>' });
    expect(r.ok && r.value).toMatchObject({ fullName: 'Sam Player', bio: 'I play script' });
  });
});

describe('email', () => {
  it('is 5 to 255 characters and lower-cased', () => {
    expect(emailSchema.parse(' A@B.CO ')).toBe('a@b.co');
    expect(emailSchema.safeParse('a@b').success).toBe(false);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@b.com`).error?.issues[0]?.message).toBe('Email must be at most 255 characters');
    expect(emailSchema.safeParse('not-an-email').error?.issues[0]?.message).toBe('Please enter a valid email address');
  });
});

describe('login', () => {
  it('requires an email and a password', () => {
    expect(firstMessage(parseForm(loginSchema, { email: '', password: '' }))).toBe('Please enter your email and password');
    expect(firstMessage(parseForm(loginSchema, { email: 'a@b.co' }))).toBe('Please enter your email and password');
    expect(parseForm(loginSchema, { email: 'A@B.co', password: 'x' })).toEqual({ ok: true, value: { email: 'a@b.co', password: 'x' } });
  });
});

describe('profile (SPEC §5)', () => {
  it("requires a name of 2 to 100 characters: 'Name must be at least 2 characters' / 'Name too long'", () => {
    expect(firstMessage(parseForm(profileSchema, { fullName: 'A' }))).toBe('Name must be at least 2 characters');
    expect(firstMessage(parseForm(profileSchema, { fullName: 'A'.repeat(101) }))).toBe('Name too long');
  });

  it("checks the phone against an international pattern: 'Invalid phone number format'", () => {
    expect(parseForm(profileSchema, { phone: '+44 (0)20 7946-0958' }).ok).toBe(true);
    expect(parseForm(profileSchema, { phone: '07700900123' }).ok).toBe(true);
    expect(firstMessage(parseForm(profileSchema, { phone: '12' }))).toBe('Invalid phone number format');
    expect(firstMessage(parseForm(profileSchema, { phone: '+44 7700 abc' }))).toBe('Invalid phone number format');
    expect(parseForm(profileSchema, { phone: '' })).toEqual({ ok: true, value: { phone: null } });
  });

  it('bounds location to 200 and bio to 1000 characters', () => {
    expect(parseForm(profileSchema, { location: 'x'.repeat(200), bio: 'y'.repeat(1000) }).ok).toBe(true);
    expect(fieldErrors(parseForm(profileSchema, { location: 'x'.repeat(201) }))).toHaveProperty('location');
    expect(fieldErrors(parseForm(profileSchema, { bio: 'y'.repeat(1001) }))).toHaveProperty('bio');
  });

  it('accepts an avatar URL up to 2048 characters, a stored photo path, or empty', () => {
    expect(parseForm(profileSchema, { avatarUrl: 'https://cdn.example.com/a.jpg' }).ok).toBe(true);
    expect(parseForm(profileSchema, { avatarUrl: '/media/avatars/a.jpg' }).ok).toBe(true);
    expect(parseForm(profileSchema, { avatarUrl: '' })).toEqual({ ok: true, value: { avatarUrl: null } });
    expect(firstMessage(parseForm(profileSchema, { avatarUrl: 'javascript:alert(1)' }))).toBe('Please enter a valid image URL');
    expect(firstMessage(parseForm(profileSchema, { avatarUrl: `https://e.com/${'a'.repeat(2040)}` }))).toBe('URL too long');
  });

  it('leaves out fields that were not sent, so they stay unchanged', () => {
    expect(parseForm(profileSchema, { bio: 'Hi there' })).toEqual({ ok: true, value: { bio: 'Hi there' } });
  });

  it("reads a home place as the combobox posts it, a blank clearing it: 'Please choose a place from the list'", () => {
    expect(parseForm(profileSchema, { homePlace: '2651476' })).toEqual({ ok: true, value: { homePlace: 2651476 } });
    expect(parseForm(profileSchema, { homePlace: '' })).toEqual({ ok: true, value: { homePlace: null } });
    for (const bad of ['Didsbury', '-3', '0', '99999999999']) expect(firstMessage(parseForm(profileSchema, { homePlace: bad })), bad).toBe('Please choose a place from the list');
  });

  it('checks preferred coaching types and session times against the catalogue', () => {
    const r = parseForm(profileSchema, { preferredCoachingTypes: ['striker', 'goalkeeping'], preferredSessionTimes: 'weekend' });
    expect(r.ok && r.value).toEqual({ preferredCoachingTypes: ['striker', 'goalkeeping'], preferredSessionTimes: ['weekend'] });
    expect(firstMessage(parseForm(profileSchema, { preferredCoachingTypes: ['juggling'] }))).toBe('Invalid coaching type');
  });
});

describe('coach profile (SPEC §5)', () => {
  const base = { hourlyRate: '50', servicesOffered: ['striker'], ageGroups: ['under_12'] };

  it("bounds the rate to £10–£1000: 'Rate must be at least £10' / 'Rate cannot exceed £1000'", () => {
    expect(parseForm(coachProfileSchema, { ...base, hourlyRate: '10' }).ok).toBe(true);
    expect(parseForm(coachProfileSchema, { ...base, hourlyRate: 1000 }).ok).toBe(true);
    expect(firstMessage(parseForm(coachProfileSchema, { ...base, hourlyRate: '9' }))).toBe('Rate must be at least £10');
    expect(firstMessage(parseForm(coachProfileSchema, { ...base, hourlyRate: '1001' }))).toBe('Rate cannot exceed £1000');
  });

  it('reads the rate as whole pounds', () => {
    expect(firstMessage(parseForm(coachProfileSchema, { ...base, hourlyRate: '50.5' }))).toBe('Rate must be a whole number of pounds');
  });

  it('requires 1 to 10 services and 1 to 10 age groups', () => {
    expect(fieldErrors(parseForm(coachProfileSchema, { ...base, servicesOffered: [] }))).toEqual({ servicesOffered: ['Please select at least one service'] });
    expect(fieldErrors(parseForm(coachProfileSchema, { ...base, ageGroups: undefined }))).toEqual({ ageGroups: ['Please select at least one age group'] });
  });

  it('reads credentials one per line and the service radius in whole miles', () => {
    const r = parseForm(coachProfileSchema, { ...base, credentials: 'UEFA B\n\nFA Level 2, First aid', serviceRadius: '30' });
    expect(r.ok && r.value).toMatchObject({ credentials: ['UEFA B', 'FA Level 2', 'First aid'], serviceRadius: 30 });
    expect(firstMessage(parseForm(coachProfileSchema, { ...base, serviceRadius: '0' }))).toBe('Service radius must be a whole number of miles between 1 and 500');
    expect(firstMessage(parseForm(coachProfileSchema, { ...base, credentials: ['x'.repeat(201)] }))).toBe('Each credential must be 200 characters or fewer');
  });

  it('reads the base place and the way of coaching: in person, online or both', () => {
    const r = parseForm(coachProfileSchema, { ...base, basePlace: '2636882', sessionMode: 'both' });
    expect(r.ok && r.value).toMatchObject({ basePlace: 2636882, sessionMode: 'both' });
    expect(fieldErrors(parseForm(coachProfileSchema, { ...base, basePlace: 'Stockport', sessionMode: 'by post' }))).toEqual({
      basePlace: ['Please choose a place from the list'],
      sessionMode: ['Please choose how you coach: in person, online, or both'],
    });
  });

  it('reads the ticked session lengths with their prices in whole pounds, a blank price meaning the rate', () => {
    const r = parseForm(coachProfileSchema, { ...base, lengthsShown: '1', length30: 'on', price30: '25', length90: 'on', price90: '', price120: '80' });
    expect(r.ok && r.value.sessionLengths).toEqual([
      { minutes: 30, pricePounds: 25 },
      { minutes: 90, pricePounds: undefined },
    ]);
  });

  it('leaves the session lengths alone when the form did not hold them', () => {
    const r = parseForm(coachProfileSchema, { ...base, length30: 'on', price30: '25' });
    expect(r.ok && r.value.sessionLengths).toBeUndefined();
  });

  it('refuses no length at all, and a price out of bounds, under the field it belongs to', () => {
    expect(fieldErrors(parseForm(coachProfileSchema, { ...base, lengthsShown: '1', price30: '25' }))).toEqual({ sessionLengths: ['Please offer at least one session length'] });
    expect(
      fieldErrors(
        parseForm(coachProfileSchema, { ...base, lengthsShown: '1', length30: 'on', price30: '9', length60: 'on', price60: '1001', length90: 'on', price90: '40.5', length120: 'on', price120: 'abc' }),
      ),
    ).toEqual({
      price30: ['Price must be at least £10'],
      price60: ['Price cannot exceed £1000'],
      price90: ['Price must be a whole number of pounds'],
      price120: ['Price must be a number'],
    });
  });
});

describe('admin forms', () => {
  it('takes an optional reason for a deletion decision and a removal', () => {
    const id = '30000000-0000-4000-8000-000000000001';
    expect(parseForm(deletionDecisionSchema, { requestId: id, decision: 'approved' }).ok).toBe(true);
    expect(firstMessage(parseForm(deletionDecisionSchema, { requestId: id, decision: 'maybe' }))).toBe('Please choose approve or reject');
    expect(firstMessage(parseForm(deletionDecisionSchema, { requestId: 'nope', decision: 'approved' }))).toBe('Invalid ID format');
    expect(parseForm(removeUserSchema, { userId: id, reason: '' })).toEqual({ ok: true, value: { userId: id, reason: null } });
  });
});

describe('parsing twice', () => {
  it('gives the same value when a parsed form is parsed again (forms and server share the schemas)', () => {
    const forms = [
      [registrationSchema, { ...coach, credentials: 'UEFA B\nFA Level 2', serviceRadius: '10', bio: ' <b>Hi</b> ' }],
      [profileSchema, { fullName: ' Sam ', phone: '', location: 'Leeds', videoClip1: 'https://youtu.be/dQw4w9WgXcQ', preferredSessionTimes: 'weekend' }],
      [coachProfileSchema, { hourlyRate: '50', servicesOffered: 'striker', ageGroups: ['adults', 'adults'] }],
    ] as const;
    for (const [schema, input] of forms) {
      const once = schema.parse(input);
      expect(schema.parse(once)).toEqual(once);
    }
  });
});
