import { describe, expect, it } from 'vitest';
import { ADMIN_FEE_PENCE } from '../../shared/money';
import { bookingPrice } from './booking-price';

describe('bookingPrice', () => {
  it("adds the admin fee to the coach's rate", () => {
    expect(bookingPrice(5000)).toEqual({ servicePricePence: 5000, adminFeePence: ADMIN_FEE_PENCE, totalPricePence: 5000 + ADMIN_FEE_PENCE });
  });
});
