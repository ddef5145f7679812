import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { cancelBooking } from '../../../domain/booking/lifecycle/use-cases/cancel-booking';
import { requestBooking } from '../../../domain/booking/requests/use-cases/request-booking';
import { updateEmailPreference, viewEmailPreferences } from '../../../domain/notifications/use-cases/email-preferences';
import { action, loader } from '../../../app/routes/api.email-preferences';
import { authoriseWithTestCard } from '../../support/fixtures/bookings';
import { useTestApp } from '../../support/app';
import { insertPerson, remixContext, requestAs, type Person } from '../../support/booking-flow';
import { clearEmailJobs, emailJobs, expectOk, notificationWorker, recordingMailer } from './notification-fixtures';

const ctx = useTestApp();
const DAY = 24 * 3_600_000;
let client: Person;
let coach: Person;
const deps = () => ctx.app.deps();

let hour = 0;
async function request() {
  hour += 2;
  const startsAt = new Date(Date.now() + 4 * DAY);
  // SPEC's grid: the slot engine offers 09:00 to 20:00 London to a coach without weekly hours.
  startsAt.setUTCHours(9 + (hour % 11), 0, 0, 0);
  startsAt.setUTCDate(startsAt.getUTCDate() + Math.floor(hour / 11));
  return await authoriseWithTestCard(
    ctx.app,
    expectOk(await requestBooking(ctx.app.deps(), { actor: client.actor, coachId: coach.id, serviceType: 'striker', startsAt, durationMinutes: 60, locationType: 'outdoor' })),
  );
}

beforeAll(async () => {
  client = await insertPerson(ctx.db, { type: 'client', name: 'Sam Client' });
  coach = await insertPerson(ctx.db, { type: 'coach', name: 'Alex Coach' });
});

beforeEach(async () => {
  await clearEmailJobs(ctx.db);
  await ctx.db.query(`update users set email_preferences = '{}'::jsonb`);
});

