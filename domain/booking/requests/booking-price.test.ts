import { describe, expect, it } from 'vitest';
import { ADMIN_FEE_PENCE } from '../../shared/money';
import { bookingPrice, seriesPrice } from './booking-price';

describe('bookingPrice', () => {
  it("adds the admin fee to the coach's rate", () => {
    expect(bookingPrice(5000)).toEqual({ servicePricePence: 5000, adminFeePence: ADMIN_FEE_PENCE, totalPricePence: 5000 + ADMIN_FEE_PENCE });
  });
});

describe('the price of a weekly series paid by card', () => {
  it('is every session at its price and the admin fee once', () => {
    expect(seriesPrice(4500, 3)).toEqual({ servicePricePence: 13_500, adminFeePence: 300, totalPricePence: 13_800 });
  });
});
