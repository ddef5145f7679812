import type { Id } from '../../shared/ids';
import type { Repositories } from '../../repositories';
import type { Enquiry } from '../enquiry';

/**
 * In the transaction where a request first reaches its coach (its payment is authorised:
 * decision 011), the client's open enquiry with that coach joins the booking (decision 052):
 * its messages become the top of the booking's conversation, and a later question to the
 * coach opens a new enquiry. A request the coach never sees leaves the enquiry as it was.
 */
export async function joinEnquiryToBooking(tx: Pick<Repositories, 'enquiries'>, booking: { readonly id: Id; readonly clientId: Id; readonly coachId: Id }, now: Date): Promise<Enquiry | null> {
  return tx.enquiries.joinOpen({ clientId: booking.clientId, coachId: booking.coachId, bookingId: booking.id, at: now });
}
