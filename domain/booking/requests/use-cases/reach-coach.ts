import type { Repositories } from '../../../repositories';
import { joinEnquiryToBooking } from '../../../messaging/use-cases/join-enquiry';
import type { Booking } from '../../lifecycle/booking';

/**
 * A paid request reaches the coach (decision 011): their 'New booking request' email, and the
 * client's open enquiry with the coach joins the booking's conversation (decision 052). A weekly
 * series reaches them once, its first session's email listing every session.
 */
export async function reachCoach(tx: Repositories, booking: Booking, now: Date, series?: readonly Booking[]): Promise<void> {
  await tx.bookingEmails.queue(tx.outbox, { event: 'requested', booking, actorId: booking.clientId, ...(series ? { series } : {}) }, now);
  await joinEnquiryToBooking(tx, booking, now);
}