describe('email preferences', () => {
  it('lists each kind for the person, with the money and account emails always on', async () => {
    const view = expectOk(await viewEmailPreferences(deps(), { actor: client.actor }));
    expect(view.kinds.map((k) => [k.kind, k.enabled, k.optional])).toEqual([
      ['booking_updates', true, true],
      ['session_reminders', true, true],
      ['session_completed', true, true],
      ['message_digest', true, true],
      ['payments', true, false],
      ['account', true, false],
    ]);
    const coachView = expectOk(await viewEmailPreferences(deps(), { actor: coach.actor }));
    expect(coachView.kinds[0]).toMatchObject({ kind: 'booking_requests', enabled: true });
  });

  it('refuses to turn off money and account-security emails', async () => {
    const refused = await updateEmailPreference(deps(), { actor: client.actor, form: { kind: 'payments', enabled: 'off' } });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid', code: 'EMAIL_PREFERENCE_ESSENTIAL' } });
    const unknown = await updateEmailPreference(deps(), { actor: client.actor, form: { kind: 'spam', enabled: 'off' } });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'EMAIL_PREFERENCE_INVALID' } });
  });

  it('stores only what is turned off, one kind at a time, without touching the rest of the account', async () => {
    const [before] = await ctx.db.query<{ version: number }>(`select version from users where id = $1`, [client.id]);
    await Promise.all([
      updateEmailPreference(deps(), { actor: client.actor, form: { kind: 'message_digest', enabled: 'off' } }),
      updateEmailPreference(deps(), { actor: client.actor, form: { kind: 'session_completed', enabled: 'off' } }),
    ]);
    const [row] = await ctx.db.query<{ email_preferences: unknown; version: number }>(`select email_preferences, version from users where id = $1`, [client.id]);
    expect(row).toEqual({ email_preferences: { message_digest: false, session_completed: false }, version: before!.version });
    expectOk(await updateEmailPreference(deps(), { actor: client.actor, form: { kind: 'message_digest', enabled: 'on' } }));
    expectOk(await updateEmailPreference(deps(), { actor: client.actor, form: { kind: 'session_completed', enabled: true } }));
    const [after] = await ctx.db.query<{ email_preferences: unknown }>(`select email_preferences from users where id = $1`, [client.id]);
    expect(after!.email_preferences).toEqual({});
  });

  it('does not send a kind the person turned off, and records why', async () => {
    expectOk(await updateEmailPreference(deps(), { actor: coach.actor, form: { kind: 'booking_requests', enabled: 'off' } }));
    await request();
    const [job] = await emailJobs(ctx.db, `type = 'email.booking_requested'`);
    expect(job!.type).toBe('email.booking_requested');
    const mailer = recordingMailer();
    await notificationWorker(ctx.app, mailer).drain();
    // The coach turned requests off; the client's receipt is a payment email and still goes.
    expect(mailer.sent.map((m) => `${m.to}: ${m.subject.split(':')[0]}`)).toEqual([`${client.id}@example.test: Payment received`]);
    const [delivery] = await ctx.db.query(`select status, reason, user_id from notification_deliveries where job_id = $1`, [job!.id]);
    expect(delivery).toEqual({ status: 'skipped', reason: 'turned_off', user_id: coach.id });
  });

  it('still sends the confirmation with payment and the cancellation with the refund when every optional kind is off', async () => {
    for (const kind of ['booking_updates', 'session_completed', 'message_digest']) expectOk(await updateEmailPreference(deps(), { actor: client.actor, form: { kind, enabled: 'off' } }));
    for (const kind of ['booking_requests', 'booking_updates']) expectOk(await updateEmailPreference(deps(), { actor: coach.actor, form: { kind, enabled: 'off' } }));
    const b = await request();
    expectOk(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: b.id }));
    expectOk(await cancelBooking(ctx.app.deps(), { actor: client.actor, bookingId: b.id, reason: 'Ill' }));
    const mailer = recordingMailer();
    await notificationWorker(ctx.app, mailer).drain();
    expect(mailer.sent.map((m) => `${m.to === `${client.id}@example.test` ? 'client' : 'coach'}: ${m.subject.split(':')[0]}`).sort()).toEqual([
      'client: Booking cancelled',
      'client: Booking confirmed',
      'client: Payment received',
      'coach: Booking cancelled',
    ]);
  });

  it('sends nothing to a deactivated account except about the account itself', async () => {
    const b = await request();
    await ctx.db.query(`update users set is_active = false, deactivated_at = now() where id = $1`, [coach.id]);
    try {
      const mailer = recordingMailer();
      await notificationWorker(ctx.app, mailer).drain();
      expect(mailer.sent.filter((m) => m.to === `${coach.id}@example.test`)).toEqual([]);
      const [delivery] = await ctx.db.query(
        `select d.status, d.reason from notification_deliveries d join outbox_jobs j on j.id = d.job_id where j.payload->'booking'->>'id' = $1 and d.user_id = $2`,
        [b.id, coach.id],
      );
      expect(delivery).toEqual({ status: 'skipped', reason: 'inactive' });
    } finally {
      await ctx.db.query(`update users set is_active = true, deactivated_at = null where id = $1`, [coach.id]);
    }
  });

  it('answers the profile page: GET the kinds, POST one change, 422 for an essential kind, signed-out answered 401', async () => {
    const args = async (form?: Record<string, string>, userId: string | null = client.id) => ({
      request: await requestAs(ctx.app, userId, '/api/email-preferences', form),
      context: remixContext(ctx.app),
      params: {},
    });
    const got = await loader(await args());
    expect(got.status).toBe(200);
    expect(got.headers.get('Cache-Control')).toBe('no-store');
    const body = (await got.json()) as unknown as { ok: boolean; preferences: { kinds: { kind: string; enabled: boolean }[] } };
    expect(body.preferences.kinds.find((k) => k.kind === 'message_digest')).toMatchObject({ enabled: true });
    // Decision 013: the profile's section lists the kinds it is given, session reminders among them.
    expect(body.preferences.kinds.find((k) => k.kind === 'session_reminders')).toMatchObject({ label: 'Session reminders', enabled: true, optional: true });
    const reminders = await action(await args({ kind: 'session_reminders', enabled: 'off' }));
    expect(((await reminders.json()) as unknown as typeof body).preferences.kinds.find((k) => k.kind === 'session_reminders')).toMatchObject({ enabled: false });

    const changed = await action(await args({ kind: 'message_digest', enabled: 'off' }));
    expect(changed.status).toBe(200);
    const after = (await changed.json()) as unknown as typeof body;
    expect(after.preferences.kinds.find((k) => k.kind === 'message_digest')).toMatchObject({ enabled: false });

    const refused = await action(await args({ kind: 'account', enabled: 'off' }));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ ok: false, code: 'EMAIL_PREFERENCE_ESSENTIAL', error: 'Emails about payments and account security are always sent.' });

    const signedOut = await loader(await args(undefined, null));
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ ok: false, code: 'SIGNED_OUT' });
  });
});
