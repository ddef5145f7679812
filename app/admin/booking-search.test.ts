import { describe, expect, it } from 'vitest';
import { BOOKING_SEARCH_MESSAGES, bookingSearchQuery, parseBookingSearch } from './booking-search';

const parse = (query: string) => parseBookingSearch(new URLSearchParams(query));

describe('parseBookingSearch', () => {
  it('reads no filter as every booking', () => {
    expect(parse('')).toEqual({
      ok: true,
      values: { status: 'all', party: '', payment: 'all', from: '', to: '' },
      filter: { status: 'all', payment: null, party: null, bookedFrom: null, bookedBefore: null },
    });
  });

  it('lower-cases and trims a party search and keeps the typed text for the box', () => {
    const search = parse('party=%20Jamie%20CARTER%20&status=confirmed&payment=released');
    expect(search.ok && search.filter).toMatchObject({ status: 'confirmed', party: 'jamie carter', payment: 'released' });
    expect(search.values.party).toBe('Jamie CARTER');
  });

  it('turns London dates into the midnights around them, both days included, across the clock change', () => {
    const search = parse('from=2026-03-29&to=2026-10-25');
    expect(search.ok && search.filter.bookedFrom?.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    // 26 October 00:00 in London is 00:00 UTC (GMT again); 29 March 00:00 is still GMT.
    expect(search.ok && search.filter.bookedBefore?.toISOString()).toBe('2026-10-26T00:00:00.000Z');
    const summer = parse('from=2026-07-01&to=2026-07-01');
    expect(summer.ok && [summer.filter.bookedFrom?.toISOString(), summer.filter.bookedBefore?.toISOString()]).toEqual(['2026-06-30T23:00:00.000Z', '2026-07-01T23:00:00.000Z']);
  });

  it('refuses a party search too short for the index, with the message for the box', () => {
    expect(parse('party=jo')).toMatchObject({ ok: false, errors: { party: BOOKING_SEARCH_MESSAGES.partyShort } });
    expect(parse(`party=${'a'.repeat(101)}`)).toMatchObject({ ok: false, errors: { party: BOOKING_SEARCH_MESSAGES.partyLong } });
  });

  it('refuses an unknown payment state, a date that is no date and a range that ends before it starts', () => {
    expect(parse('payment=stolen')).toMatchObject({ ok: false, errors: { payment: BOOKING_SEARCH_MESSAGES.payment }, values: { payment: 'all' } });
    expect(parse('from=2026-02-30')).toMatchObject({ ok: false, errors: { from: BOOKING_SEARCH_MESSAGES.date } });
    expect(parse('to=yesterday')).toMatchObject({ ok: false, errors: { to: BOOKING_SEARCH_MESSAGES.date } });
    expect(parse('from=2026-12-02&to=2026-12-01')).toMatchObject({ ok: false, errors: { to: BOOKING_SEARCH_MESSAGES.order } });
  });

  it('opens an unknown status tab as All, as a stale bookmark did before', () => {
    expect(parse('status=archived').values.status).toBe('all');
  });
});

describe('bookingSearchQuery', () => {
  it('writes only the filters given, so the address reads back to the same search', () => {
    const values = { status: 'completed', party: 'Jamie', payment: 'released', from: '2026-11-01', to: '' } as const;
    expect(bookingSearchQuery(values)).toBe('status=completed&party=Jamie&payment=released&from=2026-11-01');
    expect(parse(bookingSearchQuery(values)).values).toEqual(values);
  });
});
