import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { playerName } from '../../domain/accounts/players/player';
import { listPlayers } from '../../domain/accounts/players/use-cases/manage-players';
import { BOOKING_WINDOW_DAYS } from '../../domain/booking/lifecycle/booking-rules';
import { DAY_MS } from '../../domain/shared/clock';
import { isId } from '../../domain/shared/ids';
import { ADMIN_FEE_PENCE } from '../../domain/shared/money';
import { coachingTypeOptionsOf } from '../../domain/shared/catalogue';
import { actorOf, apiUser } from '~/auth/guards.server';
import { readModels } from '~/booking/read-models.server';
import type { BookingOptions } from '~/components/booking/booking-options';
import { requestDeps } from '~/request-deps.server';

/**
 * What the booking dialog needs about one coach (SPEC §2): the services they offer, the session
 * lengths they offer with their prices (decision 045),
 * their published availability and the times already taken in the 90-day window. The dialog
 * computes disabled days and slots from these with the domain's calendar rules.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  const actor = actorOf(user);
  if (actor.role === 'admin') throw json({ message: 'Administrators cannot book sessions.' }, { status: 403 });
  const coachId = new URL(request.url).searchParams.get('coachId');
  if (!isId(coachId)) throw json({ message: 'Coach not found' }, { status: 404 });
  const models = readModels(context);
  const coach = await models.coachDirectory.findCoachForBooking(coachId);
  if (!coach || !coach.isBookable) throw json({ message: 'Coach not found' }, { status: 404 });
  const now = context.app.clock.now();
  const [busy, players] = await Promise.all([
    models.coachSchedule.busyIntervals(coachId, now, new Date(now.getTime() + (BOOKING_WINDOW_DAYS + 2) * DAY_MS)),
    listPlayers(requestDeps(context), { actor }),
  ]);
  const options: BookingOptions = {
    coachId: coach.coachId,
    coachName: coach.fullName ?? 'Coach',
    services: coachingTypeOptionsOf(coach.servicesOffered),
    sessionOffer: { ratePence: coach.hourlyRatePence, lengths: coach.sessionLengths },
    adminFeePence: ADMIN_FEE_PENCE,
    availability: coach.availability.map((w) => ({ startsAt: w.startsAt.toISOString(), endsAt: w.endsAt.toISOString(), isAvailable: w.isAvailable })),
    busy: busy.map((b) => ({ startsAt: b.startsAt.toISOString(), endsAt: b.endsAt.toISOString() })),
    ageGroups: coach.ageGroups ?? [],
    players: players.map((p) => ({ id: p.id, name: playerName(p), dateOfBirth: p.dateOfBirth })),
    now: now.toISOString(),
  };
  return json(options, { headers: { 'Cache-Control': 'private, no-store' } });
}
