import type { EntityManager } from '@mikro-orm/postgresql';
import type { Repositories } from '../../domain/repositories';
import { createAvailabilityRepository } from './accounts/availability.repository';
import { createCoachProfileRepository } from './accounts/coach-profile.repository';
import { createDeletionRequestRepository } from './accounts/deletion-request.repository';
import { createUserRepository } from './accounts/user.repository';
import { createPlayerRepository } from './accounts/player.repository';
import { MikroBookingPartiesReader } from './booking/booking-parties.reader';
import { MikroBookingRepository } from './booking/booking.repository';
import { createMessageRepository } from './messaging/message.repository';
import { MikroOutbox } from './outbox/outbox.repository';
import { createAccountErasureStore } from './accounts/account-erasure.store';
import { createChargebackRepository } from './payouts/chargeback.repository';
import { createCoachTransferRepository } from './payouts/coach-transfer.repository';
import { createPayoutAccountRepository } from './payouts/payout-account.repository';
import { MikroReviewRepository } from './reviews/review.repository';

/**
 * Binds every repository adapter to one EntityManager (one transaction, or one request's reads).
 * Each is made on first use: a request reads through one or two of them, and making all fourteen
 * for each unit of work cost ~1.5 % of a list page's CPU (issue 20 §2). Own enumerable getters, so
 * that `{ ...tx, bookings }` still copies every repository. Each context adds its line here.
 */
export function makeRepositories(em: EntityManager): Repositories {
  const made: Partial<Repositories> = {};
  return {
    get users() { return (made.users ??= createUserRepository(em)); },
    get coachProfiles() { return (made.coachProfiles ??= createCoachProfileRepository(em)); },
    get deletionRequests() { return (made.deletionRequests ??= createDeletionRequestRepository(em)); },
    get players() { return (made.players ??= createPlayerRepository(em)); },
    get availability() { return (made.availability ??= createAvailabilityRepository(em)); },
    get messages() { return (made.messages ??= createMessageRepository(em)); },
    get reviews() { return (made.reviews ??= new MikroReviewRepository(em)); },
    get bookingParties() { return (made.bookingParties ??= new MikroBookingPartiesReader(em)); },
    get bookings() { return (made.bookings ??= new MikroBookingRepository(em)); },
    get payoutAccounts() { return (made.payoutAccounts ??= createPayoutAccountRepository(em)); },
    get coachTransfers() { return (made.coachTransfers ??= createCoachTransferRepository(em)); },
    get chargebacks() { return (made.chargebacks ??= createChargebackRepository(em)); },
    get outbox() { return (made.outbox ??= new MikroOutbox(em)); },
    get accountErasure() { return (made.accountErasure ??= createAccountErasureStore(em)); },
  };
}
