import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { PAYMENT_STATUSES } from '../../../domain/booking/money/payment-status';
import { bookingSearchQuery, PARTY_MAX, type BookingSearchField, type BookingSearchValues } from '../../admin/booking-search';
import { paymentLabel } from './format';

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria-invalid and the message's id on a box whose value was refused. */
const invalid = (id: string, error: string | undefined) => (error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});

/**
 * AdminBookings' filters (decision 056): a party's name or email, the payment state, the dates the
 * booking was made between; a GET form, so a filtered list is an address to share or bookmark.
 * The status stays the tab's. 'Export CSV' downloads the list as filtered, every page of it.
 */
export function BookingFilters({ values, errors }: { values: BookingSearchValues; errors: Partial<Record<BookingSearchField, string>> }) {
  const query = bookingSearchQuery(values);
  const refused = Object.keys(errors).length > 0;
  return (
    // Keyed by the filters: after 'Clear' or a tab the boxes show the new address's values.
    <Form key={query} method="get" role="search" aria-label="Filter bookings" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <input type="hidden" name="status" value={values.status} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <Field id="filter-party" label="Client or coach (name or email)" error={errors.party}>
          <input
            id="filter-party"
            name="party"
            type="search"
            defaultValue={values.party}
            maxLength={PARTY_MAX}
            placeholder="e.g. Jamie or jamie@example.com"
            className="field"
            {...invalid('filter-party', errors.party)}
          />
        </Field>
        <Field id="filter-payment" label="Payment" error={errors.payment}>
          <select id="filter-payment" name="payment" defaultValue={values.payment} className="field" {...invalid('filter-payment', errors.payment)}>
            <option value="all">Any payment state</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {paymentLabel(s)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="filter-from" label="Booked from" error={errors.from}>
          <input id="filter-from" name="from" type="date" defaultValue={values.from} className="field" {...invalid('filter-from', errors.from)} />
        </Field>
        <Field id="filter-to" label="Booked to" error={errors.to}>
          <input id="filter-to" name="to" type="date" defaultValue={values.to} className="field" {...invalid('filter-to', errors.to)} />
        </Field>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="submit" className="btn btn-p">
          Apply filters
        </button>
        <Link to={`/AdminBookings?status=${values.status}`} className="btn btn-s">
          Clear
        </Link>
        {refused ? null : (
          <a href={`/AdminBookings/csv?${query}`} download className="btn btn-s sm:ml-auto">
            Export CSV
          </a>
        )}
      </div>
    </Form>
  );
}
