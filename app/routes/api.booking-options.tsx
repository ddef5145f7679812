import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { playerName } from '../../domain/accounts/players/player';
import { listPlayers } from '../../domain/accounts/players/use-cases/manage-players';
import { offeredSlots, slotsByDate } from '../../domain/availability/slot-engine';
import { bookingWindowBounds, bookingWindowSpan } from '../../domain/booking/requests/booking-calendar';
import { isId } from '../../domain/shared/ids';
import { lengthToBook } from '../../domain/shared/session-lengths';
import { ADMIN_FEE_PENCE } from '../../domain/shared/money';
import { coachingTypeOptionsOf } from '../../domain/shared/catalogue';
import { BOOKING_DIALOG_DURATIONS } from '../../domain/validation/booking-limits';
import { actorOf, apiUser } from '~/auth/guards.server';
import { readModels } from '~/booking/read-models.server';
import { DEFAULT_DURATION, type BookingOptions } from '~/components/booking/booking-options';
import { requestDeps } from '~/request-deps.server';
import { packagesOnSale } from '../../domain/packages/use-cases/package-offers';
import { packageCard } from '~/packages/package-view';
import { myPackages } from '../../domain/packages/use-cases/my-packages';
import { bookingCreditOf } from '~/packages/package-credit-view';

/**
 * What the booking dialog needs about one coach (SPEC §2): the services they offer, the session
 * lengths they offer with their prices (decision 045), and the start times the slot engine offers
 * for the chosen session length (`duration`, the coach's first offered length by default) over the
 * 90-day window, by London date. The dialog shows exactly these times and computes none of its
 * own; requestBooking asks the engine again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  const actor = actorOf(user);
  if (actor.role === 'admin') throw json({ message: 'Administrators cannot book sessions.' }, { status: 403 });
  const params = new URL(request.url).searchParams;
  const coachId = params.get('coachId');
  if (!isId(coachId)) throw json({ message: 'Coach not found' }, { status: 404 });
  const asked = params.has('duration') ? Number(params.get('duration')) : DEFAULT_DURATION;
  if (!(BOOKING_DIALOG_DURATIONS as readonly number[]).includes(asked)) throw json({ message: 'Please select a session duration' }, { status: 422 });
  const models = readModels(context);
  const coach = await models.coachDirectory.findCoachForBooking(coachId);
  if (!coach || !coach.isBookable) throw json({ message: 'Coach not found' }, { status: 404 });
  // A length the coach does not offer gives way to the one lengthToBook names; the answer says which it is.
  const durationMinutes = lengthToBook({ ratePence: coach.hourlyRatePence, lengths: coach.sessionLengths }, asked);
  const now = context.app.clock.now();
  const { today, lastDay } = bookingWindowBounds(now);
  const deps = requestDeps(context);
  const sessionOffer = { ratePence: coach.hourlyRatePence, lengths: coach.sessionLengths };
  const [schedule, players, packages, bought] = await Promise.all([
    models.coachSchedules.scheduleFor(coachId, bookingWindowSpan(now)),
    listPlayers(deps, { actor }),
    packagesOnSale(deps, { coachId }),
    myPackages(deps, { actor }),
  ]);
  const slots = offeredSlots(schedule, { fromDate: today, toDate: lastDay, durationMinutes, now, purpose: 'booking' });
  const options: BookingOptions = {
    coachId: coach.coachId,
    coachName: coach.fullName ?? 'Coach',
    services: coachingTypeOptionsOf(coach.servicesOffered),
    sessionOffer,
    adminFeePence: ADMIN_FEE_PENCE,
    durationMinutes,
    days: slotsByDate(slots).map((d) => ({ date: d.date, slots: d.slots.map((s) => ({ time: s.time, location: s.location })) })),
    ageGroups: coach.ageGroups ?? [],
    players: players.map((p) => ({ id: p.id, name: playerName(p), dateOfBirth: p.dateOfBirth })),
    packages: packages.map((o) => {
      const card = packageCard(o, sessionOffer);
      return { id: card.id, name: card.name, price: card.price, saving: card.saving };
    }),
    credits: bought.filter((row) => row.purchase.coachId === coachId).flatMap((row) => bookingCreditOf(row, now) ?? []),
    now: now.toISOString(),
  };
  return json(options, { headers: { 'Cache-Control': 'private, no-store' } });
}
