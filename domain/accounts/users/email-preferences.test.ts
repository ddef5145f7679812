import { describe, expect, it } from 'vitest';
import { emailKindOf, NOTIFICATION_EVENTS } from '../../notifications/email-job';
import { ALL_EMAILS_ON, applyEmailPreferenceChange, parseEmailPreferenceChange, parseEmailPreferences, storedEmailPreferences, wantsEmail } from './email-preferences';

describe('email preferences', () => {
  it('reads every kind as on unless it is stored as false, ignoring anything unknown', () => {
    expect(parseEmailPreferences({})).toEqual(ALL_EMAILS_ON);
    expect(parseEmailPreferences(null)).toEqual(ALL_EMAILS_ON);
    expect(parseEmailPreferences({ message_digest: false, booking_requests: 'no', payments: false, spam: false })).toEqual({
      ...ALL_EMAILS_ON,
      message_digest: false,
    });
  });

  it('always sends money and account emails, whatever is stored', () => {
    const allOff = { booking_requests: false, booking_updates: false, session_reminders: false, session_completed: false, message_digest: false };
    expect(wantsEmail(allOff, 'payments')).toBe(true);
    expect(wantsEmail(allOff, 'account')).toBe(true);
    expect(wantsEmail(allOff, 'message_digest')).toBe(false);
  });

  it('stores only the kinds turned off', () => {
    const prefs = applyEmailPreferenceChange(ALL_EMAILS_ON, { kind: 'session_completed', enabled: false });
    expect(storedEmailPreferences(prefs)).toEqual({ session_completed: false });
    expect(storedEmailPreferences(applyEmailPreferenceChange(prefs, { kind: 'session_completed', enabled: true }))).toEqual({});
  });

  it('accepts a toggle from the form and refuses to turn off an essential kind', () => {
    expect(parseEmailPreferenceChange({ kind: 'message_digest', enabled: 'off' })).toEqual({ ok: true, value: { kind: 'message_digest', enabled: false } });
    expect(parseEmailPreferenceChange({ kind: 'booking_updates', enabled: 'on' })).toEqual({ ok: true, value: { kind: 'booking_updates', enabled: true } });
    expect(parseEmailPreferenceChange({ kind: 'payments', enabled: 'off' })).toMatchObject({ ok: false, error: { code: 'EMAIL_PREFERENCE_ESSENTIAL' } });
    expect(parseEmailPreferenceChange({ kind: 'account', enabled: 'on' })).toMatchObject({ ok: false, error: { code: 'EMAIL_PREFERENCE_ESSENTIAL' } });
    expect(parseEmailPreferenceChange({ kind: 'booking_updates', enabled: 'maybe' })).toMatchObject({ ok: false, error: { code: 'EMAIL_PREFERENCE_INVALID' } });
  });

  it('treats every email about money or the account as essential', () => {
    const essential = NOTIFICATION_EVENTS.filter((e) => ['payments', 'account'].includes(emailKindOf(e, 'client')));
    expect(essential).toEqual([
      'booking_accepted',
      'booking_declined',
      'booking_cancelled',
      'dispute_opened',
      'dispute_resolved',
      'deletion_decided',
      'payment_receipt',
      'package_purchased',
      'package_refunded',
    ]);
    expect(emailKindOf('package_purchased', 'coach')).toBe('booking_requests');
    expect(emailKindOf('booking_accepted', 'coach')).toBe('booking_updates');
  });
});
