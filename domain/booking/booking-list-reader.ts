import type { Id } from '../shared/ids';
import type { BookingListItem } from './booking-card-view';
import type { CoachDashboardGroup, MyBookingsTab } from './booking-lists';

/**
 * Port: the MyBookings and CoachDashboard read models. The tabs and groups are the SPEC §4 rules
 * of booking-lists.ts, computed in SQL; pages follow a keyset cursor (the session start and id of
 * the last card), so a page is as fast on the hundredth as on the first.
 */
export const BOOKING_LIST_PAGE_SIZE = 20;

export interface BookingListCursor {
  readonly startsAt: Date;
  readonly id: Id;
}

export interface BookingListPage {
  readonly items: readonly BookingListItem[];
  readonly nextCursor: string | null;
}

export interface BookingListReader {
  /** The viewer's bookings (as client or coach) in one MyBookings tab, newest session first. */
  myBookings(input: { viewerId: Id; tab: MyBookingsTab; now: Date; cursor: BookingListCursor | null; limit: number }): Promise<BookingListPage>;
  /** The coach's bookings in one dashboard group, earliest session first. */
  coachDashboard(input: { coachId: Id; group: CoachDashboardGroup; cursor: BookingListCursor | null; limit: number }): Promise<BookingListPage>;
  /** How many bookings each dashboard group holds (the tab labels and the banner). */
  coachDashboardCounts(coachId: Id): Promise<Record<CoachDashboardGroup, number>>;
}

export function bookingCursorAfter(item: { readonly booking: { readonly startsAt: Date; readonly id: Id } }): string {
  return `${item.booking.startsAt.getTime()}_${item.booking.id}`;
}

export function parseBookingCursor(token: string | null | undefined): BookingListCursor | null {
  const m = /^(\d{1,15})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(token ?? '');
  if (!m) return null;
  return { startsAt: new Date(Number(m[1])), id: m[2]!.toLowerCase() };
}
