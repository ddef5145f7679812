import type { Id } from '../../shared/ids';
import type { BookingStatus } from '../lifecycle/booking';

/**
 * SPEC §4 list rules as pure functions over anything with a start and a status (the aggregate or
 * a read model), plus the filter shapes the repository turns into SQL.
 */
export interface Listable {
  readonly startsAt: Date | null;
  readonly status: string;
  readonly createdAt?: Date | null;
}

// MyBookings -----------------------------------------------------------------------------------

export const MY_BOOKINGS_TABS = ['upcoming', 'past', 'cancelled'] as const;
export type MyBookingsTab = (typeof MY_BOOKINGS_TABS)[number];

const time = (d: Date | null | undefined): number | null => (d instanceof Date && !Number.isNaN(d.getTime()) ? d.getTime() : null);

/**
 * upcoming: the session starts now or later and is pending or confirmed; cancelled: cancelled;
 * past: everything else (started before now, or completed, in session, disputed). Each booking
 * is in exactly one tab.
 */
export function myBookingsTabOf(booking: Listable, now: Date): MyBookingsTab {
  if (booking.status === 'cancelled') return 'cancelled';
  const starts = time(booking.startsAt);
  if ((booking.status === 'pending' || booking.status === 'confirmed') && (starts === null || starts >= now.getTime())) return 'upcoming';
  return 'past';
}

/** Newest session first; undated last; ties by newest creation. */
export function byNewestSession(a: Listable, b: Listable): number {
  const ta = time(a.startsAt);
  const tb = time(b.startsAt);
  if (ta !== tb) {
    if (ta === null) return 1;
    if (tb === null) return -1;
    return tb - ta;
  }
  return (time(b.createdAt) ?? 0) - (time(a.createdAt) ?? 0);
}

/** Earliest session first; undated last; ties by earliest creation. */
export function byEarliestSession(a: Listable, b: Listable): number {
  const ta = time(a.startsAt);
  const tb = time(b.startsAt);
  if (ta !== tb) {
    if (ta === null) return 1;
    if (tb === null) return -1;
    return ta - tb;
  }
  return (time(a.createdAt) ?? 0) - (time(b.createdAt) ?? 0);
}

/**
 * PRODUCT.md 'Open browsing, clear terms' (decision 051): Upcoming reads soonest session first,
 * the next thing to turn up for; Past Sessions and Cancelled stay newest first (SPEC §4).
 */
export type SessionOrder = 'soonest_first' | 'newest_first';
export function myBookingsOrder(tab: MyBookingsTab): SessionOrder {
  return tab === 'upcoming' ? 'soonest_first' : 'newest_first';
}

export function myBookingsTab<T extends Listable>(bookings: readonly T[], tab: MyBookingsTab, now: Date): T[] {
  const order = myBookingsOrder(tab) === 'soonest_first' ? byEarliestSession : byNewestSession;
  return bookings.filter((b) => myBookingsTabOf(b, now) === tab).sort(order);
}

export function myBookingsTabs<T extends Listable>(bookings: readonly T[], now: Date): Record<MyBookingsTab, T[]> {
  return {
    upcoming: myBookingsTab(bookings, 'upcoming', now),
    past: myBookingsTab(bookings, 'past', now),
    cancelled: myBookingsTab(bookings, 'cancelled', now),
  };
}

// Coach dashboard --------------------------------------------------------------------------------

export const COACH_DASHBOARD_GROUPS = ['pending', 'upcoming', 'history'] as const;
export type CoachDashboardGroup = (typeof COACH_DASHBOARD_GROUPS)[number];

/**
 * pending: requests to answer; upcoming: confirmed sessions (and sessions in progress, which the
 * coach must still mark complete); history: completed, cancelled or disputed.
 */
export function coachDashboardGroupOf(booking: Listable): CoachDashboardGroup {
  switch (booking.status) {
    case 'pending':
      return 'pending';
    case 'confirmed':
    case 'in_session':
      return 'upcoming';
    default:
      return 'history';
  }
}

/** Each group ascending by date, undated last (SPEC §4). */
export function coachDashboardGroups<T extends Listable>(bookings: readonly T[]): Record<CoachDashboardGroup, T[]> {
  const groups: Record<CoachDashboardGroup, T[]> = { pending: [], upcoming: [], history: [] };
  for (const b of bookings) groups[coachDashboardGroupOf(b)].push(b);
  for (const g of COACH_DASHBOARD_GROUPS) groups[g].sort(byEarliestSession);
  return groups;
}

// Repository-facing filters -------------------------------------------------------------------------

export type BookingOrder = 'created_desc' | 'updated_desc' | 'starts_asc' | 'starts_desc';

/** A booking list query; every given criterion must hold. */
export interface BookingListFilter {
  readonly clientId?: Id;
  readonly coachId?: Id;
  /** Bookings where this user is the client or the coach. */
  readonly partyId?: Id;
  /** The sessions of one weekly series (decision 062). */
  readonly seriesId?: Id;
  readonly statuses?: readonly BookingStatus[];
  /** startsAt >= startsFrom */
  readonly startsFrom?: Date;
  /** startsAt < startsBefore */
  readonly startsBefore?: Date;
  readonly orderBy: BookingOrder;
  /** SPEC §9: admin lists 1000 (200 on the admin messages page), dashboard recent bookings 8. */
  readonly limit: number;
}

export const ADMIN_BOOKING_LIST_LIMIT = 1000;
export const ADMIN_MESSAGES_BOOKING_LIMIT = 200;
export const RECENT_BOOKINGS_LIMIT = 8;
