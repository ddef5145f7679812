import type { Id } from '../../../shared/ids';
import { ok, type Result } from '../../../shared/result';
import type { Repositories } from '../../../repositories';
import { mentionsOf, playerMentionsOf, rateLimitKeysOf, type ErasureReport } from '../account-erasure';
import { eraseCoachProfile } from '../../users/coach-profile';
import { eraseUser, type User } from '../../users/user';

/**
 * Every step of erasing an account's personal data (decision 016), inside the caller's
 * transaction, in order:
 * 1. the user's row (name, email, phone, bio, photo, videos, location, credentials: eraseUser);
 * 2. a coach's profile (credentials, verification: eraseCoachProfile);
 * 3. every other place that may hold their name, email or phone (tx.accountErasure, see
 *    ERASURE_STEPS: pending emails dropped, delivery subjects, audit details, outbox payloads,
 *    messages, booking notes, reviews, deletion-request reasons redacted, counters and the
 *    calendar feed removed; the places and notes they typed on their bookings as a client, and on
 *    their availability as a coach, replaced or dropped: decision 038).
 * 4. the guardian's players (decision 017): deleted by the 'players' step of tx.accountErasure, their
 *    full names redacted wherever the guardian's are.
 * `user` is the account as loaded before erasure (its name, email and phone are what is searched for).
 */
export async function eraseAccountData(tx: Repositories, input: { user: User; adminId: Id; now: Date; keepJobDedupeKey?: string | null }): Promise<Result<{ user: User; traces: ErasureReport }>> {
  const { user, adminId, now } = input;
  const erased = eraseUser(user, adminId, now);
  const saved = await tx.users.save(erased);
  if (!saved.ok) return saved;
  const profile = await tx.coachProfiles.findByUserId(user.id);
  if (profile) {
    const savedProfile = await tx.coachProfiles.save(eraseCoachProfile(profile, now));
    if (!savedProfile.ok) return savedProfile;
  }
  const players = await tx.players.listAllByGuardian(user.id);
  const traces = await tx.accountErasure.eraseTraces({
    userId: user.id,
    mentions: [...new Set([...mentionsOf(user), ...playerMentionsOf(players)])],
    rateLimitKeys: rateLimitKeysOf(user),
    keepJobDedupeKey: input.keepJobDedupeKey ?? null,
  });
  return ok({ user: erased, traces });
}
