import { describe, expect, it } from 'vitest';
import { MikroCoachDirectory } from '../../../adapters/persistence/booking/coach-directory';
import { createCoachSearch } from '../../../adapters/persistence/search/coach-search';
import { updateCoachProfile } from '../../../domain/accounts/users/use-cases/update-coach-profile';
import { toActor } from '../../../domain/accounts/users/user';
import { requestBooking } from '../../../domain/booking/requests/use-cases/request-booking';
import { NO_FILTERS } from '../../../domain/search/coach-search';
import { DAY_MS } from '../../../domain/shared/clock';
import { londonToUtc, utcToLondon } from '../../../domain/shared/london-time';
import { createEarningsReader } from '../../../adapters/persistence/payouts/earnings.query';
import { lineViews } from '../../../app/earnings/earnings-page.server';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { unwrap } from '../../../domain/shared/result';
import { createUser } from '../../support/accounts';
import { payWithCard, runJobs } from '../payments/money-helpers';
import { useTestApp } from '../../support/app';

/**
 * Decision 045 over PostgreSQL: the lengths a coach chose and their prices are stored under the
 * table's checks, the profile's from price follows them in the same transaction, a booking
 * freezes the price of its length, and FindCoaches' price band reads the from price.
 */
const ctx = useTestApp();

const coachForm = (extra: Record<string, string>) => ({ hourlyRate: '50', servicesOffered: ['striker'], ageGroups: ['adults'], lengthsShown: '1', ...extra });
const THIRTY_AND_NINETY = { length30: 'on', price30: '25', length90: 'on', price90: '60' };

async function coachWithLengths(lengths: Record<string, string>, name = 'Petra Price') {
  const { user } = await createUser(ctx.app, { userType: 'coach', fullName: name });
  const saved = await updateCoachProfile(ctx.app.deps(), { actor: toActor(user), form: coachForm(lengths) });
  if (!saved.ok) throw new Error(saved.error.message);
  return user;
}

const fromPrice = async (coachId: string) => Number((await ctx.db.query<{ p: number }>('select from_price_pence as p from coach_profiles where user_id = $1', [coachId]))[0]!.p);
const storedLengths = (coachId: string) =>
  ctx.db.query<{ minutes: number; price_pence: number }>('select minutes, price_pence from coach_session_lengths where coach_id = $1 order by minutes', [coachId]);

/** Three days ahead at 10:00 London. */
function aSlot(): Date {
  const day = utcToLondon(new Date(ctx.app.clock.now().getTime() + 3 * DAY_MS)).date;
  const startsAt = londonToUtc(day, '10:00');
  if (!startsAt) throw new Error(`10:00 does not exist in London on ${day}`);
  return startsAt;
}

function bookingDeps() {
  return { ...ctx.app.deps(), coaches: new MikroCoachDirectory(ctx.app.orm.em.fork()) };
}

