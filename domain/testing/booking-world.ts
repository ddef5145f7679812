import { beforeEach } from 'vitest';
import { recordAuthorization, recordIntentCreated } from '../payments/payment-records';
import type { Booking } from '../booking/lifecycle/booking';
import type { CoachForBooking } from '../booking/requests/coach-directory';
import { requestBooking, type RequestBookingInput } from '../booking/requests/use-cases/request-booking';
import type { OutboxJob } from '../shared/outbox';
import { unwrap } from '../shared/result';
import { client, COACH_ID, NOW, RATE_PENCE, STARTS_AT } from './booking-fixtures';
import { fixedClock, type SettableClock } from './clock';
import { sequentialIds } from './ids';
import { coachDirectory } from './memory-bookings';
import { memoryUnitOfWork, type MemoryUnitOfWork } from './unit-of-work';

/** The coach the booking use-case tests book. */
export const theCoach: CoachForBooking = {
  coachId: COACH_ID,
  fullName: 'Casey Coach',
  isBookable: true,
  hourlyRatePence: RATE_PENCE,
  sessionLengths: [],
  servicesOffered: ['striker', 'midfield'],
};

/** A fresh world for each test of the booking use cases: the unit of work, a clock at NOW, the coach, ids. */
export interface BookingWorld {
  uow: MemoryUnitOfWork;
  clock: SettableClock;
  coaches: CoachForBooking[];
  ids: ReturnType<typeof sequentialIds>;
  /** The ports a booking use case takes. */
  deps(): { uow: MemoryUnitOfWork; clock: SettableClock; ids: ReturnType<typeof sequentialIds>; coaches: ReturnType<typeof coachDirectory> };
  /** The client asks the coach for a session (STARTS_AT, an hour, online, unless overridden). */
  request(overrides?: Partial<RequestBookingInput>): ReturnType<typeof requestBooking>;
  /** Pretends the client's card was authorised (the payment use cases do this for real). */
  authorise(id: string): Booking;
  /** A request whose payment is authorised: the only kind that reaches the coach (decision 011). */
  requestPaid(overrides?: Partial<RequestBookingInput>): Promise<Booking>;
  /** The coach publishes an availability period (available unless said otherwise) for [startsAt, endsAt). */
  publish(startsAt: Date, endsAt: Date, isAvailable?: boolean): void;
  /** The payloads of the queued jobs of one type. */
  jobsOf(type: string): OutboxJob['payload'][];
}

/** Call once at the top of a test file: the world is made again before each test. */
export function useBookingWorld(): BookingWorld {
  const world = {
    deps: () => ({ uow: world.uow, clock: world.clock, ids: sequentialIds(), coaches: coachDirectory(world.coaches) }),
    request: (overrides: Partial<RequestBookingInput> = {}) =>
      requestBooking({ ...world.deps(), ids: world.ids }, { actor: client, coachId: COACH_ID, serviceType: 'striker', startsAt: STARTS_AT, durationMinutes: 60, locationType: 'online', ...overrides }),
    authorise: (id: string): Booking => {
      const b = world.uow.bookings.rows.get(id)!;
      const withIntent = unwrap(recordIntentCreated(b, `pi_${id}`, NOW));
      const held = unwrap(recordAuthorization(withIntent, { intentId: `pi_${id}`, amountPence: b.totalPricePence }, NOW));
      world.uow.bookings.rows.set(id, held);
      return held;
    },
    requestPaid: async (overrides: Partial<RequestBookingInput> = {}): Promise<Booking> => world.authorise(unwrap(await world.request(overrides)).id),
    publish: (startsAt: Date, endsAt: Date, isAvailable = true) => {
      const id = `aaaaaaaa-0000-4000-8000-${String(world.uow.data.availability.size + 1).padStart(12, '0')}`;
      world.uow.data.availability.set(id, {
        id,
        coachId: COACH_ID,
        startsAt,
        endsAt,
        isAvailable,
        locationOverride: null,
        notes: null,
        dailyStart: null,
        dailyEnd: null,
        createdAt: NOW,
        updatedAt: NOW,
      });
    },
    jobsOf: (type: string) => world.uow.outbox.jobs.filter((j) => j.type === type).map((j) => j.payload),
  } as BookingWorld;
  beforeEach(() => {
    world.uow = memoryUnitOfWork();
    world.clock = fixedClock(NOW);
    world.coaches = [theCoach];
    world.ids = sequentialIds();
  });
  return world;
}
