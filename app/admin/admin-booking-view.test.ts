import { describe, expect, it } from 'vitest';
import { adminBookingRowView, takePaymentOffer, type AdminBookingRead } from './admin-booking-view';

describe('takePaymentOffer', () => {
  it('offers Take Payment while nothing is held and the booking is not cancelled', () => {
    expect(takePaymentOffer({ status: 'pending', paymentStatus: 'pending' })).toEqual({ offered: true });
    expect(takePaymentOffer({ status: 'confirmed', paymentStatus: 'failed' })).toEqual({ offered: true });
    expect(takePaymentOffer({ status: 'completed', paymentStatus: 'pending' })).toEqual({ offered: true });
  });

  it('does not offer it on a cancelled booking or once money is held or settled', () => {
    expect(takePaymentOffer({ status: 'cancelled', paymentStatus: 'pending' }).offered).toBe(false);
    for (const paymentStatus of ['authorized', 'captured', 'released', 'refunded', 'partially_refunded', 'voided'])
      expect(takePaymentOffer({ status: 'confirmed', paymentStatus }).offered).toBe(false);
  });
});

describe('adminBookingRowView', () => {
  const read = (over: Partial<AdminBookingRead> = {}): AdminBookingRead => ({
    id: 'b1',
    referenceCode: 'FACT-20261125-C346',
    status: 'confirmed',
    paymentStatus: 'captured',
    serviceType: 'goalkeeping',
    startsAt: '2027-01-13T17:00:00.000Z',
    durationMinutes: 120,
    servicePricePence: 20_000,
    adminFeePence: 300,
    totalPricePence: 20_300,
    clientName: 'Sage Mclaughlin',
    coachName: 'Sage Smith',
    player: null,
    transfer: null,
    chargebacks: [],
    ...over,
  });

  it('sends what the row shows and nothing empty', () => {
    expect(adminBookingRowView(read())).toEqual({
      id: 'b1',
      referenceCode: 'FACT-20261125-C346',
      status: 'confirmed',
      paymentStatus: 'captured',
      serviceType: 'goalkeeping',
      startsAt: '2027-01-13T17:00:00.000Z',
      durationMinutes: 120,
      totalPricePence: 20_300,
      clientName: 'Sage Mclaughlin',
      coachName: 'Sage Smith',
    });
    expect(adminBookingRowView(read({ player: 'Ella Hughes, 10' })).player).toBe('Ella Hughes, 10');
  });

  it("carries the payment dialog's prices only while 'Take Payment' is offered", () => {
    expect(adminBookingRowView(read({ status: 'pending', paymentStatus: 'pending' })).pay).toEqual({ servicePricePence: 20_000, adminFeePence: 300 });
    expect(adminBookingRowView(read({ status: 'cancelled', paymentStatus: 'pending' })).pay).toBeUndefined();
  });

  it('says when the transfer last moved, its error only while failed, and each chargeback without its dates', () => {
    const transfer = { status: 'paid', coachSharePence: 5000, reversedPence: 0, transferId: 'tr_1', lastError: 'old', releasedAt: 'r', transferredAt: 't', paidOutAt: null };
    expect(adminBookingRowView(read({ transfer })).transfer).toEqual({ status: 'paid', coachSharePence: 5000, transferId: 'tr_1', moved: { how: 'sent', at: 't' } });
    expect(adminBookingRowView(read({ transfer: { ...transfer, paidOutAt: 'p', reversedPence: 700 } })).transfer).toMatchObject({ reversedPence: 700, moved: { how: 'paid out', at: 'p' } });
    expect(adminBookingRowView(read({ transfer: { ...transfer, status: 'failed', transferId: null, transferredAt: null } })).transfer).toEqual({
      status: 'failed',
      coachSharePence: 5000,
      lastError: 'old',
      moved: { how: 'released', at: 'r' },
    });
    const chargeback = { id: 'dp_1', status: 'needs_response', amountPence: 5300, reason: 'fraudulent', openedAt: 'o', closedAt: null, transferReversedPence: 0 };
    expect(adminBookingRowView(read({ chargebacks: [chargeback] })).chargebacks).toEqual([{ id: 'dp_1', status: 'needs_response', amountPence: 5300, reason: 'fraudulent' }]);
  });
});