describe('session lengths and prices over PostgreSQL', () => {
  it("stores the chosen lengths in pence and keeps the profile's from price at the least of them", async () => {
    const coach = await coachWithLengths(THIRTY_AND_NINETY);
    expect(await storedLengths(coach.id)).toEqual([
      { minutes: 30, price_pence: 2500 },
      { minutes: 90, price_pence: 6000 },
    ]);
    expect(await fromPrice(coach.id)).toBe(2500);

    const loaded = await ctx.app.deps().uow.read.coachProfiles.findByUserId(coach.id);
    expect(loaded?.sessionLengths).toEqual([
      { minutes: 30, pricePence: 2500 },
      { minutes: 90, pricePence: 6000 },
    ]);

    // Dropping the cheapest length moves the from price in the same save.
    const changed = await updateCoachProfile(ctx.app.deps(), { actor: toActor(coach), form: coachForm({ length90: 'on', price90: '60', length120: 'on', price120: '70' }) });
    expect(changed.ok).toBe(true);
    expect(await storedLengths(coach.id)).toEqual([
      { minutes: 90, price_pence: 6000 },
      { minutes: 120, price_pence: 7000 },
    ]);
    expect(await fromPrice(coach.id)).toBe(6000);
  });

  it('goes back to every length at the rate when every length is ticked at the rate, and the rate is then the from price', async () => {
    const coach = await coachWithLengths(THIRTY_AND_NINETY);
    const all = { length30: 'on', length60: 'on', length90: 'on', length120: 'on' };
    expect((await updateCoachProfile(ctx.app.deps(), { actor: toActor(coach), form: { ...coachForm(all), hourlyRate: '45' } })).ok).toBe(true);
    expect(await storedLengths(coach.id)).toEqual([]);
    expect(await fromPrice(coach.id)).toBe(4500);
    // A coach without lengths: a rate written in plain SQL is the from price at once.
    await ctx.db.query('update coach_profiles set hourly_rate_pence = 3900 where user_id = $1', [coach.id]);
    expect(await fromPrice(coach.id)).toBe(3900);
  });

  it('refuses a length other than 30, 60, 90 or 120 minutes, a price out of bounds, a second row for one length, and a hand-set from price', async () => {
    const coach = await coachWithLengths(THIRTY_AND_NINETY);
    const insert = (minutes: number, price: number) => ctx.db.query('insert into coach_session_lengths (coach_id, minutes, price_pence) values ($1, $2, $3)', [coach.id, minutes, price]);
    await expect(insert(45, 3000)).rejects.toThrow(/coach_session_lengths_minutes/);
    await expect(insert(60, 0)).rejects.toThrow(/coach_session_lengths_price/);
    await expect(insert(60, 100_001)).rejects.toThrow(/coach_session_lengths_price/);
    await expect(insert(30, 2000)).rejects.toThrow(/duplicate key/);
    await ctx.db.query('update coach_profiles set from_price_pence = 99999 where user_id = $1', [coach.id]);
    expect(await fromPrice(coach.id)).toBe(2500);
    // A length written in plain SQL moves the from price too.
    await insert(60, 1500);
    expect(await fromPrice(coach.id)).toBe(1500);
    await ctx.db.query('delete from coach_session_lengths where coach_id = $1 and minutes = 60', [coach.id]);
    expect(await fromPrice(coach.id)).toBe(2500);
  });

  it('refuses a form with no length or a price out of bounds, per field, and changes nothing', async () => {
    const coach = await coachWithLengths(THIRTY_AND_NINETY);
    const none = await updateCoachProfile(ctx.app.deps(), { actor: toActor(coach), form: coachForm({ price30: '25' }) });
    expect(none.ok ? null : none.error.fieldErrors).toEqual({ sessionLengths: ['Please offer at least one session length'] });
    const cheap = await updateCoachProfile(ctx.app.deps(), { actor: toActor(coach), form: coachForm({ length30: 'on', price30: '5' }) });
    expect(cheap.ok ? null : cheap.error.fieldErrors).toEqual({ price30: ['Price must be at least £10'] });
    expect(await storedLengths(coach.id)).toHaveLength(2);
    expect(await fromPrice(coach.id)).toBe(2500);
  });

  it("freezes the chosen length's price on the booking, refuses a length the coach does not offer, and keeps the price when the coach changes it", async () => {
    const coach = await coachWithLengths(THIRTY_AND_NINETY);
    const { user: client } = await createUser(ctx.app, { userType: 'client' });
    const ask = (durationMinutes: number, startsAt = aSlot()) => requestBooking(bookingDeps(), { actor: toActor(client), coachId: coach.id, serviceType: 'striker', startsAt, durationMinutes });

    const refused = await ask(60);
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'DURATION_NOT_OFFERED', message: 'This coach does not offer 60-minute sessions.' });
    const refused45 = await ask(45);
    expect(refused45.ok ? null : refused45.error.message).toBe('This coach does not offer 45-minute sessions.');
    expect(await ctx.db.query('select 1 from bookings where coach_id = $1', [coach.id])).toHaveLength(0);

    const booked = await ask(90);
    expect(booked.ok && booked.value).toMatchObject({ durationMinutes: 90, servicePricePence: 6000, adminFeePence: 300, totalPricePence: 6300 });
    const later = await updateCoachProfile(ctx.app.deps(), { actor: toActor(coach), form: coachForm({ length90: 'on', price90: '80' }) });
    expect(later.ok).toBe(true);
    const [row] = await ctx.db.query<{ service_price_pence: number; total_price_pence: number }>('select service_price_pence, total_price_pence from bookings where coach_id = $1', [coach.id]);
    expect(row).toEqual({ service_price_pence: 6000, total_price_pence: 6300 });
  });

  it('charges a coach who chose no lengths their rate for any length from 30 minutes to 4 hours, as before', async () => {
    const { user: coach } = await createUser(ctx.app, { userType: 'coach', hourlyRate: 43 });
    const { user: client } = await createUser(ctx.app, { userType: 'client' });
    const startsAt = aSlot();
    for (const [i, durationMinutes] of [45, 240].entries()) {
      const booked = await requestBooking(bookingDeps(), { actor: toActor(client), coachId: coach.id, serviceType: 'striker', startsAt: new Date(startsAt.getTime() + i * DAY_MS), durationMinutes });
      expect(booked.ok && booked.value.servicePricePence).toBe(4300);
    }
  });

  it("files a coach under the price band of their least price, and fills the card's from price and lengths", async () => {
    const coach = await coachWithLengths(THIRTY_AND_NINETY, 'Bandy Lengths');
    const search = createCoachSearch(ctx.app.orm.em.fork());
    const inBand = async (band: '0-30' | '30-60' | '60-100') => (await search.search({ ...NO_FILTERS, priceBand: band, text: 'bandy' }, { cursor: null, limit: 20 })).coaches;
    const [card] = await inBand('0-30');
    expect(card).toMatchObject({
      userId: coach.id,
      fromPricePence: 2500,
      sessionOffer: {
        ratePence: 5000,
        lengths: [
          { minutes: 30, pricePence: 2500 },
          { minutes: 90, pricePence: 6000 },
        ],
      },
    });
    // The rate (£50) is no longer what the band reads.
    expect(await inBand('30-60')).toEqual([]);
    await updateCoachProfile(ctx.app.deps(), { actor: toActor(coach), form: coachForm({ length90: 'on', price90: '60' }) });
    expect((await inBand('60-100')).map((c) => c.userId)).toEqual([coach.id]);
    expect(await inBand('0-30')).toEqual([]);
  });

  it("pays for a session at its length's price and shows that price on the coach's Earnings line", async () => {
    const coach = await coachWithLengths(THIRTY_AND_NINETY, 'Erna Earnings');
    const { user: client } = await createUser(ctx.app, { userType: 'client' });
    const booking = unwrap(await requestBooking(bookingDeps(), { actor: toActor(client), coachId: coach.id, serviceType: 'striker', startsAt: aSlot(), durationMinutes: 30 }));
    const world = { client: { id: client.id, actor: toActor(client) }, coach: { id: coach.id, actor: toActor(coach) }, admin: { id: client.id, actor: toActor(client) }, booking };
    unwrap(await payWithCard(ctx.app, world));
    unwrap(await acceptBooking(ctx.app.deps(), { actor: toActor(coach), bookingId: booking.id }));
    await runJobs(ctx.app);
    const { items } = await createEarningsReader(ctx.app.orm.em.fork()).lines(coach.id, { cursor: null, limit: 20 });
    expect(lineViews(items, 0, ctx.app.clock.now())).toMatchObject([{ reference: booking.referenceCode, sessionPrice: '£25.00', coachShare: '£25.00' }]);
  });
});
