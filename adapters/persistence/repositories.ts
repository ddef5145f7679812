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
 * Each context adds its adapter here, one line each.
 */
export function makeRepositories(em: EntityManager): Repositories {
  return {
    users: createUserRepository(em),
    coachProfiles: createCoachProfileRepository(em),
    deletionRequests: createDeletionRequestRepository(em),
    players: createPlayerRepository(em),
    availability: createAvailabilityRepository(em),
    messages: createMessageRepository(em),
    reviews: new MikroReviewRepository(em),
    bookingParties: new MikroBookingPartiesReader(em),
    bookings: new MikroBookingRepository(em),
    payoutAccounts: createPayoutAccountRepository(em),
    coachTransfers: createCoachTransferRepository(em),
    chargebacks: createChargebackRepository(em),
    outbox: new MikroOutbox(em),
    accountErasure: createAccountErasureStore(em),
  };
}
