import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/clock';
import { unwrap } from '../../../shared/result';
import { admin, at, client, coach, stranger, STARTS_AT } from '../../../testing/booking-fixtures';
import { cancelBooking } from '../../lifecycle/use-cases/cancel-booking';
import { coachDashboard, listMyBookings } from './list-my-bookings';
import { searchBookingsByReference } from '../../references/use-cases/search-bookings-by-reference';
import { viewBooking } from '../../lifecycle/use-cases/view-booking';
import { useBookingWorld } from '../../../testing/booking-world';

const world = useBookingWorld();

describe('reading bookings', () => {
  it('finds by reference: administrators any booking, others only their own', async () => {
    const b = unwrap(await world.request());
    const prefix = b.referenceCode.slice(0, 13).toLowerCase();
    expect(unwrap(await searchBookingsByReference({ uow: world.uow }, { actor: admin, query: prefix })).map((x) => x.id)).toEqual([b.id]);
    expect(unwrap(await searchBookingsByReference({ uow: world.uow }, { actor: client, query: b.referenceCode })).map((x) => x.id)).toEqual([b.id]);
    expect(unwrap(await searchBookingsByReference({ uow: world.uow }, { actor: stranger, query: b.referenceCode }))).toEqual([]);
    expect(await searchBookingsByReference({ uow: world.uow }, { actor: admin, query: '  ' })).toMatchObject({ ok: false, error: { code: 'REFERENCE_SEARCH_REQUIRED' } });
  });

  it('shows a booking with its progress and actions to its parties only', async () => {
    const b = await world.requestPaid();
    const view = unwrap(await viewBooking(world.deps(), { actor: coach, bookingId: b.id }));
    expect(view).toMatchObject({ relation: 'coach', progress: 'pending', reschedule: 'none', actions: ['accept', 'decline', 'propose_reschedule'] });
    expect(await viewBooking(world.deps(), { actor: stranger, bookingId: b.id })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('lists MyBookings tabs and the coach dashboard, showing the coach only requests that were paid', async () => {
    const a = await world.requestPaid();
    const c = await world.requestPaid({ startsAt: at(STARTS_AT, DAY_MS) });
    unwrap(await cancelBooking(world.deps(), { actor: client, bookingId: c.id, reason: 'No longer needed' }));
    const unpaid = unwrap(await world.request({ startsAt: at(STARTS_AT, 2 * DAY_MS) }));
    const unpaidCancelled = unwrap(await world.request({ startsAt: at(STARTS_AT, 3 * DAY_MS) }));
    unwrap(await cancelBooking(world.deps(), { actor: client, bookingId: unpaidCancelled.id, reason: 'Changed my mind' }));
    const tabs = unwrap(await listMyBookings(world.deps(), { actor: client }));
    expect([tabs.upcoming.map((b) => b.id), tabs.cancelled.map((b) => b.id), tabs.past]).toEqual([[a.id, unpaid.id], [unpaidCancelled.id, c.id], []]);
    const groups = unwrap(await coachDashboard({ uow: world.uow }, { actor: coach }));
    expect([groups.pending.map((b) => b.id), groups.history.map((b) => b.id)]).toEqual([[a.id], [c.id]]);
    const coachTabs = unwrap(await listMyBookings(world.deps(), { actor: coach }));
    expect([coachTabs.upcoming.map((b) => b.id), coachTabs.cancelled.map((b) => b.id)]).toEqual([[a.id], [c.id]]);
  });
});
