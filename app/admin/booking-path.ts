/** The admin booking page of one booking (decision 055): every list and search links to it. */
export const adminBookingPath = (bookingId: string): string => `/AdminBookings/${bookingId}`;
