import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { offeredSlots, slotsByDate } from '../../domain/availability/slot-engine';
import { bookingWindowBounds, bookingWindowSpan } from '../../domain/booking/requests/booking-calendar';
import { isId } from '../../domain/shared/ids';
import { actorOf, apiUser } from '~/auth/guards.server';
import type { RescheduleOptions } from '~/components/booking/reschedule-options';
import { requestDeps } from '~/request-deps.server';

/**
 * The times a party may propose for moving a booking: the slot engine's reschedule starts for the
 * booking's length over the 90-day window, with the booking itself left out of the coach's
 * sessions. proposeReschedule and acceptReschedule ask the engine again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  const actor = actorOf(user);
  const bookingId = new URL(request.url).searchParams.get('bookingId');
  const notFound = () => json({ message: 'Booking not found' }, { status: 404 });
  if (!isId(bookingId)) throw notFound();
  const deps = requestDeps(context);
  const booking = await deps.uow.read.bookings.findById(bookingId);
  if (!booking || (booking.clientId !== actor.userId && booking.coachId !== actor.userId)) throw notFound();
  const now = context.app.clock.now();
  const { today, lastDay } = bookingWindowBounds(now);
  const schedule = await deps.uow.read.coachSchedules.scheduleFor(booking.coachId, { ...bookingWindowSpan(now), excludeBookingId: booking.id });
  const slots = offeredSlots(schedule, { fromDate: today, toDate: lastDay, durationMinutes: booking.durationMinutes, now, purpose: 'reschedule' });
  const options: RescheduleOptions = {
    durationMinutes: booking.durationMinutes,
    days: slotsByDate(slots).map((d) => ({ date: d.date, slots: d.slots.map((s) => ({ time: s.time, location: s.location })) })),
  };
  return json(options, { headers: { 'Cache-Control': 'private, no-store' } });
}
