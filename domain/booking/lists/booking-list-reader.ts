import type { Id } from '../../shared/ids';
import type { Booking } from '../lifecycle/booking';
import type { CoachDashboardGroup, MyBookingsTab } from './booking-lists';
import type { NeedsResponseKind } from './needs-response';

/** A booking as a list page reads it: the booking and the names and facts its card shows. */
export interface BookingListItem {
  readonly booking: Booking;
  readonly clientName: string | null;
  readonly coachName: string | null;
  /** The viewer has already reviewed this booking. */
  readonly reviewedByViewer: boolean;
  /** The player the session is for (decision 017), as stored; absent or null: the client. */
  readonly player?: { firstName: string; lastName: string; dateOfBirth: string; notes: string | null } | null;
  /** The session's place in its weekly series (decision 062); absent or null: not part of one. */
  readonly series?: { readonly position: number; readonly sessions: number } | null;
}

/**
 * Port: the MyBookings and CoachDashboard read models. The tabs and groups are the SPEC §4 rules
 * of booking-lists.ts, computed in SQL; pages follow a keyset cursor (the session start and id of
 * the last card), so a page is as fast on the hundredth as on the first.
 */
export const BOOKING_LIST_PAGE_SIZE = 10;

export interface BookingListCursor {
  readonly startsAt: Date;
  readonly id: Id;
}

export interface BookingListPage {
  readonly items: readonly BookingListItem[];
  readonly nextCursor: string | null;
}

export interface BookingListReader {
  /** The viewer's bookings (as client or coach) in one MyBookings tab, in the tab's order (myBookingsOrder). */
  myBookings(input: { viewerId: Id; tab: MyBookingsTab; now: Date; cursor: BookingListCursor | null; limit: number }): Promise<BookingListPage>;
  /** The coach's bookings in one dashboard group, earliest session first. */
  coachDashboard(input: { coachId: Id; group: CoachDashboardGroup; cursor: BookingListCursor | null; limit: number }): Promise<BookingListPage>;
  /**
   * The top of the dashboard in one read: the groups' counts and the first `limit` bookings that
   * need the coach's response (needs-response.ts), soonest session first, with how many there are.
   */
  coachDashboardHead(input: { coachId: Id; now: Date; limit: number }): Promise<CoachDashboardHead>;
}

export interface NeedsResponseItem extends BookingListItem {
  readonly kind: NeedsResponseKind;
}

export interface CoachDashboardHead {
  readonly counts: Record<CoachDashboardGroup, number>;
  readonly needs: { readonly items: readonly NeedsResponseItem[]; readonly total: number };
}

export function bookingCursorAfter(item: { readonly booking: { readonly startsAt: Date; readonly id: Id } }): string {
  return `${item.booking.startsAt.getTime()}_${item.booking.id}`;
}

export function parseBookingCursor(token: string | null | undefined): BookingListCursor | null {
  const m = /^(\d{1,15})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(token ?? '');
  if (!m) return null;
  return { startsAt: new Date(Number(m[1])), id: m[2]!.toLowerCase() };
}
