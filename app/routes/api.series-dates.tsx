import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { bookingWindowSpan } from '../../domain/booking/requests/booking-calendar';
import { seriesDateChoices } from '../../domain/booking/requests/series-dates';
import { isSeriesLength } from '../../domain/booking/requests/weekly-series';
import { isId } from '../../domain/shared/ids';
import { londonToUtc } from '../../domain/shared/london-time';
import { BOOKING_DIALOG_DURATIONS } from '../../domain/validation/booking-limits';
import { actorOf, apiUser } from '~/auth/guards.server';
import { readModels } from '~/booking/read-models.server';

/**
 * 'Repeat weekly' in the booking dialog (decision 062): each week's date and time from the chosen
 * start, with whether the coach is free then under their availability rules, and the other
 * times offered that day for a date that is not. requestSeries asks the slot engine again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  if (actorOf(user).role === 'admin') throw json({ message: 'Administrators cannot book sessions.' }, { status: 403 });
  const params = new URL(request.url).searchParams;
  const coachId = params.get('coachId');
  const duration = Number(params.get('duration'));
  const weeks = Number(params.get('weeks'));
  const first = londonToUtc(params.get('date') ?? '', params.get('time') ?? '');
  if (!isId(coachId)) throw json({ message: 'Coach not found' }, { status: 404 });
  if (!first || !isSeriesLength(weeks) || !(BOOKING_DIALOG_DURATIONS as readonly number[]).includes(duration)) throw json({ message: 'Choose a date, a time and 2 to 12 weeks.' }, { status: 422 });
  const models = readModels(context);
  const coach = await models.coachDirectory.findCoachForBooking(coachId);
  if (!coach || !coach.isBookable) throw json({ message: 'Coach not found' }, { status: 404 });
  const now = context.app.clock.now();
  const schedule = await models.coachSchedules.scheduleFor(coachId, bookingWindowSpan(now));
  const dates = seriesDateChoices(schedule, { first, weeks, durationMinutes: duration, now });
  return json({ dates }, { headers: { 'Cache-Control': 'private, no-store' } });
}
