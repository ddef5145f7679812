import { forbidden, notFound } from '../shared/errors';

/** Permission failures shared by every context (403, or 404 where the record must stay hidden). */
export const policyErrors = {
  adminOnly: () => forbidden('ADMIN_ONLY', 'Only an administrator can do this.'),
  cannotRemoveAdmin: () => forbidden('CANNOT_REMOVE_ADMIN', 'Administrators cannot be removed.'),
  cannotRemoveSelf: () => forbidden('CANNOT_REMOVE_SELF', 'You cannot remove your own account.'),
  adminsCannotRequestDeletion: () => forbidden('ADMINS_CANNOT_REQUEST_DELETION', 'Administrator accounts cannot request deletion.'),
  notBookingParty: () => forbidden('NOT_BOOKING_PARTY', 'You are not part of this booking.'),
  /** A booking the actor may not see is answered as if it did not exist (PRODUCT.md: 404). */
  bookingNotFound: () => notFound('BOOKING_NOT_FOUND', 'Booking not found'),
  profileNotFound: () => notFound('USER_NOT_FOUND', 'User not found'),
} as const;
