import type { EntityManager } from '@mikro-orm/postgresql';
import type { Repositories } from '../../domain/repositories';
import { createAvailabilityRepository } from './accounts/availability.repository';
import { createCalendarLinkRepository } from './availability/calendar-link.repository';
import { createScheduleSettingsRepository } from './availability/schedule-settings';
import { createCoachProfileRepository } from './accounts/coach-profile.repository';
import { createDeletionRequestRepository } from './accounts/deletion-request.repository';
import { createUserRepository } from './accounts/user.repository';
import { createPlayerRepository } from './accounts/player.repository';
import { MikroBookingPartiesReader } from './booking/booking-parties.reader';
import { MikroBookingRepository } from './booking/booking.repository';
import { createMessageRepository } from './messaging/message.repository';
import { createPackageOfferRepository } from './packages/package-offer.repository';
import { createPackagePurchaseRepository } from './packages/package-purchase.repository';
import { packageEmails } from '../../domain/notifications/package-emails';
import { createEnquiryRepository } from './messaging/enquiry.repository';
import { MikroOutbox } from './outbox/outbox.repository';
import { createAccountErasureStore } from './accounts/account-erasure.store';
import { createChargebackRepository } from './payouts/chargeback.repository';
import { createCoachTransferRepository } from './payouts/coach-transfer.repository';
import { createPayoutAccountRepository } from './payouts/payout-account.repository';
import { MikroReviewRepository } from './reviews/review.repository';
import { createCoachSchedules } from './read-models/coach-schedules';
import { deletionEmails } from '../../domain/notifications/account-emails';
import { bookingEmails } from '../../domain/notifications/booking-emails';
import { accountEnd } from '../../domain/booking/account-end/use-cases/settle-ended-account';
import { packageSessions } from '../../domain/packages/use-cases/package-sessions';

/** The EntityManager of one set of repositories and the ones it made so far (below). */
const STATE = Symbol('repositories');
interface LazyRepositories extends Repositories {
  readonly [STATE]: { readonly em: EntityManager; readonly made: Partial<Repositories> };
}

/** A repository made on first read, through the getter every set of repositories shares. */
function lazy<K extends keyof Repositories>(name: K, make: (em: EntityManager) => Repositories[K]): PropertyDescriptor {
  return {
    enumerable: true,
    configurable: true,
    get(this: LazyRepositories) {
      const state = this[STATE];
      return (state.made[name] ??= make(state.em));
    },
  };
}

// Each context adds its line here; the type asks for every repository.
const GETTERS: Record<keyof Repositories, PropertyDescriptor> = {
  users: lazy('users', createUserRepository),
  coachProfiles: lazy('coachProfiles', createCoachProfileRepository),
  deletionRequests: lazy('deletionRequests', createDeletionRequestRepository),
  players: lazy('players', createPlayerRepository),
  availability: lazy('availability', createAvailabilityRepository),
  calendarLinks: lazy('calendarLinks', createCalendarLinkRepository),
  scheduleSettings: lazy('scheduleSettings', createScheduleSettingsRepository),
  coachSchedules: lazy('coachSchedules', createCoachSchedules),
  messages: lazy('messages', createMessageRepository),
  enquiries: lazy('enquiries', createEnquiryRepository),
  reviews: lazy('reviews', (em) => new MikroReviewRepository(em)),
  bookingParties: lazy('bookingParties', (em) => new MikroBookingPartiesReader(em)),
  bookings: lazy('bookings', (em) => new MikroBookingRepository(em)),
  payoutAccounts: lazy('payoutAccounts', createPayoutAccountRepository),
  coachTransfers: lazy('coachTransfers', createCoachTransferRepository),
  chargebacks: lazy('chargebacks', createChargebackRepository),
  packageOffers: lazy('packageOffers', createPackageOfferRepository),
  packagePurchases: lazy('packagePurchases', createPackagePurchaseRepository),
  packageEmails: lazy('packageEmails', () => packageEmails),
  outbox: lazy('outbox', (em) => new MikroOutbox(em)),
  accountErasure: lazy('accountErasure', createAccountErasureStore),
  deletionEmails: lazy('deletionEmails', () => deletionEmails),
  bookingEmails: lazy('bookingEmails', () => bookingEmails),
  accountEnd: lazy('accountEnd', () => accountEnd),
  packageSessions: lazy('packageSessions', () => packageSessions),
};

/**
 * Binds every repository adapter to one EntityManager (one transaction, or one request's reads).
 * Each is made on first use: a request reads through one or two of them, and making all fourteen
 * for each unit of work is work thrown away. Own enumerable getters, so
 * that `{ ...tx, bookings }` still copies every repository.
 *
 * The getters are the same functions for every set, reading the set's own state through `this`.
 * Shared getters (rather than new closures per set) mean no set keeps functions of its own
 * that would hold its EntityManager fork after the request is over.
 */
export function makeRepositories(em: EntityManager): Repositories {
  const repositories = Object.defineProperty({}, STATE, { value: { em, made: {} } });
  return Object.defineProperties(repositories, GETTERS) as LazyRepositories;
}
