import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../support/accounts';
import { createTestBooking } from '../../support/fixtures/bookings';
import { sameOrigin, useHttpApp } from '../../support/http-app';

/**
 * What the operator reads. Sign-ins, failed sign-ins, refused actions, admin actions
 * and payment events are structured lines with the request id and the actor; no line ever holds
 * a password, a session cookie, a token, card data or a whole email address.
 */
const http = useHttpApp();
const CARD = '4242424242424242';
const CVC = '917';

async function post(path: string, form: Record<string, string>, cookie?: string) {
  return fetch(`${http.baseUrl}${path}`, {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: sameOrigin(http.baseUrl, cookie ? { Cookie: cookie } : {}),
    redirect: 'manual',
  });
}

const ACTOR_KEYS = ['userId', 'actorId', 'adminId'];

describe('operator logs', () => {
  let client: CreatedUser;
  let other: CreatedUser;
  let coach: CreatedUser;
  let admin: CreatedUser;
  let clientCookie = '';
  const secrets: string[] = [];

  beforeAll(async () => {
    client = await createUser(http.app, { email: 'log.client@example.com', password: 'client-secret-pass-1' });
    other = await createUser(http.app, { email: 'log.other@example.com', password: 'other-secret-pass-2' });
    coach = await createUser(http.app, { userType: 'coach', email: 'log.coach@example.com', password: 'coach-secret-pass-3' });
    admin = await createUser(http.app, { role: 'admin', email: 'log.admin@example.com', password: 'admin-secret-pass-4' });
    secrets.push(client.password, other.password, coach.password, admin.password, client.email, other.email, coach.email, admin.email);
    http.clearLogs();
  });

  it('logs a sign-in with the request id and the person, and a failed one with a masked address only', async () => {
    const ok = await post('/auth/login', { email: client.email, password: client.password });
    expect(ok.status).toBe(302);
    clientCookie = (ok.headers.get('set-cookie') ?? '').split(';')[0]!;
    secrets.push(clientCookie.split('=')[1]!);
    const failed = await post('/auth/login', { email: other.email, password: 'guessed-password-9' });
    expect(failed.status).toBe(422);
    secrets.push('guessed-password-9');

    const signIn = http.logs().find((l) => l.event === 'sign_in');
    expect(signIn).toMatchObject({ userId: client.user.id, method: 'email', requestId: expect.any(String) });
    const refused = http.logs().find((l) => l.event === 'sign_in_failed');
    expect(refused).toMatchObject({ code: 'INVALID_CREDENTIALS', email: 'l***@example.com', requestId: expect.any(String) });
    // The request line of the same request carries the same id (written when the response finishes).
    await expect.poll(() => http.logs().some((l) => l.msg === 'request' && l.requestId === refused?.requestId && l.status === 422)).toBe(true);
  });

  it('logs a refused action with the request id and who tried', async () => {
    const booking = await createTestBooking(http.app, { clientId: client.user.id, coachId: coach.user.id });
    const otherCookie = (await post('/auth/login', { email: other.email, password: other.password })).headers.get('set-cookie')!.split(';')[0]!;
    secrets.push(otherCookie.split('=')[1]!);
    const res = await post('/MyBookings', { intent: 'cancel', bookingId: booking.id, reason: 'Not mine' }, otherCookie);
    expect(res.status).toBe(404);
    const line = http.logs().find((l) => l.msg === 'booking action refused' && l.bookingId === booking.id);
    expect(line).toMatchObject({ userId: other.user.id, intent: 'cancel', code: 'NOT_BOOKING_PARTY', requestId: expect.any(String) });

    const adminPage = await fetch(`${http.baseUrl}/AdminUsers`, { headers: { Cookie: otherCookie }, redirect: 'manual' });
    expect(adminPage.status).toBe(404);
    expect(http.logs().find((l) => l.msg === 'refused: not an administrator')).toMatchObject({ userId: other.user.id, requestId: expect.any(String) });
  });

  it('logs an admin action with the administrator and the target', async () => {
    const adminCookie = (await post('/auth/login', { email: admin.email, password: admin.password })).headers.get('set-cookie')!.split(';')[0]!;
    secrets.push(adminCookie.split('=')[1]!);
    const target = await createUser(http.app, { email: 'log.target@example.com' });
    secrets.push(target.email);
    const res = await post('/AdminUsers', { intent: 'remove_user', userId: target.user.id, reason: 'Spam' }, adminCookie);
    expect(res.status).toBe(200);
    expect(http.logs().find((l) => l.msg === 'admin action')).toMatchObject({ actorId: admin.user.id, target: target.user.id, intent: 'remove_user', requestId: expect.any(String) });
  });

  it('logs each payment step with the booking and the payer, and only the last four digits of the card', async () => {
    const booking = await createTestBooking(http.app, { clientId: client.user.id, coachId: coach.user.id, startsAt: new Date(Date.now() + 5 * 86_400_000), paid: false });
    const start = await post(`/api/payments/${booking.id}`, { intent: 'start' }, clientCookie);
    expect(start.status).toBe(200);
    const session = ((await start.json()) as { session: { intentId: string; clientSecret: string | null } }).session;
    if (session.clientSecret) secrets.push(session.clientSecret);
    const confirm = await post(`/api/payments/${booking.id}`, { intent: 'confirm-test-card', intentId: session.intentId, cardNumber: CARD, expiry: '12/34', cvc: CVC }, clientCookie);
    expect(confirm.status).toBe(200);
    const lines = http.logs().filter((l) => l.bookingId === booking.id);
    expect(lines.find((l) => l.event === 'payment_opened')).toMatchObject({ userId: client.user.id, amountPence: 5300, requestId: expect.any(String) });
    expect(lines.find((l) => l.msg === 'test card confirmed')).toMatchObject({ userId: client.user.id, last4: '4242' });
    expect(lines.find((l) => l.event === 'payment_confirmed')).toMatchObject({ userId: client.user.id, paymentStatus: 'authorized', requestId: expect.any(String) });
  });

  it('never writes a password, a cookie, a token, card data or a whole email address', async () => {
    // A registration and a verification link go through the logs too.
    const reg = await post('/Register', {
      email: 'log.new@example.com',
      password: 'brand-new-secret-5',
      fullName: 'New Person',
      phone: '+44 7700 900123',
      location: 'London',
      userType: 'client',
      confirmAge: 'on',
    });
    expect(reg.status).toBe(302);
    secrets.push('log.new@example.com', 'brand-new-secret-5');
    const token = 'eyJhbGciOiJIUzI1NiJ9.forged-token-value.signature';
    await fetch(`${http.baseUrl}/auth/verify?token=${token}`, { redirect: 'manual' });
    secrets.push('forged-token-value');

    const raw = http.rawLogs();
    expect(raw.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(raw, `a log line holds ${secret.slice(0, 6)}…`).not.toContain(secret);
    expect(raw).not.toContain(CARD);
    expect(raw).not.toMatch(/4242[ -]?4242[ -]?4242[ -]?4242/);
    for (const line of http.logs()) {
      for (const key of ['password', 'cardNumber', 'cvc', 'cookie', 'token', 'clientSecret', 'passwordHash']) {
        const value = line[key];
        if (value !== undefined) expect(value, `${key} in ${String(line.msg)}`).toBe('[redacted]');
      }
      expect(JSON.stringify(line)).not.toMatch(/[a-z0-9._%+-]{2,}@example\.com/i);
    }
  });

  it('gives every sign-in, refusal, admin and payment line its request id and an actor', () => {
    const kinds = ['signed in', 'login refused', 'booking action refused', 'refused: not an administrator', 'admin action', 'payment opened', 'test card confirmed', 'payment confirmed'];
    const operatorLines = http.logs().filter((l) => kinds.includes(String(l.msg)));
    expect(new Set(operatorLines.map((l) => l.msg))).toEqual(new Set(kinds));
    expect(operatorLines.length).toBeGreaterThanOrEqual(8);
    for (const line of operatorLines) {
      expect(line.requestId, String(line.msg)).toEqual(expect.any(String));
      const actor = ACTOR_KEYS.some((k) => typeof line[k] === 'string') || typeof line.email === 'string';
      expect(actor, `${String(line.msg)} names no actor`).toBe(true);
    }
  });
});
