import { readdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '../../../adapters/composition-root';
import { sessionStorageFor } from '../../../app/auth/session.server';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';
import { issueCalendarFeed } from '../../../domain/notifications/use-cases/calendar-feed';
import { createTestBooking } from '../../support/fixtures/bookings';
import { linkCalendar } from '../../../domain/availability/use-cases/link-calendar';
import { sendEnquiry } from '../../../domain/messaging/use-cases/send-enquiry';

/**
 * Authorisation: every loader and every action of every file in app/routes, called as each kind
 * of person against records they do and do not own, with the answer checked and — whenever the
 * call is not one that may write — every table compared before and after. A route file the
 * table does not cover fails the first test.
 *
 * Answers: a number is the HTTP status; 'login' is a redirect to the landing page's login
 * dialog; 'go:/X' a redirect to /X. Routes are called the way the server calls them (a signed
 * session cookie, the request context), the module's own loader/action.
 */
const ctx = useTestApp();
const ROUTES_DIR = path.resolve(import.meta.dirname, '../../../app/routes');

const ROLES = ['anonymous', 'client', 'otherClient', 'coach', 'otherCoach', 'admin', 'deactivated'] as const;
type Role = (typeof ROLES)[number];
type Answer = number | 'login' | `go:${string}`;
type Expectation = Record<Role, Answer>;

interface World {
  people: Record<Exclude<Role, 'anonymous'>, Person>;
  /** A coach nobody in the table owns anything with: the target of new booking requests. */
  thirdCoach: Person;
  /** A pending request of client with coach (read-only probes use it). */
  booking: string;
  /** A pending request of the deactivated client with coach. */
  deactivatedBooking: string;
  deletionRequest: string;
}

type Ids = Record<string, string>;

interface Probe {
  name: string;
  kind: 'loader' | 'action';
  /** Fresh records for each call (actions that may succeed change them). */
  prepare?: (w: World) => Promise<Ids>;
  url: (w: World, ids: Ids) => string;
  form?: (w: World, ids: Ids, role: Role) => Record<string, string>;
  params?: (w: World, ids: Ids) => Record<string, string>;
  expect: Expectation;
  /** Roles whose call may change stored data; for every other role nothing may change. */
  writers?: readonly Role[];
  /** Stored changes any caller may cause (read receipts when a conversation is opened). */
  tolerated?: readonly string[];
  /** The order of the callers matters (a limit counted across them): one after the other. */
  sequential?: boolean;
}

interface RouteEntry {
  /** Why the route needs no probe (a page without loader or action). */
  noServerCode?: string;
  probes: Probe[];
}

// --- expectation builders -------------------------------------------------------------------

const everyone = (answer: Answer): Expectation => Object.fromEntries(ROLES.map((r) => [r, answer])) as Expectation;
/** Signed-in people get `answer` (with overrides); signed-out and deactivated go to the login. */
const members = (answer: Answer, overrides: Partial<Expectation> = {}): Expectation => ({
  ...everyone(answer),
  anonymous: 'login',
  deactivated: 'login',
  ...overrides,
});
/** Administrators only: everyone else signed in gets a plain 404 (SPEC: they see nothing of it). */
const adminOnly = (answer: Answer = 200): Expectation => members(404, { admin: answer });
/** The parties of the booking get `party`, strangers 404 (they learn nothing of it). */
const parties = (party: Partial<Expectation>): Expectation => members(404, party);
/** A JSON resource under /api/: the signed-out and deactivated get 401, never a login redirect (a fetcher would follow it). */
const api = (expectation: Expectation): Expectation => ({ ...expectation, anonymous: 401, deactivated: 401 });
const SIGNED_IN: readonly Role[] = ['client', 'otherClient', 'coach', 'otherCoach', 'admin'];

// --- the table -------------------------------------------------------------------------------

/** A fresh request of client with coach, paid (authorised) as every request that reaches a coach is. */
const newBooking = async (w: World): Promise<Ids> => ({
  booking: (await createTestBooking(ctx.app, { clientId: w.people.client.id, coachId: w.people.coach.id, startsAt: slot() })).id,
});
/** A fresh booking of client with coach, captured, completed and disputed by the client (an administrator decides it). */
const newDisputedBooking = async (w: World): Promise<Ids> => {
  const ids = await newBooking(w);
  await ctx.db.query(
    `update bookings set status = 'disputed', payment_status = 'captured', amount_captured_pence = total_price_pence, completed_at = now(),
       dispute_status = 'open', dispute_reason = 'Matrix', dispute_opened_by = client_id, dispute_opened_at = now() where id = $1`,
    [ids.booking],
  );
  return ids;
};
/** A fresh completed booking whose coach's share was released and the transfer refused. */
const newFailedPayout = async (w: World): Promise<Ids> => {
  const ids = await newBooking(w);
  await ctx.db.query(
    `update bookings set status = 'completed', payment_status = 'released', amount_captured_pence = total_price_pence, completed_at = now(), payment_released_at = now() where id = $1`,
    [ids.booking],
  );
  await ctx.db.query(
    `insert into coach_transfers (booking_id, coach_id, coach_share_pence, platform_share_pence, commission_bps, status, last_error, released_at)
     select id, coach_id, service_price_pence, admin_fee_pence, 0, 'failed', 'Payouts are disabled', now() from bookings where id = $1`,
    [ids.booking],
  );
  return ids;
};
/** A fresh request on which the client has proposed a new time, waiting for the coach's answer. */
const newBookingWithClientProposal = async (w: World): Promise<Ids> => {
  const ids = await newBooking(w);
  await ctx.db.query(`update bookings set reschedule_status = 'pending', reschedule_requested_by = client_id, reschedule_proposed_starts_at = starts_at + interval '1 day' where id = $1`, [
    ids.booking,
  ]);
  return ids;
};
/** An id nothing has. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
/** A fresh package on sale from coach. */
const newPackageOffer = async (w: World): Promise<Ids> => {
  const [row] = await ctx.db.query<{ id: string }>(
    `insert into package_offers (id, coach_id, sessions, duration_minutes, total_price_pence, validity_weeks) values (gen_random_uuid(), $1, 5, 60, 20000, 8) returning id`,
    [w.people.coach.id],
  );
  return { offer: row!.id };
};
/** A fresh request the client has not paid yet (decision 011: the coach is not shown it and cannot accept it). */
const newUnpaidBooking = async (w: World): Promise<Ids> => ({
  booking: (await createTestBooking(ctx.app, { clientId: w.people.client.id, coachId: w.people.coach.id, startsAt: slot(), paid: false })).id,
});

/** A fresh enquiry of client with coach (decision 052), opened by the client's first message. */
const newEnquiry = async (w: World): Promise<Ids> => {
  const sent = await sendEnquiry(ctx.app.deps(), { actor: w.people.client.actor, form: { coachId: w.people.coach.id, content: 'Do you coach under-12s?' } });
  if (!sent.ok) throw new Error(sent.error.message);
  return { enquiry: sent.value.enquiryId };
};

/** Both coaches with a linked calendar and no sync waiting (the sync and unlink probes start from it). */
const linkCoachCalendars = async (w: World): Promise<Ids> => {
  for (const coach of [w.people.coach, w.people.otherCoach]) {
    const linked = await linkCalendar(ctx.app.deps(), { actor: coach.actor, coachId: coach.id, address: 'https://calendar.example.com/private-matrix/basic.ics' });
    if (!linked.ok) throw new Error(linked.error.message);
  }
  await ctx.db.query(`update coach_calendar_links set sync_requested_at = null`);
  return {};
};

/** Decision 048: an administrator's profile is nobody's to see on CoachProfile, signed out included. */
const adminsCoachProfile: Probe = {
  name: "an administrator's coach profile",
  kind: 'loader',
  url: (w) => `/CoachProfile?userId=${w.people.admin.id}`,
  expect: { ...everyone(404), admin: 'go:/AdminDashboard' },
};

const ROUTES: Record<string, RouteEntry> = {
  '$.tsx': {
    probes: [
      { name: 'an unknown path', kind: 'loader', url: () => '/no/such/page', expect: everyone('go:/') },
      { name: 'a post to an unknown path', kind: 'action', url: () => '/no/such/page', form: () => ({ a: '1' }), expect: everyone('go:/') },
    ],
  },
  '_index.tsx': {
    probes: [
      { name: 'the landing page', kind: 'loader', url: () => '/', expect: everyone(200) },
      {
        name: 'the landing page after sign-in',
        kind: 'loader',
        url: () => '/?next=dashboard',
        expect: { ...everyone('go:/FindCoaches'), anonymous: 200, deactivated: 200, coach: 'go:/CoachDashboard', otherCoach: 'go:/CoachDashboard', admin: 'go:/AdminDashboard' },
      },
    ],
  },
  'Landing.tsx': { probes: [{ name: 'Landing', kind: 'loader', url: () => '/Landing', expect: everyone(200) }] },
  'Terms.tsx': { noServerCode: 'a static page', probes: [] },
  'PrivacyPolicy.tsx': { noServerCode: 'a static page', probes: [] },
  'Register.tsx': {
    probes: [
      {
        name: 'the registration page',
        kind: 'loader',
        url: () => '/Register',
        expect: { ...everyone('go:/FindCoaches'), anonymous: 200, deactivated: 200, coach: 'go:/CoachDashboard', otherCoach: 'go:/CoachDashboard', admin: 'go:/AdminDashboard' },
      },
      {
        name: 'registering',
        kind: 'action',
        url: () => '/Register',
        form: () => registration(`matrix-${randomUUID().slice(0, 8)}@example.com`),
        expect: everyone('go:/'),
        writers: ROLES,
      },
    ],
  },
  'auth.login.tsx': {
    probes: [
      { name: 'GET', kind: 'loader', url: () => '/auth/login', expect: everyone('login') },
      // One address per caller: five failures on one account lock it (checked in accounts-sessions).
      {
        name: 'a wrong password',
        kind: 'action',
        url: () => '/auth/login',
        form: (_w, _ids, role) => ({ email: `nobody-${role.toLowerCase()}@example.com`, password: 'not-the-password' }),
        expect: everyone(422),
      },
      {
        name: "someone else's account",
        kind: 'action',
        sequential: true,
        url: () => '/auth/login',
        form: (w) => ({ email: emailOf(w.people.otherClient), password: 'not-the-password' }),
        expect: { ...everyone(422), admin: 429, deactivated: 429 },
      },
    ],
  },
  'auth.logout.tsx': {
    probes: [
      { name: 'GET never signs out', kind: 'loader', url: () => '/auth/logout', expect: everyone('go:/') },
      { name: 'signing out', kind: 'action', url: () => '/auth/logout', form: () => ({}), expect: everyone('go:/'), writers: [...SIGNED_IN, 'deactivated'] },
    ],
  },
  'auth.verify.tsx': {
    probes: [{ name: 'a forged verification link', kind: 'loader', url: () => '/auth/verify?token=forged.token.value', expect: everyone('go:/') }],
  },
  'auth.resend-verification.tsx': {
    probes: [
      { name: 'GET', kind: 'loader', url: () => '/auth/resend-verification', expect: everyone('login') },
      { name: 'asking for a link', kind: 'action', url: () => '/auth/resend-verification', form: () => ({ email: 'nobody-matrix@example.com' }), expect: everyone(200) },
    ],
  },
  'ForgotPassword.tsx': {
    probes: [
      // Queues a job whoever asks (the answer never says whether the account exists); one email per caller (5 an hour per email).
      {
        name: 'asking for a reset link',
        kind: 'action',
        url: () => '/ForgotPassword',
        form: (_w, _ids, role) => ({ email: `reset-${role.toLowerCase()}@example.com` }),
        expect: everyone(200),
        writers: ROLES,
      },
    ],
  },
  'ResetPassword.tsx': {
    probes: [
      { name: 'a forged reset link', kind: 'loader', url: () => '/ResetPassword?token=forged.token', expect: everyone(200) },
      {
        name: 'a forged reset link posted',
        kind: 'action',
        url: () => '/ResetPassword',
        form: () => ({ token: 'forged.token', newPassword: 'matrix-pass-1', confirmPassword: 'matrix-pass-1' }),
        expect: everyone(422),
      },
      {
        name: 'a valid reset link (the link is the credential, whoever holds it)',
        kind: 'action',
        prepare: async () => ({ token: await resetTokenOf((await insertPerson(ctx.db, { type: 'client', name: 'Reset Target' })).id) }),
        url: () => '/ResetPassword',
        form: (_w, ids) => ({ token: ids.token!, newPassword: 'matrix-pass-1', confirmPassword: 'matrix-pass-1' }),
        expect: everyone('login'),
        writers: ROLES,
      },
    ],
  },
  'auth.google.tsx': {
    probes: [
      { name: 'GET', kind: 'loader', url: () => '/auth/google', expect: everyone('login') },
      { name: 'starting Google sign-in (not configured)', kind: 'action', url: () => '/auth/google', form: () => ({}), expect: everyone('go:/') },
    ],
  },
  'auth.google.callback.tsx': {
    probes: [{ name: 'a callback without a started sign-in', kind: 'loader', url: () => '/auth/google/callback?code=x&state=y', expect: everyone('go:/') }],
  },
  'test.clock.tsx': {
    probes: [
      // In test mode (this suite) anyone may read it; production answers 404 (checked below).
      { name: 'reading the test clock', kind: 'loader', url: () => '/test/clock', expect: everyone(200) },
      { name: 'resetting the test clock', kind: 'action', url: () => '/test/clock', form: () => ({ reset: '1' }), expect: everyone(200) },
    ],
  },
  '_app.tsx': {
    probes: [
      { name: 'the signed-in shell', kind: 'loader', url: () => '/Messages', expect: members(200) },
      // Decision 048: the signed-out shell of the public pages, and only of them.
      { name: 'the shell of the coach search', kind: 'loader', url: () => '/FindCoaches', expect: everyone(200) },
      { name: "the shell of a coach's profile", kind: 'loader', url: (w) => `/CoachProfile?userId=${w.people.coach.id}`, expect: everyone(200) },
    ],
  },
  '_app.FindCoaches.tsx': {
    probes: [
      { name: 'the coach search (signed out too: decision 048)', kind: 'loader', url: () => '/FindCoaches', expect: members(200, { admin: 'go:/AdminDashboard', anonymous: 200, deactivated: 200 }) },
      {
        name: 'booking a session',
        kind: 'action',
        url: () => '/FindCoaches',
        form: (w) => bookingForm(w.thirdCoach.id),
        expect: members(200, { admin: 403 }),
        writers: ['client', 'otherClient', 'coach', 'otherCoach'],
      },
      {
        name: 'booking oneself',
        kind: 'action',
        url: () => '/FindCoaches',
        form: (w) => bookingForm(w.people.coach.id),
        expect: members(200, { coach: 403, admin: 403 }),
        writers: ['client', 'otherClient', 'otherCoach'],
      },
      {
        // Decision 017: only the guardian books for their player; anyone else's attempt is 'not found'.
        name: "booking a session for the client's player",
        kind: 'action',
        prepare: async (w) => {
          await ctx.db.query(`update coach_profiles set age_groups = '{adults}' where user_id = $1`, [w.thirdCoach.id]);
          return { player: await playerOf(w.people.client.id) };
        },
        url: () => '/FindCoaches',
        // A day the other probes' slots never reach (bookingForm cycles through 10 to 49 days ahead).
        form: (w, ids) => ({
          intent: 'book',
          coachId: w.thirdCoach.id,
          serviceType: 'striker',
          date: londonDate(60),
          time: '10:00',
          durationMinutes: '60',
          locationType: 'online',
          playerId: ids.player!,
        }),
        expect: members(404, { client: 200, admin: 403 }),
        writers: ['client'],
      },
    ],
  },
  '_app.MyBookings.tsx': {
    probes: [
      { name: 'the bookings list', kind: 'loader', url: () => '/MyBookings', expect: members(200, { admin: 'go:/AdminDashboard' }) },
      ...bookingActionProbes('/MyBookings'),
      { name: 'refunding a package that is not one’s own', kind: 'action', url: () => '/MyBookings', form: () => ({ intent: 'package-refund', purchaseId: NO_SUCH_ID }), expect: members(404) },
    ],
  },
  '_app.CoachDashboard.tsx': {
    probes: [
      {
        name: 'the coach dashboard',
        kind: 'loader',
        url: () => '/CoachDashboard',
        expect: members(200, { client: 'go:/FindCoaches', otherClient: 'go:/FindCoaches', admin: 'go:/AdminDashboard' }),
      },
      {
        name: 'accepting from the dashboard',
        kind: 'action',
        prepare: newBooking,
        url: () => '/CoachDashboard',
        form: (_w, ids) => ({ intent: 'accept', bookingId: ids.booking! }),
        expect: parties({ client: 403, coach: 200, admin: 403 }),
        writers: ['coach'],
      },
      {
        name: 'accepting a request not paid yet (decision 011)',
        kind: 'action',
        prepare: newUnpaidBooking,
        url: () => '/CoachDashboard',
        form: (_w, ids) => ({ intent: 'accept', bookingId: ids.booking! }),
        expect: parties({ client: 403, coach: 409, admin: 403 }),
      },
    ],
  },
  '_app.Messages.tsx': { probes: [{ name: 'the conversation list', kind: 'loader', url: () => '/Messages', expect: members(200) }] },
  'Conversation.tsx': {
    probes: [
      {
        name: "a booking's conversation",
        kind: 'loader',
        url: (w) => `/Conversation?booking_id=${w.booking}`,
        expect: parties({ client: 200, coach: 200, admin: 200 }),
        tolerated: ['messages'],
      },
      {
        name: 'a conversation that does not exist',
        kind: 'loader',
        url: () => `/Conversation?booking_id=${randomUUID()}`,
        expect: members(404),
      },
      {
        name: 'an enquiry before any booking',
        kind: 'loader',
        prepare: newEnquiry,
        url: (_w, ids) => `/Conversation?enquiry_id=${ids.enquiry}`,
        expect: parties({ client: 200, coach: 200, admin: 200 }),
        tolerated: ['messages'],
      },
      {
        name: 'an enquiry that does not exist',
        kind: 'loader',
        url: () => `/Conversation?enquiry_id=${randomUUID()}`,
        expect: members(404),
      },
      {
        name: 'writing in an enquiry without JavaScript',
        kind: 'action',
        prepare: newEnquiry,
        url: (_w, ids) => `/Conversation?enquiry_id=${ids.enquiry}`,
        form: (_w, ids) => ({ bookingId: ids.enquiry!, content: 'Matrix hello' }),
        expect: parties({ client: 200, coach: 200, admin: 403 }),
        writers: ['client', 'coach'],
      },
      {
        name: 'sending without JavaScript',
        kind: 'action',
        url: (w) => `/Conversation?booking_id=${w.booking}`,
        form: (w, _ids, role) => ({ bookingId: w.booking, content: 'Matrix hello', ...(role === 'admin' ? { receiverId: w.people.client.id } : {}) }),
        expect: parties({ client: 200, coach: 200, admin: 200 }),
        writers: ['client', 'coach', 'admin'],
      },
    ],
  },
  'api.enquiries.tsx': {
    probes: [
      {
        name: 'asking a coach from their profile (clients only: decision 052)',
        kind: 'action',
        url: () => '/api/enquiries',
        form: (w) => ({ coachId: w.people.coach.id, content: 'Matrix question' }),
        expect: api(members(403, { client: 200, otherClient: 200 })),
        writers: ['client', 'otherClient'],
      },
      {
        name: 'writing in an enquiry',
        kind: 'action',
        prepare: newEnquiry,
        url: () => '/api/enquiries',
        form: (_w, ids) => ({ enquiryId: ids.enquiry!, content: 'Matrix reply' }),
        expect: api(parties({ client: 200, coach: 200, admin: 403 })),
        writers: ['client', 'coach'],
      },
    ],
  },
  'api.enquiry-report.tsx': {
    probes: [
      {
        name: 'reporting an enquiry to FACT',
        kind: 'action',
        prepare: newEnquiry,
        url: () => '/api/enquiry-report',
        form: (_w, ids) => ({ enquiryId: ids.enquiry!, reason: 'Matrix report' }),
        expect: api(parties({ client: 403, coach: 200, admin: 403 })),
        writers: ['coach'],
      },
    ],
  },
  'api.messages.tsx': {
    probes: [
      {
        name: 'sending a message',
        kind: 'action',
        url: () => '/api/messages',
        form: (w, _ids, role) => ({ bookingId: w.booking, content: 'Matrix hello again', ...(role === 'admin' ? { receiverId: w.people.coach.id } : {}) }),
        expect: api(parties({ client: 200, coach: 200, admin: 200 })),
        writers: ['client', 'coach', 'admin'],
      },
      {
        name: "messaging the deactivated client's booking",
        kind: 'action',
        url: () => '/api/messages',
        form: (w, _ids, role) => ({ bookingId: w.deactivatedBooking, content: 'Anyone there?', ...(role === 'admin' ? { receiverId: w.people.coach.id } : {}) }),
        expect: api(parties({ coach: 200, admin: 200 })),
        writers: ['coach', 'admin'],
      },
    ],
  },
  'api.booking-options.tsx': {
    probes: [
      { name: "a coach's booking options", kind: 'loader', url: (w) => `/api/booking-options?coachId=${w.people.coach.id}`, expect: api(members(200, { admin: 403 })) },
      { name: 'options of someone who is not a coach', kind: 'loader', url: (w) => `/api/booking-options?coachId=${w.people.otherClient.id}`, expect: api(members(404, { admin: 403 })) },
    ],
  },
  'api.series-dates.tsx': {
    probes: [
      {
        name: "a weekly series' dates with a coach",
        kind: 'loader',
        url: (w) => `/api/series-dates?coachId=${w.people.coach.id}&date=${new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)}&time=10:00&duration=60&weeks=3`,
        expect: api(members(200, { admin: 403 })),
      },
      {
        name: 'series dates with someone who is not a coach',
        kind: 'loader',
        url: (w) => `/api/series-dates?coachId=${w.people.otherClient.id}&date=${new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)}&time=10:00&duration=60&weeks=3`,
        expect: api(members(404, { admin: 403 })),
      },
    ],
  },
  'api.places.tsx': {
    probes: [
      // Public, as FindCoaches is (decision 048): open data, read from memory, nothing written.
      { name: 'places matching typed text', kind: 'loader', url: () => '/api/places?q=manch', expect: everyone(200) },
      { name: 'the place nearest a position', kind: 'action', url: () => '/api/places', form: () => ({ latitude: '53.41698', longitude: '-2.23145' }), expect: everyone(200) },
      { name: 'a position outside Great Britain', kind: 'action', url: () => '/api/places', form: () => ({ latitude: '48.85', longitude: '2.35' }), expect: everyone(422) },
      { name: 'a malformed position', kind: 'action', url: () => '/api/places', form: () => ({ latitude: 'north' }), expect: everyone(400) },
    ],
  },
  'api.next-available.tsx': {
    probes: [
      // Public, as the pages that ask are (decision 048).
      { name: "when a page's coaches are next free", kind: 'loader', url: (w) => `/api/next-available?coaches=${w.people.coach.id}:60`, expect: everyone(200) },
      { name: 'a malformed coach id', kind: 'loader', url: () => '/api/next-available?coaches=nope:60', expect: everyone(400) },
    ],
  },
  'api.reschedule-options.tsx': {
    probes: [
      { name: 'the free times for moving a booking', kind: 'loader', url: (w) => `/api/reschedule-options?bookingId=${w.booking}`, expect: api(parties({ client: 200, coach: 200 })) },
      { name: 'a malformed booking id', kind: 'loader', url: () => '/api/reschedule-options?bookingId=nope', expect: api(members(404)) },
    ],
  },
  'api.package-purchases.$offerId.tsx': {
    probes: [
      { name: 'GET', kind: 'loader', url: () => `/api/package-purchases/${NO_SUCH_ID}`, params: () => ({ offerId: NO_SUCH_ID }), expect: everyone(405) },
      {
        name: "opening the payment for a coach's package",
        kind: 'action',
        prepare: newPackageOffer,
        url: (_w, ids) => `/api/package-purchases/${ids.offer}`,
        params: (_w, ids) => ({ offerId: ids.offer! }),
        form: () => ({ intent: 'start' }),
        // Clients buy; coaches and administrators do not (the coach's own package included).
        expect: api(members(403, { client: 200, otherClient: 200 })),
        writers: ['client', 'otherClient'],
      },
      {
        name: "finishing the payment of a purchase that is not one's own",
        kind: 'action',
        url: () => `/api/package-purchases/${NO_SUCH_ID}`,
        params: () => ({ offerId: NO_SUCH_ID }),
        form: () => ({ intent: 'confirm-test-card', purchaseId: NO_SUCH_ID, intentId: 'pi_forged', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
        expect: api(members(404)),
      },
    ],
  },
  'api.payments.$bookingId.tsx': {
    probes: [
      { name: 'GET', kind: 'loader', url: (w) => `/api/payments/${w.booking}`, params: (w) => ({ bookingId: w.booking }), expect: everyone(405) },
      {
        name: 'opening the payment of a booking',
        kind: 'action',
        prepare: newUnpaidBooking,
        url: (_w, ids) => `/api/payments/${ids.booking}`,
        params: (_w, ids) => ({ bookingId: ids.booking! }),
        form: () => ({ intent: 'start' }),
        expect: api(parties({ client: 200, coach: 403, admin: 200 })),
        writers: ['client', 'admin'],
      },
      {
        name: 'confirming a test card on a payment that was never opened',
        kind: 'action',
        url: (w) => `/api/payments/${w.booking}`,
        params: (w) => ({ bookingId: w.booking }),
        form: () => ({ intent: 'confirm-test-card', intentId: 'pi_forged', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
        // The intent id is checked first, and answers alike whether the booking exists: nothing to learn.
        expect: api(members(409)),
      },
      {
        name: "answering the test 3-D Secure challenge of someone else's intent",
        kind: 'action',
        url: (w) => `/api/payments/${w.booking}`,
        params: (w) => ({ bookingId: w.booking }),
        form: () => ({ intent: 'authenticate-test-card', intentId: 'pi_forged', result: 'complete' }),
        expect: api(members(409)),
      },
    ],
  },
  'payments.return.tsx': {
    probes: [
      {
        // Stripe's return_url: the intent is read from the gateway; a forged one changes nothing.
        name: 'coming back from Stripe with a forged intent and a foreign back link',
        kind: 'loader',
        url: (w) => `/payments/return?booking=${w.booking}&back=//evil.example/x&payment_intent=pi_forged&redirect_status=succeeded`,
        expect: members('go:/MyBookings', { admin: 'go:/AdminBookings' }),
      },
    ],
  },
  '_app.AdminDashboard.tsx': {
    probes: [
      // SPEC §2: a non-admin landing on AdminDashboard goes to their own home page.
      { name: 'the admin dashboard', kind: 'loader', url: () => '/AdminDashboard', expect: members('go:/FindCoaches', { coach: 'go:/CoachDashboard', otherCoach: 'go:/CoachDashboard', admin: 200 }) },
      {
        name: 'rejecting a deletion request',
        kind: 'action',
        prepare: async (w) => ({ request: await deletionRequestOf(w.people.otherClient.id) }),
        url: () => '/AdminDashboard',
        form: (_w, ids) => ({ intent: 'reject_deletion', requestId: ids.request!, reason: 'Matrix' }),
        expect: adminOnly(),
        writers: ['admin'],
      },
    ],
  },
  '_app.AdminUsers.tsx': {
    probes: [
      { name: 'the user list', kind: 'loader', url: () => '/AdminUsers', expect: adminOnly() },
      {
        name: 'removing a user',
        kind: 'action',
        prepare: async (w) => ({ target: (await insertPerson(ctx.db, { type: 'client', name: `Target ${w.booking.slice(0, 4)}` })).id }),
        url: () => '/AdminUsers',
        form: (_w, ids) => ({ intent: 'remove_user', userId: ids.target!, reason: 'Matrix' }),
        expect: adminOnly(),
        writers: ['admin'],
      },
      {
        name: 'restoring a deactivated user',
        kind: 'action',
        prepare: async () => ({ target: await deactivatedPerson() }),
        url: () => '/AdminUsers',
        form: (_w, ids) => ({ intent: 'restore_user', userId: ids.target! }),
        expect: adminOnly(200),
        writers: ['admin'],
      },
      {
        name: 'verifying a coach',
        kind: 'action',
        prepare: async () => {
          const coach = await insertPerson(ctx.db, { type: 'coach', name: 'Unverified Target' });
          await ctx.db.query('update coach_profiles set is_verified = false where user_id = $1', [coach.id]);
          return { target: coach.id };
        },
        url: () => '/AdminUsers',
        form: (_w, ids) => ({ intent: 'verify_coach', userId: ids.target! }),
        expect: adminOnly(),
        writers: ['admin'],
      },
      {
        name: "removing a coach's verification",
        kind: 'action',
        prepare: async () => ({ target: (await insertPerson(ctx.db, { type: 'coach', name: 'Verified Target' })).id }),
        url: () => '/AdminUsers',
        form: (_w, ids) => ({ intent: 'unverify_coach', userId: ids.target! }),
        expect: adminOnly(),
        writers: ['admin'],
      },
    ],
  },
  '_app.AdminBookings.tsx': {
    probes: [
      { name: 'every booking', kind: 'loader', url: () => '/AdminBookings', expect: adminOnly() },
      { name: 'bookings found by a party and filtered', kind: 'loader', url: () => '/AdminBookings?status=all&party=matrix&payment=captured&from=2026-01-01', expect: adminOnly() },
      { name: 'a filter that does not parse', kind: 'loader', url: () => '/AdminBookings?party=ab', expect: adminOnly(400) },
    ],
  },
  'AdminBookings.csv.tsx': {
    probes: [
      { name: 'the bookings CSV', kind: 'loader', url: () => '/AdminBookings/csv?status=all', expect: adminOnly() },
      { name: 'the bookings CSV with a bad filter', kind: 'loader', url: () => '/AdminBookings/csv?payment=stolen', expect: adminOnly(400) },
    ],
  },
  'AdminPayouts.csv.tsx': {
    probes: [
      { name: 'the payouts CSV', kind: 'loader', url: () => '/AdminPayouts/csv', expect: adminOnly() },
      { name: 'the payouts CSV of an unknown state', kind: 'loader', url: () => '/AdminPayouts/csv?status=lost', expect: adminOnly(400) },
    ],
  },
  '_app.AdminAudit.tsx': {
    probes: [
      { name: 'the audit log', kind: 'loader', url: () => '/AdminAudit', expect: adminOnly() },
      { name: 'the audit log filtered', kind: 'loader', url: () => '/AdminAudit?action=user.remove&target=FACT-20260101-AAAA&from=2026-01-01', expect: adminOnly() },
      { name: 'the audit log with a bad filter', kind: 'loader', url: () => '/AdminAudit?target=nobody', expect: adminOnly(400) },
    ],
  },
  'AdminChargebacks.csv.tsx': { probes: [{ name: 'the chargebacks CSV', kind: 'loader', url: () => '/AdminChargebacks/csv', expect: adminOnly() }] },
  '_app.AdminBookings_.$bookingId.tsx': {
    probes: [
      { name: "a booking's timeline", kind: 'loader', url: (w) => `/AdminBookings/${w.booking}`, params: (w) => ({ bookingId: w.booking }), expect: adminOnly() },
      { name: 'a booking that does not exist', kind: 'loader', url: () => `/AdminBookings/${randomUUID()}`, params: () => ({ bookingId: randomUUID() }), expect: members(404) },
      { name: 'a booking id that is not one', kind: 'loader', url: () => '/AdminBookings/nope', params: () => ({ bookingId: 'nope' }), expect: members(404) },
      // Issue 47: the page's actions, the CLI's use cases; anyone else gets the 404 and nothing changes.
      {
        name: 'cancelling a booking from its admin page',
        kind: 'action',
        prepare: newBooking,
        url: (_w, ids) => `/AdminBookings/${ids.booking}`,
        params: (_w, ids) => ({ bookingId: ids.booking! }),
        form: () => ({ intent: 'cancel_booking', reason: 'Matrix' }),
        expect: adminOnly(),
        writers: ['admin'],
      },
      {
        name: "resolving a booking's open dispute from its admin page",
        kind: 'action',
        prepare: newDisputedBooking,
        url: (_w, ids) => `/AdminBookings/${ids.booking}`,
        params: (_w, ids) => ({ bookingId: ids.booking! }),
        form: () => ({ intent: 'resolve_dispute', outcome: 'release', note: 'Matrix' }),
        expect: adminOnly(),
        writers: ['admin'],
      },
      {
        name: "retrying a booking's failed payout from its admin page",
        kind: 'action',
        prepare: newFailedPayout,
        url: (_w, ids) => `/AdminBookings/${ids.booking}`,
        params: (_w, ids) => ({ bookingId: ids.booking! }),
        form: () => ({ intent: 'retry_payout' }),
        expect: adminOnly(),
        writers: ['admin'],
      },
      {
        name: 'an admin action of another page on the booking page',
        kind: 'action',
        url: (w) => `/AdminBookings/${w.booking}`,
        params: (w) => ({ bookingId: w.booking }),
        form: (w) => ({ intent: 'remove_user', userId: w.people.otherClient.id, reason: 'Matrix' }),
        expect: adminOnly(400),
      },
      {
        name: 'cancelling a booking that does not exist',
        kind: 'action',
        url: () => `/AdminBookings/${randomUUID()}`,
        params: () => ({ bookingId: randomUUID() }),
        form: () => ({ intent: 'cancel_booking', reason: 'Matrix' }),
        expect: members(404),
      },
    ],
  },
  '_app.DataDiagnostic.tsx': { probes: [{ name: 'the data diagnostic', kind: 'loader', url: () => '/DataDiagnostic', expect: adminOnly() }] },
  'admin.booking-search.tsx': { probes: [{ name: 'a reference search', kind: 'loader', url: () => '/admin/booking-search?q=FACT-2', expect: api(adminOnly()) }] },
  'api.email-preferences.tsx': {
    probes: [
      { name: "the person's email kinds", kind: 'loader', url: () => '/api/email-preferences', expect: api(members(200)) },
      {
        name: 'turning one kind off',
        kind: 'action',
        url: () => '/api/email-preferences',
        form: () => ({ kind: 'message_digest', enabled: 'off' }),
        expect: api(members(200)),
        writers: SIGNED_IN,
      },
      { name: 'turning payment emails off', kind: 'action', url: () => '/api/email-preferences', form: () => ({ kind: 'payments', enabled: 'off' }), expect: api(members(422)) },
    ],
  },
  'account.export.tsx': {
    probes: [
      // 'Download my data': the signed-in person's own file, whoever they name (no parameter picks another person).
      { name: "the person's own data file", kind: 'loader', url: () => '/account/export', expect: members(200) },
      { name: "another person's data, asked for by id", kind: 'loader', url: (w) => `/account/export?userId=${w.people.otherClient.id}`, expect: members(200) },
    ],
  },
  'api.calendar-feed.tsx': {
    probes: [
      { name: "the person's calendar feed state", kind: 'loader', url: () => '/api/calendar-feed', expect: api(members(200, { admin: 403 })) },
      {
        name: 'turning the calendar feed on',
        kind: 'action',
        url: () => '/api/calendar-feed',
        form: () => ({ intent: 'enable' }),
        expect: api(members(200, { admin: 403 })),
        writers: ['client', 'otherClient', 'coach', 'otherCoach'],
      },
      {
        name: 'resetting the calendar link',
        kind: 'action',
        url: () => '/api/calendar-feed',
        form: () => ({ intent: 'reset' }),
        expect: api(members(200, { admin: 403 })),
        writers: ['client', 'otherClient', 'coach', 'otherCoach'],
      },
      {
        name: 'turning the calendar feed off',
        kind: 'action',
        url: () => '/api/calendar-feed',
        form: () => ({ intent: 'disable' }),
        expect: api(members(200, { admin: 403 })),
        writers: ['client', 'otherClient', 'coach', 'otherCoach'],
      },
      { name: 'an unknown intent', kind: 'action', url: () => '/api/calendar-feed', form: () => ({ intent: 'grant_admin' }), expect: api(members(400)) },
    ],
  },
  'calendar.$token.tsx': {
    probes: [
      // No session needed or used: the token is the credential, whoever sends it.
      { name: 'an unknown feed token', kind: 'loader', url: () => `/calendar/${'Q'.repeat(43)}.ics`, params: () => ({ token: `${'Q'.repeat(43)}.ics` }), expect: everyone(404) },
      { name: 'a malformed feed token', kind: 'loader', url: () => '/calendar/abc', params: () => ({ token: 'abc' }), expect: everyone(404) },
      {
        name: "the client's feed by its token",
        kind: 'loader',
        prepare: async (w) => {
          const issued = await issueCalendarFeed(ctx.app.deps(), { actor: w.people.client.actor, intent: 'enable', appUrl: 'http://localhost' });
          if (!issued.ok || !issued.value.links) throw new Error('no calendar feed');
          return { segment: new URL(issued.value.links.httpsUrl).pathname.slice('/calendar/'.length) };
        },
        url: (_w, ids) => `/calendar/${ids.segment}`,
        params: (_w, ids) => ({ token: ids.segment! }),
        expect: everyone(200),
        writers: ROLES,
      },
    ],
  },
  'api.linked-calendar.tsx': {
    probes: [
      // The coach's own calendar: only the coach themself (clients and administrators 403).
      { name: "the coach's linked calendar", kind: 'loader', url: () => '/api/linked-calendar', expect: api(members(403, { coach: 200, otherCoach: 200 })) },
      {
        name: 'linking a calendar (a fetcher)',
        kind: 'action',
        url: () => '/api/linked-calendar',
        form: () => ({ intent: 'link', reply: 'json', address: 'webcal://calendar.example.com/private-matrix/basic.ics' }),
        expect: api(members(403, { coach: 200, otherCoach: 200 })),
        writers: ['coach', 'otherCoach'],
      },
      {
        name: 'linking a calendar (a plain form, before the JavaScript runs)',
        kind: 'action',
        url: () => '/api/linked-calendar',
        form: () => ({ intent: 'link', returnTo: '/CoachAvailability', address: 'https://calendar.example.com/private-matrix/basic.ics' }),
        // Refusals go back to the page too, with the reason as a toast.
        expect: { ...members('go:/CoachAvailability'), anonymous: 401, deactivated: 401 },
        writers: ['coach', 'otherCoach'],
      },
      {
        name: 'linking an http address',
        kind: 'action',
        url: () => '/api/linked-calendar',
        form: () => ({ intent: 'link', reply: 'json', address: 'http://calendar.example.com/basic.ics' }),
        expect: api(members(403, { coach: 422, otherCoach: 422 })),
      },
      {
        name: 'syncing now',
        kind: 'action',
        prepare: linkCoachCalendars,
        url: () => '/api/linked-calendar',
        form: () => ({ intent: 'sync', reply: 'json' }),
        expect: api(members(403, { coach: 200, otherCoach: 200 })),
        writers: ['coach', 'otherCoach'],
      },
      {
        name: 'unlinking',
        kind: 'action',
        prepare: linkCoachCalendars,
        url: () => '/api/linked-calendar',
        form: () => ({ intent: 'unlink', reply: 'json' }),
        expect: api(members(403, { coach: 200, otherCoach: 200 })),
        writers: ['coach', 'otherCoach'],
      },
      { name: 'an unknown intent', kind: 'action', url: () => '/api/linked-calendar', form: () => ({ intent: 'link_for', coachId: randomUUID() }), expect: api(members(400)) },
    ],
  },
  'api.payouts.tsx': {
    probes: [{ name: "the coach's payout set-up", kind: 'loader', url: () => '/api/payouts', expect: api(members(403, { coach: 200, otherCoach: 200 })) }],
  },
  'payouts.setup.tsx': {
    probes: [
      {
        name: 'starting payout onboarding',
        kind: 'action',
        url: () => '/payouts/setup',
        form: () => ({}),
        // Coaches leave for the (offline) hosted onboarding; anyone else is sent back with the reason.
        expect: members('go:/CoachProfile', { coach: 'go:/test-gateway/onboarding', otherCoach: 'go:/test-gateway/onboarding' }),
        writers: ['coach', 'otherCoach'],
      },
      {
        name: "an expired onboarding link (Stripe's refresh_url)",
        kind: 'loader',
        url: () => '/payouts/setup',
        expect: members('go:/CoachProfile', { coach: 'go:/test-gateway/onboarding', otherCoach: 'go:/test-gateway/onboarding' }),
        writers: ['coach', 'otherCoach'],
      },
    ],
  },
  'payouts.return.tsx': {
    probes: [{ name: 'coming back from onboarding', kind: 'loader', url: () => '/payouts/return', expect: members('go:/CoachProfile'), writers: ['coach', 'otherCoach'] }],
  },
  'test-gateway.onboarding.tsx': {
    probes: [
      {
        name: "the offline onboarding page of the coach's account",
        kind: 'loader',
        prepare: payoutAccountOf,
        url: (_w, ids) => `/test-gateway/onboarding?account=${ids.account}`,
        expect: members(404, { coach: 200 }),
      },
      {
        name: "submitting bank details for the coach's account",
        kind: 'action',
        prepare: payoutAccountOf,
        url: (_w, ids) => `/test-gateway/onboarding?account=${ids.account}`,
        form: () => ({ accountHolder: 'Matrix Coach', sortCode: '10-88-00', accountNumber: '00012345' }),
        expect: members(404, { coach: 'go:/payouts/return' }),
        writers: ['coach'],
      },
    ],
  },
  '_app.CoachEarnings.tsx': {
    probes: [
      { name: "the coach's earnings", kind: 'loader', url: () => '/CoachEarnings', expect: members(200, { client: 'go:/FindCoaches', otherClient: 'go:/FindCoaches', admin: 'go:/AdminDashboard' }) },
    ],
  },
  'CoachEarnings.csv.tsx': {
    probes: [
      {
        name: "the coach's earnings CSV",
        kind: 'loader',
        url: () => '/CoachEarnings/csv?year=2025',
        expect: members(200, { client: 'go:/FindCoaches', otherClient: 'go:/FindCoaches', admin: 'go:/AdminDashboard' }),
      },
      {
        name: 'a tax year that has not begun',
        kind: 'loader',
        url: () => '/CoachEarnings/csv?year=2999',
        expect: members(400, { client: 'go:/FindCoaches', otherClient: 'go:/FindCoaches', admin: 'go:/AdminDashboard' }),
      },
    ],
  },
  '_app.CoachAvailability.tsx': {
    probes: [
      {
        name: "the coach's availability page",
        kind: 'loader',
        url: () => '/CoachAvailability',
        expect: members(200, { client: 'go:/FindCoaches', otherClient: 'go:/FindCoaches', admin: 'go:/AdminDashboard' }),
      },
      {
        name: 'saving weekly hours',
        kind: 'action',
        url: () => '/CoachAvailability',
        form: () => ({ intent: 'weekly-hours', 'weekday[]': '2', 'start[]': '17:00', 'end[]': '20:00', 'location[]': '', slotStepMinutes: '30' }),
        expect: members(403, { coach: 200, otherCoach: 200 }),
        writers: ['coach', 'otherCoach'],
      },
      {
        name: 'saving booking rules',
        kind: 'action',
        url: () => '/CoachAvailability',
        form: () => ({ intent: 'scheduling-rules', bufferBeforeMinutes: '15', bufferAfterMinutes: '15', minimumNoticeMinutes: '120', maxSessionsPerDay: '' }),
        expect: members(403, { coach: 200, otherCoach: 200 }),
        writers: ['coach', 'otherCoach'],
      },
      {
        name: "deleting the coach's exception",
        kind: 'action',
        prepare: async (w) => ({ period: await availabilityOf(w.people.coach.id, 70) }),
        url: () => '/CoachAvailability',
        form: (_w, ids) => ({ intent: 'availability-delete', periodId: ids.period! }),
        expect: members(403, { coach: 200 }),
        writers: ['coach'],
      },
      {
        // Moved past the coach's wide available period (80 days from now, below): overlapping exceptions are refused.
        name: "moving the coach's exception",
        kind: 'action',
        prepare: async (w) => ({ period: await availabilityOf(w.people.coach.id, 70) }),
        url: () => '/CoachAvailability',
        form: (_w, ids) => ({ intent: 'availability-save', periodId: ids.period!, startDate: londonDate(85), endDate: londonDate(86), isAvailable: 'false' }),
        expect: members(403, { coach: 200 }),
        writers: ['coach'],
      },
      {
        name: 'adding an exception',
        kind: 'action',
        url: () => '/CoachAvailability',
        form: () => ({ intent: 'availability-save', startDate: londonDate(88), endDate: londonDate(88), dailyStart: '09:00', dailyEnd: '12:00', isAvailable: 'true' }),
        expect: members(403, { coach: 200, otherCoach: 200 }),
        writers: ['coach', 'otherCoach'],
      },
      { name: 'an unknown intent', kind: 'action', url: () => '/CoachAvailability', form: () => ({ intent: 'grant_admin' }), expect: members(400) },
    ],
  },
  '_app.UserProfile.tsx': { probes: profileProbes('UserProfile') },
  '_app.CoachProfile.tsx': {
    probes: [
      ...profileProbes('CoachProfile'),
      // A package is only ever its coach's: anyone else's (or none) is not found, and nothing changes.
      { name: 'retiring a package that is not one’s own', kind: 'action', url: () => '/CoachProfile', form: () => ({ intent: 'package-retire', offerId: NO_SUCH_ID }), expect: members(404) },
    ],
  },
};

/** UserProfile and CoachProfile: who may see whose profile, and the actions on one's own. */
function profileProbes(page: 'UserProfile' | 'CoachProfile'): Probe[] {
  const url = `/${page}`;
  const period = async (w: World): Promise<Ids> => ({ period: await availabilityOf(w.people.coach.id, 70) });
  const probes: Probe[] = [
    {
      name: 'one’s own profile',
      kind: 'loader',
      url: () => url,
      expect: page === 'UserProfile' ? members(200, { admin: 'go:/AdminDashboard' }) : members(200, { client: 'go:/UserProfile', otherClient: 'go:/UserProfile', admin: 'go:/AdminDashboard' }),
    },
    {
      name: "a client's profile (the client, coaches they booked, admins)",
      kind: 'loader',
      url: (w) => `${url}?userId=${w.people.client.id}`,
      // Signed out, CoachProfile shows coaches only: a client's profile does not exist for them.
      expect:
        page === 'UserProfile'
          ? parties({ client: 200, coach: 200, admin: 200 })
          : parties({ client: 'go:/UserProfile', coach: 'go:/UserProfile', admin: 'go:/UserProfile', anonymous: 404, deactivated: 404 }),
    },
    {
      name: "a coach's profile (every signed-in person; on CoachProfile, signed-out visitors too)",
      kind: 'loader',
      url: (w) => `${url}?userId=${w.people.coach.id}`,
      expect: page === 'UserProfile' ? members(200) : everyone(200),
    },
    {
      name: 'a profile that does not exist',
      kind: 'loader',
      url: () => `${url}?userId=${randomUUID()}`,
      expect: page === 'UserProfile' ? members(404) : everyone(404),
    },
    ...(page === 'CoachProfile' ? [adminsCoachProfile] : []),
    {
      name: 'saving one’s own profile',
      kind: 'action',
      url: () => url,
      form: () => ({
        intent: 'profile',
        fullName: 'Renamed Person',
        phone: '+44 7700 900999',
        location: 'Leeds',
        bio: 'Matrix bio',
        ...(page === 'CoachProfile' ? { hourlyRate: '55', servicesOffered: 'striker', ageGroups: 'adults', serviceRadius: '20' } : {}),
      }),
      expect: members(200),
      writers: SIGNED_IN,
    },
    {
      name: 'asking for one’s account to be deleted',
      kind: 'action',
      prepare: async (w) => {
        await ctx.db.query(`delete from account_deletion_requests where status = 'pending' and user_id <> $1`, [w.people.client.id]);
        return {};
      },
      url: () => url,
      form: () => ({ intent: 'delete-account', reason: 'Matrix' }),
      expect: members(200, { client: 409, admin: 403 }),
      writers: ['otherClient', 'coach', 'otherCoach'],
    },
    {
      // The periods are changed on CoachAvailability now: the profile pages know no such intent.
      name: "deleting the coach's availability period",
      kind: 'action',
      prepare: period,
      url: () => url,
      form: (_w, ids) => ({ intent: 'availability-delete', periodId: ids.period! }),
      expect: members(400),
    },
    {
      name: 'changing one’s password with a wrong current password',
      kind: 'action',
      url: () => url,
      form: () => ({ intent: 'password', currentPassword: 'not-the-password', newPassword: 'matrix-pass-2', confirmPassword: 'matrix-pass-2' }),
      // otherClient's account reached the login limit in the auth.login probe: the password form is locked with it.
      expect: members(422, { otherClient: 429 }),
    },
    {
      // Decision 017: clients add players (a minor with the guardian's consent); coaches and admins cannot.
      name: 'adding a player',
      kind: 'action',
      // The other probes leave players behind: remove them so the 20-player limit is never reached.
      prepare: async () => {
        await ctx.db.query(`update players set removed_at = now() where removed_at is null`);
        return {};
      },
      url: () => url,
      form: () => ({ intent: 'player-save', firstName: 'Matrix', lastName: 'Player', dateOfBirth: '2015-06-01', guardianConsent: 'on' }),
      expect: members(200, { coach: 403, otherCoach: 403, admin: 403 }),
      writers: ['client', 'otherClient'],
    },
    {
      name: "editing the client's player",
      kind: 'action',
      prepare: async (w) => ({ player: await playerOf(w.people.client.id) }),
      url: () => url,
      form: (_w, ids) => ({ intent: 'player-save', playerId: ids.player!, firstName: 'Renamed', lastName: 'Player', dateOfBirth: '2015-06-01' }),
      expect: members(404, { client: 200 }),
      writers: ['client'],
    },
    {
      name: "removing the client's player",
      kind: 'action',
      prepare: async (w) => ({ player: await playerOf(w.people.client.id) }),
      url: () => url,
      form: (_w, ids) => ({ intent: 'player-remove', playerId: ids.player! }),
      expect: members(404, { client: 200 }),
      writers: ['client'],
    },
    { name: 'an unknown intent', kind: 'action', url: () => url, form: () => ({ intent: 'grant_admin' }), expect: members(400) },
  ];
  return probes;
}

/** A player of the guardian's account (decision 017), adult unless told. */
async function playerOf(guardianId: string, dateOfBirth = '1990-01-01'): Promise<string> {
  const id = randomUUID();
  await ctx.db.query(
    `insert into players (id, guardian_id, first_name, last_name, date_of_birth, guardian_consent_at, created_at, updated_at)
     values ($1, $2, 'Pat', 'Player', $3, now(), now(), now())`,
    [id, guardianId, dateOfBirth],
  );
  return id;
}

/** The coach's connected account in the offline gateway (made once; later calls reuse it). */
async function payoutAccountOf(w: World): Promise<Ids> {
  const [existing] = await ctx.db.query<{ account_id: string }>(`select account_id from payout_accounts where coach_id = $1`, [w.people.coach.id]);
  if (existing) return { account: existing.account_id };
  const account = `acct_test_matrix${w.people.coach.id.slice(0, 8)}`;
  await ctx.db.query(`insert into test_gateway_accounts (id) values ($1)`, [account]);
  await ctx.db.query(`insert into payout_accounts (coach_id, account_id) values ($1, $2)`, [w.people.coach.id, account]);
  return { account };
}

async function availabilityOf(coachId: string, daysAhead: number): Promise<string> {
  const id = randomUUID();
  await ctx.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at) values ($1, $2, now() + make_interval(days => $3), now() + make_interval(days => $3 + 1))`, [
    id,
    coachId,
    daysAhead,
  ]);
  return id;
}

/** Every booking intent on MyBookings, as each person, on a fresh pending request of client with coach. */
function bookingActionProbes(url: string): Probe[] {
  const probe = (intent: string, fields: Record<string, string>, expect: Expectation, writers: Role[] = []): Probe => ({
    name: `${intent} on a pending request`,
    kind: 'action',
    prepare: newBooking,
    url: () => url,
    form: (_w, ids) => ({ intent, bookingId: ids.booking!, ...fields }),
    expect,
    writers,
  });
  return [
    probe('accept', {}, parties({ client: 403, coach: 200, admin: 403 }), ['coach']),
    probe('decline', { reason: 'Away that day' }, parties({ client: 403, coach: 200, admin: 403 }), ['coach']),
    probe('cancel', { reason: 'Injured' }, parties({ client: 200, coach: 409, admin: 200 }), ['client', 'admin']),
    probe('propose_reschedule', { date: londonDate(5), time: '10:00', reason: 'Clash' }, parties({ client: 200, coach: 200, admin: 403 }), ['client', 'coach']),
    probe('accept_reschedule', {}, parties({ client: 409, coach: 409, admin: 403 })),
    probe('decline_reschedule', {}, parties({ client: 409, coach: 409, admin: 403 })),
    probe('withdraw_reschedule', {}, parties({ client: 409, coach: 409, admin: 403 })),
    {
      ...probe('withdraw_reschedule', {}, parties({ client: 200, coach: 403, admin: 403 }), ['client']),
      name: "withdraw_reschedule on the client's pending proposal",
      prepare: newBookingWithClientProposal,
    },
    probe('mark_arrival', {}, parties({ client: 409, coach: 409, admin: 403 })),
    probe('mark_completion', {}, parties({ client: 409, coach: 409, admin: 403 })),
    probe('report_issue', { description: 'No show' }, parties({ client: 409, coach: 409, admin: 403 })),
    probe('review', { rating: '5', comment: 'Great' }, parties({ client: 409, coach: 409, admin: 403 })),
    {
      ...probe('accept', {}, members(404)),
      name: 'accept on a booking that does not exist',
      prepare: async () => ({ booking: randomUUID() }),
    },
    {
      ...probe('unknown', {}, members(400)),
      name: 'an unknown intent',
    },
  ];
}

// --- fixtures ---------------------------------------------------------------------------------

let slotCounter = 0;
/** A fresh hour for each booking (no two overlap), from 3 days ahead at 09:00 UTC. */
function slot(): Date {
  const day = new Date(Date.now() + 3 * 86_400_000);
  day.setUTCHours(9, 0, 0, 0);
  const n = slotCounter++;
  return new Date(day.getTime() + Math.floor(n / 10) * 86_400_000 + (n % 10) * 3_600_000);
}

function londonDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

function bookingForm(coachId: string): Record<string, string> {
  const n = slotCounter++;
  return { intent: 'book', coachId, serviceType: 'striker', date: londonDate(60 + (n % 25)), time: `${String(9 + (n % 10)).padStart(2, '0')}:00`, durationMinutes: '60', locationType: 'online' };
}

function registration(email: string): Record<string, string> {
  return { email, password: 'matrix-password-1', fullName: 'Matrix Person', phone: '+44 7700 900123', location: 'London', userType: 'client', confirmAge: 'on' };
}

const emailOf = (p: Person) => `${p.id}@example.test`;

async function deletionRequestOf(userId: string): Promise<string> {
  const id = randomUUID();
  await ctx.db.query(`delete from account_deletion_requests where user_id = $1 and status = 'pending'`, [userId]);
  await ctx.db.query(`insert into account_deletion_requests (id, user_id, reason, status) values ($1, $2, 'Matrix', 'pending')`, [id, userId]);
  return id;
}

/** A password-reset link's token for a user, as the worker would mail it now. */
async function resetTokenOf(userId: string): Promise<string> {
  const [row] = await ctx.db.query<{ email: string; session_version: number }>('select email, session_version from users where id = $1', [userId]);
  return ctx.app.deps().resetTokens.issue({ userId, email: row!.email, sessionVersion: row!.session_version }, ctx.app.clock.now());
}

async function deactivatedPerson(): Promise<string> {
  const person = await insertPerson(ctx.db, { type: 'client', name: 'Deactivated Target' });
  await ctx.db.query(`update users set is_active = false, deactivated_at = now(), deactivation_reason = 'Matrix' where id = $1`, [person.id]);
  return person.id;
}

async function buildWorld(): Promise<World> {
  const person = (type: 'client' | 'coach' | 'admin', name: string) => insertPerson(ctx.db, { type, name, services: ['striker', 'midfield'] });
  const people = {
    client: await person('client', 'Clara Client'),
    otherClient: await person('client', 'Olly Otherclient'),
    coach: await person('coach', 'Cora Coach'),
    otherCoach: await person('coach', 'Otto Othercoach'),
    admin: await person('admin', 'Ada Admin'),
    deactivated: await person('client', 'Dee Deactivated'),
  };
  const thirdCoach = await person('coach', 'Theo Thirdcoach');
  for (const coach of [people.coach, people.otherCoach, thirdCoach]) {
    await ctx.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at) values ($1, $2, now() - interval '1 day', now() + interval '80 days')`, [randomUUID(), coach.id]);
  }
  const booking = (await createTestBooking(ctx.app, { clientId: people.client.id, coachId: people.coach.id, startsAt: slot() })).id;
  const deactivatedBooking = (await createTestBooking(ctx.app, { clientId: people.deactivated.id, coachId: people.coach.id, startsAt: slot() })).id;
  await ctx.db.query(`insert into messages (id, booking_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, 'Hello coach')`, [randomUUID(), booking, people.client.id, people.coach.id]);
  await ctx.db.query(`update users set is_active = false, deactivated_at = now(), deactivation_reason = 'Matrix' where id = $1`, [people.deactivated.id]);
  const deletionRequest = await deletionRequestOf(people.client.id);
  return { people, thirdCoach, booking, deactivatedBooking, deletionRequest };
}

// --- calling routes ---------------------------------------------------------------------------

type RouteFn = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;
interface RouteModule {
  loader?: RouteFn;
  action?: RouteFn;
}

let ipCounter = 0;
function contextFor(app: Application): AppLoadContext {
  // Each call from its own address: the per-address limits are not what this table is about.
  const n = ipCounter++;
  return { app, requestId: `matrix-${n}`, log: app.logger, clientIp: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

async function cookieOf(app: Application, userId: string): Promise<string> {
  const [row] = await ctx.db.query<{ session_version: number }>('select session_version from users where id = $1', [userId]);
  const storage = sessionStorageFor(contextFor(app));
  const session = await storage.getSession();
  session.set('userId', userId);
  session.set('sessionVersion', row?.session_version ?? 1);
  session.set('issuedAt', app.clock.now().getTime());
  return (await storage.commitSession(session)).split(';')[0]!;
}

async function answerOf(fn: RouteFn, app: Application, request: Request, params: Record<string, string>): Promise<{ answer: Answer; body: string }> {
  let response: unknown;
  try {
    response = await fn({ request, context: contextFor(app), params });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  if (!(response instanceof Response)) return { answer: 200, body: JSON.stringify(response) };
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) {
    if (location.startsWith('/?login=1')) return { answer: 'login', body: location };
    return { answer: `go:${new URL(location, 'http://x').pathname}`, body: location };
  }
  return { answer: response.status, body: await response.text() };
}

/**
 * One fingerprint per table (rate-limit counters apart: a refused request may count): the row
 * count and the newest row version (xmin), so an insert, update or delete anywhere shows.
 */
let snapshotSql: string | null = null;
async function snapshot(): Promise<Record<string, string>> {
  if (!snapshotSql) {
    const tables = await ctx.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
         and table_name not in ('rate_limit_counters', 'mikro_orm_migrations') order by 1`,
    );
    snapshotSql = `select ${tables.map((t) => `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from "${t.table_name}") as "${t.table_name}"`).join(', ')}`;
  }
  const [row] = await ctx.db.query<Record<string, string>>(snapshotSql);
  return row!;
}

function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((t) => before[t] !== after[t]);
}

// --- the tests --------------------------------------------------------------------------------

describe('the authorization matrix', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('covers every route file in app/routes', () => {
    const files = readdirSync(ROUTES_DIR).filter((f) => /\.(tsx?|jsx?)$/.test(f) && !/\.test\./.test(f));
    const missing = files.filter((f) => !(f in ROUTES));
    expect(missing, `routes without a row in the authorization matrix: ${missing.join(', ')}`).toEqual([]);
    const gone = Object.keys(ROUTES).filter((f) => !files.includes(f));
    expect(gone, 'rows for routes that no longer exist').toEqual([]);
  });

  it('probes every loader and action a route exports', async () => {
    const problems: string[] = [];
    for (const [file, entry] of Object.entries(ROUTES)) {
      const mod = (await import(path.join(ROUTES_DIR, file))) as RouteModule;
      for (const kind of ['loader', 'action'] as const) {
        const exported = typeof mod[kind] === 'function';
        const probed = entry.probes.some((p) => p.kind === kind);
        if (exported && !probed) problems.push(`${file}: ${kind} is not probed`);
        if (!exported && probed) problems.push(`${file}: probes a ${kind} it does not export`);
      }
    }
    expect(problems).toEqual([]);
  });

  for (const [file, entry] of Object.entries(ROUTES)) {
    for (const probe of entry.probes) {
      it(`${file} ${probe.kind}: ${probe.name}`, async () => {
        const mod = (await import(path.join(ROUTES_DIR, file))) as RouteModule;
        const fn = mod[probe.kind];
        if (!fn) throw new Error(`${file} exports no ${probe.kind}`);
        const wrong: string[] = [];
        const requestFor = async (role: Role, ids: Ids) => {
          const headers = new Headers();
          if (role !== 'anonymous') headers.set('Cookie', await cookieOf(ctx.app, world.people[role].id));
          const url = `http://localhost${probe.url(world, ids)}`;
          return probe.kind === 'action' ? new Request(url, { method: 'POST', headers, body: new URLSearchParams(probe.form?.(world, ids, role) ?? {}) }) : new Request(url, { headers });
        };
        const check = (role: Role, answer: Answer, body: string) => {
          if (answer !== probe.expect[role]) wrong.push(`${role}: expected ${probe.expect[role]}, got ${answer} ${body.slice(0, 300)}`);
        };
        if (!probe.prepare && !probe.writers && !probe.sequential) {
          // Nobody may write: all seven at once, every table compared around the lot.
          const before = await snapshot();
          const requests = await Promise.all(ROLES.map((role) => requestFor(role, {})));
          const answers = await Promise.all(requests.map((request) => answerOf(fn, ctx.app, request, probe.params?.(world, {}) ?? {})));
          answers.forEach(({ answer, body }, i) => check(ROLES[i]!, answer, body));
          const changed = changedTables(before, await snapshot()).filter((t) => !probe.tolerated?.includes(t));
          if (changed.length > 0) wrong.push(`read-only or refused for everyone, yet changed ${changed.join(', ')}`);
        } else {
          for (const role of ROLES) {
            const ids = (await probe.prepare?.(world)) ?? {};
            const request = await requestFor(role, ids);
            const before = await snapshot();
            const { answer, body } = await answerOf(fn, ctx.app, request, probe.params?.(world, ids) ?? {});
            const after = await snapshot();
            check(role, answer, body);
            const writes = probe.writers?.includes(role) === true;
            const changed = changedTables(before, after).filter((t) => !probe.tolerated?.includes(t));
            if (!writes && changed.length > 0) wrong.push(`${role}: refused or read-only, yet changed ${changed.join(', ')}`);
          }
        }
        expect(wrong).toEqual([]);
      });
    }
  }

  it('hides the test clock outside test mode', async () => {
    const mod = (await import(path.join(ROUTES_DIR, 'test.clock.tsx'))) as Required<RouteModule>;
    const production = { ...ctx.app, env: { ...ctx.app.env, FACT_TEST_MODE: '0' as const }, testClock: undefined } as Application;
    for (const role of ROLES) {
      const headers = new Headers();
      if (role !== 'anonymous') headers.set('Cookie', await cookieOf(ctx.app, world.people[role].id));
      expect((await answerOf(mod.loader, production, new Request('http://localhost/test/clock', { headers }), {})).answer).toBe(404);
      const post = new Request('http://localhost/test/clock', { method: 'POST', headers, body: new URLSearchParams({ at: '2030-01-01T00:00:00Z' }) });
      expect((await answerOf(mod.action, production, post, {})).answer).toBe(404);
    }
    expect(ctx.app.clock.now().getFullYear()).toBeLessThan(2030);
  });

  describe('fields a person may not write are ignored, never stored', () => {
    const call = async (file: string, kind: 'loader' | 'action', role: Exclude<Role, 'anonymous'> | null, url: string, form: Record<string, string>, params: Record<string, string> = {}) => {
      const mod = (await import(path.join(ROUTES_DIR, file))) as Required<RouteModule>;
      const headers = new Headers();
      if (role) headers.set('Cookie', await cookieOf(ctx.app, world.people[role].id));
      return answerOf(mod[kind], ctx.app, new Request(`http://localhost${url}`, { method: 'POST', headers, body: new URLSearchParams(form) }), params);
    };

    it('registration keeps role, activity, verification and session version to the server', async () => {
      const email = `escalate-${randomUUID().slice(0, 8)}@example.com`;
      const reply = await call('Register.tsx', 'action', null, '/Register', {
        ...registration(email),
        role: 'admin',
        isActive: 'false',
        is_active: 'false',
        emailVerified: 'true',
        email_verified_at: '2020-01-01T00:00:00Z',
        emailVerifiedAt: '2020-01-01T00:00:00Z',
        sessionVersion: '99',
        id: world.people.admin.id,
        erasedAt: '2020-01-01T00:00:00Z',
      });
      expect(reply.answer).toBe('go:/');
      const [row] = await ctx.db.query<Record<string, unknown>>('select id, role, is_active, email_verified_at, session_version, erased_at from users where email = $1', [email]);
      expect(row).toMatchObject({ role: 'user', is_active: true, email_verified_at: null, erased_at: null });
      expect(row!.id).not.toBe(world.people.admin.id);
      expect(row!.session_version).toBeLessThan(2);
    });

    it("a booking request takes the coach's price, pending status, no payment and the signed-in client, whatever is posted", async () => {
      const before = await ctx.db.query<{ id: string }>('select id from bookings');
      const [{ rate } = { rate: 0 }] = await ctx.db.query<{ rate: number }>('select hourly_rate_pence as rate from coach_profiles where user_id = $1', [world.people.coach.id]);
      // A start the slot engine offers now (earlier probes change the coach's calendar).
      const options = await call('api.booking-options.tsx', 'loader', 'client', `/api/booking-options?coachId=${world.people.coach.id}`, {});
      const { days } = JSON.parse(options.body) as { days: { date: string; slots: { time: string }[] }[] };
      const offered = days.at(-1)!;
      const reply = await call('_app.FindCoaches.tsx', 'action', 'client', '/FindCoaches', {
        ...bookingForm(world.people.coach.id),
        // The client has a player (an earlier probe): a booking says who it is for.
        playerId: 'self',
        date: offered.date,
        time: offered.slots.at(-1)!.time,
        price: '1',
        servicePricePence: '1',
        service_price_pence: '1',
        totalPricePence: '1',
        adminFeePence: '0',
        status: 'confirmed',
        paymentStatus: 'captured',
        payment_status: 'captured',
        amountCapturedPence: '5300',
        clientId: world.people.otherClient.id,
        client_id: world.people.otherClient.id,
        userId: world.people.otherClient.id,
        paymentIntentId: 'pi_forged',
      });
      expect(reply.answer, reply.body).toBe(200);
      const rows = await ctx.db.query<Record<string, unknown>>(
        `select client_id, coach_id, status, payment_status, service_price_pence, admin_fee_pence, total_price_pence, amount_captured_pence, payment_intent_id
           from bookings where id not in (select unnest($1::uuid[]))`,
        [before.map((b) => b.id)],
      );
      expect(rows).toEqual([
        {
          client_id: world.people.client.id,
          coach_id: world.people.coach.id,
          status: 'pending',
          payment_status: 'pending',
          service_price_pence: rate,
          admin_fee_pence: 300,
          total_price_pence: rate + 300,
          amount_captured_pence: 0,
          payment_intent_id: null,
        },
      ]);
    });

    it('booking on behalf of another coach as coach_id of someone else is refused for an administrator and changes nothing', async () => {
      const before = await snapshot();
      const reply = await call('_app.FindCoaches.tsx', 'action', 'admin', '/FindCoaches', { ...bookingForm(world.people.coach.id), clientId: world.people.client.id });
      expect(reply.answer).toBe(403);
      expect(changedTables(before, await snapshot())).toEqual([]);
    });

    it('a cancellation changes the status to cancelled only, whatever status or payment fields are posted', async () => {
      const { booking } = await newUnpaidBooking(world);
      const reply = await call('_app.MyBookings.tsx', 'action', 'client', '/MyBookings', {
        intent: 'cancel',
        bookingId: booking!,
        reason: 'Injured',
        status: 'completed',
        paymentStatus: 'released',
        amountRefundedPence: '99999',
        coachId: world.people.otherCoach.id,
      });
      expect(reply.answer).toBe(200);
      const [row] = await ctx.db.query<Record<string, unknown>>('select status, payment_status, amount_refunded_pence, coach_id from bookings where id = $1', [booking]);
      expect(row).toEqual({ status: 'cancelled', payment_status: 'pending', amount_refunded_pence: 0, coach_id: world.people.coach.id });
    });

    it('a message is stored from the signed-in sender, unread, whatever sender or read fields are posted', async () => {
      const reply = await call('api.messages.tsx', 'action', 'client', '/api/messages', {
        bookingId: world.booking,
        content: 'Spoofing test',
        senderId: world.people.otherClient.id,
        sender_id: world.people.otherClient.id,
        readAt: '2020-01-01T00:00:00Z',
        read_at: '2020-01-01T00:00:00Z',
        receiverId: world.people.admin.id,
      });
      const [row] = await ctx.db.query<Record<string, unknown>>(`select sender_id, receiver_id, read_at from messages where content = 'Spoofing test'`);
      if (reply.answer === 200) expect(row).toEqual({ sender_id: world.people.client.id, receiver_id: world.people.coach.id, read_at: null });
      else expect(row).toBeUndefined();
    });

    it("email preferences change only the signed-in person's own row, whatever user id is posted", async () => {
      const before = await ctx.db.query<{ id: string; email_preferences: unknown }>('select id, email_preferences from users order by id');
      const reply = await call('api.email-preferences.tsx', 'action', 'coach', '/api/email-preferences', {
        kind: 'booking_requests',
        enabled: 'off',
        userId: world.people.otherCoach.id,
        user_id: world.people.otherCoach.id,
      });
      expect(reply.answer).toBe(200);
      const after = await ctx.db.query<{ id: string; email_preferences: unknown }>('select id, email_preferences from users order by id');
      const changed = after.filter((row, i) => JSON.stringify(row.email_preferences) !== JSON.stringify(before[i]?.email_preferences)).map((r) => r.id);
      expect(changed).toEqual(changed.length ? [world.people.coach.id] : []);
    });

    it("a payment is opened for the booking's own total, whatever amount is posted", async () => {
      const { booking } = await newUnpaidBooking(world);
      const reply = await call(
        'api.payments.$bookingId.tsx',
        'action',
        'client',
        `/api/payments/${booking}`,
        { intent: 'start', amount: '1', amountPence: '1', currency: 'usd' },
        { bookingId: booking! },
      );
      expect(reply.answer).toBe(200);
      expect(JSON.parse(reply.body)).toMatchObject({ ok: true, session: { amountPence: 5300 } });
    });
  });
});
