import type { UserRepository } from './accounts/users/user.repository';
import type { CoachProfileRepository } from './accounts/users/coach-profile.repository';
import type { PlayerRepository } from './accounts/players/player.repository';
import type { DeletionRequestRepository } from './accounts/erasure/deletion-request.repository';
import type { MessageRepository } from './messaging/message.repository';
import type { EnquiryRepository } from './messaging/enquiry.repository';
import type { ReviewRepository } from './reviews/review.repository';
import type { AvailabilityRepository } from './availability/availability.repository';
import type { CalendarLinkRepository } from './availability/calendar-link';
import type { ScheduleSettingsRepository } from './availability/schedule-settings.repository';
import type { CoachScheduleSource } from './availability/coach-schedule-source';
import type { BookingPartiesReader } from './policy/booking-parties';
import type { BookingRepository } from './booking/lifecycle/booking.repository';
import type { OutboxPort } from './shared/outbox';
import type { AccountErasureStore } from './accounts/erasure/account-erasure';
import type { DeletionEmails } from './accounts/erasure/deletion-emails';
import type { AccountEnd } from './accounts/erasure/account-settlement';
import type { PackageSessions } from './booking/lifecycle/package-sessions';
import type { BookingEmails } from './booking/lifecycle/booking-notifications';
import type { PackageOfferRepository } from './packages/package-offer.repository';
import type { PackagePurchaseRepository } from './packages/package-purchase.repository';
import type { PackageEmails } from './packages/package-emails';
import type { ChargebackRepository, CoachTransferRepository, PayoutAccountRepository } from './payouts/payouts.repository';
/**
 * Every repository port, as one bag bound to a transaction by the UnitOfWork.
 * Each bounded context adds its own repository here (one line each).
 */
export interface Repositories {
  users: UserRepository;
  coachProfiles: CoachProfileRepository;
  deletionRequests: DeletionRequestRepository;
  players: PlayerRepository;
  messages: MessageRepository;
  /** Conversations before a booking (decision 052). */
  enquiries: EnquiryRepository;
  reviews: ReviewRepository;
  availability: AvailabilityRepository;
  /** Coaches' linked calendars and the busy time read from them. */
  calendarLinks: CalendarLinkRepository;
  scheduleSettings: ScheduleSettingsRepository;
  /** What the slot engine reads of a coach (periods and sessions), inside the transaction. */
  coachSchedules: CoachScheduleSource;
  bookingParties: BookingPartiesReader;
  bookings: BookingRepository;
  payoutAccounts: PayoutAccountRepository;
  coachTransfers: CoachTransferRepository;
  chargebacks: ChargebackRepository;
  /** The packages coaches offer (decision 058). */
  packageOffers: PackageOfferRepository;
  /** Packages bought and being bought (decision 059). */
  packagePurchases: PackagePurchaseRepository;
  /** Queues a package's emails (notifications/ composes them). */
  packageEmails: PackageEmails;
  outbox: OutboxPort;
  accountErasure: AccountErasureStore;
  /** Ports a context calls to queue emails that notifications/ composes (so it needs no context above it). */
  deletionEmails: DeletionEmails;
  /** Settles an ending account's bookings (booking/account-end implements it for accounts). */
  accountEnd: AccountEnd;
  packageSessions: PackageSessions;
  bookingEmails: BookingEmails;
}
