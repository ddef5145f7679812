import { ADMIN_FEE_PENCE, type Pence } from '../../shared/money';

/** What a booking costs: the session, the admin fee and what the client pays. */
export interface BookingPrice {
  readonly servicePricePence: Pence;
  readonly adminFeePence: Pence;
  readonly totalPricePence: Pence;
}

/**
 * PRODUCT.md: a session costs the coach's rate at the time of booking plus the fixed £3 admin
 * fee; createBooking freezes it on the booking, and the booking dialog shows the same sum.
 */
export function bookingPrice(ratePence: Pence): BookingPrice {
  return { servicePricePence: ratePence, adminFeePence: ADMIN_FEE_PENCE, totalPricePence: ratePence + ADMIN_FEE_PENCE };
}

/**
 * A weekly series paid by card in one payment (decision 064): every session at its price and the
 * admin fee once, as the series' payment takes it (seriesAmountPence).
 */
export function seriesPrice(sessionPricePence: Pence, sessions: number): BookingPrice {
  const servicePricePence = sessionPricePence * sessions;
  return { servicePricePence, adminFeePence: ADMIN_FEE_PENCE, totalPricePence: servicePricePence + ADMIN_FEE_PENCE };
}
