import { PAYMENT_STATUSES, type PaymentStatus } from '../../domain/booking/money/payment-status';
import { BOOKING_STATUSES, type BookingStatusValue } from '../../domain/shared/catalogue';
import { DATE_RANGE_MESSAGES, londonDateRange } from './london-date-range';

/**
 * AdminBookings' filters from the address (decision 056), for the page and its CSV alike: the
 * status tabs, a party's name or email, the payment state, and the London dates the booking was
 * made between (both days included). Plain code, no zod: the page's component reads the values.
 */
export type StatusFilter = 'all' | BookingStatusValue;
export type PaymentFilter = 'all' | PaymentStatus;

/** What the form shows: the address's values as typed (a bad one stays in its box, with its message). */
export interface BookingSearchValues {
  readonly status: StatusFilter;
  readonly party: string;
  readonly payment: PaymentFilter;
  readonly from: string;
  readonly to: string;
}

/** What the list query gets: only valid filters. */
export interface BookingSearchFilter {
  readonly status: StatusFilter;
  readonly payment: PaymentStatus | null;
  /** Trimmed and lower-cased; null: no party search. */
  readonly party: string | null;
  /** The London midnight the first day starts at. */
  readonly bookedFrom: Date | null;
  /** The London midnight after the last day. */
  readonly bookedBefore: Date | null;
}

export type BookingSearchField = 'party' | 'payment' | 'from' | 'to';

export type BookingSearch =
  | { readonly ok: true; readonly values: BookingSearchValues; readonly filter: BookingSearchFilter }
  | { readonly ok: false; readonly values: BookingSearchValues; readonly errors: Partial<Record<BookingSearchField, string>> };

/** A party search needs a run of three characters: what a trigram index can look up. */
export const PARTY_MIN = 3;
export const PARTY_MAX = 100;

export const BOOKING_SEARCH_MESSAGES = {
  partyShort: `Type at least ${PARTY_MIN} characters of a name or email.`,
  partyLong: `A name or email search is at most ${PARTY_MAX} characters.`,
  payment: 'Choose a payment state from the list.',
  ...DATE_RANGE_MESSAGES,
} as const;

const isStatus = (v: string): v is BookingStatusValue => (BOOKING_STATUSES as readonly string[]).includes(v);
const isPayment = (v: string): v is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(v);

export function parseBookingSearch(params: URLSearchParams): BookingSearch {
  const raw = (key: string) => (params.get(key) ?? '').trim();
  const statusParam = raw('status');
  // An unknown tab is 'All', as before this search: a stale bookmark still opens the list.
  const status: StatusFilter = isStatus(statusParam) ? statusParam : 'all';
  const paymentParam = raw('payment');
  const party = raw('party');
  const from = raw('from');
  const to = raw('to');
  const errors: Partial<Record<BookingSearchField, string>> = {};

  const payment: PaymentFilter = paymentParam === '' || paymentParam === 'all' ? 'all' : isPayment(paymentParam) ? paymentParam : 'all';
  if (paymentParam !== '' && paymentParam !== 'all' && !isPayment(paymentParam)) errors.payment = BOOKING_SEARCH_MESSAGES.payment;

  if (party && [...party].length < PARTY_MIN) errors.party = BOOKING_SEARCH_MESSAGES.partyShort;
  if ([...party].length > PARTY_MAX) errors.party = BOOKING_SEARCH_MESSAGES.partyLong;

  const range = londonDateRange(from, to);
  Object.assign(errors, range.errors);
  const bookedFrom = range.start;
  const bookedBefore = range.end;

  const values: BookingSearchValues = { status, party, payment: errors.payment ? 'all' : payment, from, to };
  if (Object.keys(errors).length) return { ok: false, values, errors };
  return { ok: true, values, filter: { status, payment: payment === 'all' ? null : payment, party: party ? party.toLowerCase() : null, bookedFrom, bookedBefore } };
}

/** The address of the list (or its CSV) with these filters; empty ones left out. */
export function bookingSearchQuery(values: BookingSearchValues): string {
  const params = new URLSearchParams();
  params.set('status', values.status);
  if (values.party) params.set('party', values.party);
  if (values.payment !== 'all') params.set('payment', values.payment);
  if (values.from) params.set('from', values.from);
  if (values.to) params.set('to', values.to);
  return params.toString();
}
