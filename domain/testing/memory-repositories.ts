import type { PackageOffer } from '../packages/package-offer';
import type { PackagePurchaseRepository, StoredPurchase } from '../packages/package-purchase.repository';
/**
 * In-memory fakes of the repository ports (accounts, messaging, reviews, availability, and the
 * bookings of memory-bookings.ts), for unit tests of use cases; the unit of work over them is in
 * unit-of-work.ts. Not used by production code.
 */
import { memoryCoachSchedules } from './memory-schedules';
import type { AccountDeletionRequest } from '../accounts/erasure/deletion-request';
import type { CoachProfile } from '../accounts/users/coach-profile';
import type { CommonPasswords } from '../accounts/sign-in/common-passwords';
import type { EmailVerificationTokens, AccountLinks } from '../accounts/sign-in/email-verification-tokens';
import type { PasswordHasher } from '../accounts/sign-in/password-hasher';
import type { User } from '../accounts/users/user';
import type { Player } from '../accounts/players/player';
import type { AvailabilityPeriod } from '../availability/availability-period';
import { DEFAULT_SCHEDULING_RULES } from '../availability/schedule';
import type { ScheduleSettings } from '../availability/schedule-settings.repository';
import type { Message } from '../messaging/message';
import type { BookingParties } from '../policy/booking-parties';
import type { Repositories } from '../repositories';
import type { Review } from '../reviews/review';
import { conflict } from '../shared/errors';
import type { FileStorage } from '../shared/file-storage';
import type { Id } from '../shared/ids';
import type { Mail, Mailer } from '../shared/mailer';
import { err, ok, type Result } from '../shared/result';
import { deletionEmails } from '../notifications/account-emails';
import { bookingEmails } from '../notifications/booking-emails';
import { packageEmails } from '../notifications/package-emails';
import { accountEnd } from '../booking/account-end/use-cases/settle-ended-account';
import { packageSessions } from '../packages/use-cases/package-sessions';
import type { Enquiry, EnquiryMessage, EnquiryReport } from '../messaging/enquiry';
import { memoryEnquiries } from './memory-enquiries';
import { createInMemoryBookings, createRecordingOutbox, type InMemoryBookings, type RecordingOutbox } from './memory-bookings';

export interface MemoryData {
  users: Map<Id, User>;
  coachProfiles: Map<Id, CoachProfile>;
  deletionRequests: Map<Id, AccountDeletionRequest>;
  messages: Map<Id, Message>;
  reviews: Map<Id, Review>;
  availability: Map<Id, AvailabilityPeriod>;
  /** Weekly hours and rules by coach; a coach with a profile and no entry has the defaults. */
  scheduleSettings: Map<Id, ScheduleSettings>;
  /** The parties of bookings a test needs no more of (messaging, reviews, profiles); full bookings live in the bookings repository. */
  bookingParties: Map<Id, BookingParties>;
  players: Map<Id, Player>;
  enquiries: Map<Id, Enquiry>;
  enquiryMessages: Map<Id, EnquiryMessage>;
  enquiryReports: Map<Id, EnquiryReport>;
  packageOffers: Map<Id, PackageOffer>;
  packagePurchases: Map<Id, StoredPurchase>;
}

export function emptyData(): MemoryData {
  return {
    users: new Map(),
    coachProfiles: new Map(),
    deletionRequests: new Map(),
    messages: new Map(),
    reviews: new Map(),
    availability: new Map(),
    scheduleSettings: new Map(),
    bookingParties: new Map(),
    players: new Map(),
    enquiries: new Map(),
    enquiryMessages: new Map(),
    enquiryReports: new Map(),
    packageOffers: new Map(),
    packagePurchases: new Map(),
  };
}

export function snapshot(data: MemoryData): MemoryData {
  return {
    users: new Map(data.users),
    coachProfiles: new Map(data.coachProfiles),
    deletionRequests: new Map(data.deletionRequests),
    messages: new Map(data.messages),
    reviews: new Map(data.reviews),
    availability: new Map(data.availability),
    scheduleSettings: new Map(data.scheduleSettings),
    bookingParties: new Map(data.bookingParties),
    players: new Map(data.players),
    enquiries: new Map(data.enquiries),
    enquiryMessages: new Map(data.enquiryMessages),
    enquiryReports: new Map(data.enquiryReports),
    packageOffers: new Map(data.packageOffers),
    packagePurchases: new Map(data.packagePurchases),
  };
}

export function restore(data: MemoryData, from: MemoryData): void {
  for (const key of Object.keys(from) as (keyof MemoryData)[]) {
    const target = data[key] as Map<Id, unknown>;
    target.clear();
    for (const [k, v] of from[key] as Map<Id, unknown>) target.set(k, v);
  }
}

const byTime = <T extends { createdAt: Date }>(a: T, b: T) => a.createdAt.getTime() - b.createdAt.getTime();

/** Every repository over `data`, with full bookings in `bookings` and jobs in `outbox`. */
export function memoryRepositories(data: MemoryData, bookings: InMemoryBookings = createInMemoryBookings(), outbox: RecordingOutbox = createRecordingOutbox()): Repositories {
  const parties = (): BookingParties[] => [...new Map<Id, BookingParties>([...data.bookingParties, ...bookings.rows]).values()];
  const repos = {
    users: {
      findById: async (id: Id) => data.users.get(id) ?? null,
      findByEmail: async (email: string) => [...data.users.values()].find((u) => u.email === email.toLowerCase()) ?? null,
      findByGoogleId: async (googleId: string) => [...data.users.values()].find((u) => u.googleId === googleId) ?? null,
      findManyByIds: async (ids: readonly Id[]) => ids.flatMap((id) => data.users.get(id) ?? []),
      save: async (user: User): Promise<Result<void>> => {
        const clash = [...data.users.values()].find((u) => u.email === user.email && u.id !== user.id);
        if (clash) return err(conflict('EMAIL_TAKEN', 'An account with this email already exists. Please try logging in instead.'));
        data.users.set(user.id, user);
        return ok(undefined);
      },
    },
    coachProfiles: {
      findByUserId: async (userId: Id) => data.coachProfiles.get(userId) ?? null,
      save: async (profile: CoachProfile): Promise<Result<void>> => {
        data.coachProfiles.set(profile.userId, profile);
        return ok(undefined);
      },
    },
    deletionRequests: {
      findById: async (id: Id) => data.deletionRequests.get(id) ?? null,
      findPendingByUserId: async (userId: Id) => [...data.deletionRequests.values()].find((r) => r.userId === userId && r.status === 'pending') ?? null,
      listPending: async () => [...data.deletionRequests.values()].filter((r) => r.status === 'pending').sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime()),
      listByUserId: async (userId: Id) => [...data.deletionRequests.values()].filter((r) => r.userId === userId),
      save: async (request: AccountDeletionRequest): Promise<Result<void>> => {
        const clash = [...data.deletionRequests.values()].find((r) => r.userId === request.userId && r.status === 'pending' && r.id !== request.id && request.status === 'pending');
        if (clash) return err(conflict('DELETION_ALREADY_PENDING', 'You already have a pending deletion request.'));
        data.deletionRequests.set(request.id, request);
        return ok(undefined);
      },
    },
    enquiries: memoryEnquiries(data),
    packagePurchases: memoryPackagePurchases(data),
    packageOffers: {
      listOnSale: async (coachId: Id) => [...data.packageOffers.values()].filter((o) => o.coachId === coachId && o.retiredAt === null),
      findById: async (id: Id) => data.packageOffers.get(id) ?? null,
      profileOfferings: async (coachId: Id) => ({
        periods: [...data.availability.values()].filter((p) => p.coachId === coachId).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()),
        packages: [...data.packageOffers.values()].filter((o) => o.coachId === coachId && o.retiredAt === null),
      }),
      lockCoach: async () => undefined,
      insert: async (offer: PackageOffer) => void data.packageOffers.set(offer.id, offer),
      update: async (offer: PackageOffer) => void data.packageOffers.set(offer.id, offer),
    },
    messages: {
      add: async (message: Message): Promise<Result<void>> => {
        data.messages.set(message.id, message);
        return ok(undefined);
      },
      listByBooking: async (bookingId: Id) => [...data.messages.values()].filter((m) => m.bookingId === bookingId).sort(byTime),
      listForUser: async (userId: Id) =>
        [...data.messages.values()]
          .filter((m) => m.senderId === userId || m.receiverId === userId)
          .sort(byTime)
          .reverse(),
      listAll: async () => [...data.messages.values()].sort(byTime).reverse(),
      markRead: async (ids: readonly Id[], readAt: Date) => {
        for (const id of ids) {
          const m = data.messages.get(id);
          if (m) data.messages.set(id, { ...m, isRead: true, readAt });
        }
      },
    },
    reviews: {
      add: async (review: Review): Promise<Result<void>> => {
        const clash = [...data.reviews.values()].find((r) => r.bookingId === review.bookingId && r.reviewerId === review.reviewerId);
        if (clash) return err(conflict('REVIEW_ALREADY_SUBMITTED', 'You have already reviewed this session.'));
        data.reviews.set(review.id, review);
        return ok(undefined);
      },
      findByBookingAndReviewer: async (bookingId: Id, reviewerId: Id) => [...data.reviews.values()].find((r) => r.bookingId === bookingId && r.reviewerId === reviewerId) ?? null,
      listByBooking: async (bookingId: Id) => [...data.reviews.values()].filter((r) => r.bookingId === bookingId),
      listClientReviewsOfCoach: async (coachId: Id) => [...data.reviews.values()].filter((r) => r.coachId === coachId && r.reviewerType === 'client'),
    },
    availability: {
      findById: async (id: Id) => data.availability.get(id) ?? null,
      listByCoach: async (coachId: Id) => [...data.availability.values()].filter((p) => p.coachId === coachId).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()),
      save: async (period: AvailabilityPeriod): Promise<Result<void>> => {
        data.availability.set(period.id, period);
        return ok(undefined);
      },
      delete: async (id: Id) => {
        data.availability.delete(id);
      },
    },
    scheduleSettings: {
      scheduleSettingsFor: async (coachIds: readonly Id[]) => {
        const found = new Map<Id, ScheduleSettings>();
        for (const id of coachIds) {
          const settings = data.scheduleSettings.get(id) ?? (data.coachProfiles.has(id) ? { weeklyHours: [], rules: DEFAULT_SCHEDULING_RULES } : undefined);
          if (settings) found.set(id, settings);
        }
        return found;
      },
      lockSchedule: async (coachId: Id) => data.scheduleSettings.has(coachId) || data.coachProfiles.has(coachId),
      replaceWeeklyHours: async (coachId: Id, ranges: ScheduleSettings['weeklyHours']): Promise<Result<void>> => {
        data.scheduleSettings.set(coachId, { rules: data.scheduleSettings.get(coachId)?.rules ?? DEFAULT_SCHEDULING_RULES, weeklyHours: [...ranges] });
        return ok(undefined);
      },
      saveRules: async (coachId: Id, rules: ScheduleSettings['rules']): Promise<Result<void>> => {
        data.scheduleSettings.set(coachId, { weeklyHours: data.scheduleSettings.get(coachId)?.weeklyHours ?? [], rules });
        return ok(undefined);
      },
    },
    bookingParties: {
      findParties: async (id: Id) => bookings.rows.get(id) ?? data.bookingParties.get(id) ?? null,
      haveBookingTogether: async (coachId: Id, clientId: Id) => parties().some((b) => b.coachId === coachId && b.clientId === clientId),
      countCompletedSessions: async (coachId: Id) => parties().filter((b) => b.coachId === coachId && b.status === 'completed').length,
    },
    players: {
      findById: async (id: Id) => data.players.get(id) ?? null,
      listActiveByGuardian: async (guardianId: Id) => [...data.players.values()].filter((p) => p.guardianId === guardianId && p.removedAt === null).sort(byTime),
      listAllByGuardian: async (guardianId: Id) => [...data.players.values()].filter((p) => p.guardianId === guardianId).sort(byTime),
      // Coaches here may have a profile (their groups) but no user row: the refusal says 'This coach'.
      findForSession: async (playerId: Id, coachId: Id) => {
        const player = data.players.get(playerId);
        return player ? { player, coach: { fullName: data.users.get(coachId)?.fullName ?? null, ageGroups: data.coachProfiles.get(coachId)?.ageGroups ?? [] } } : null;
      },
      /** The open sessions of players are not modelled here (test/integration covers them). */
      listOpenSessions: async () => [],
      save: async (player: Player): Promise<Result<Player>> => {
        const stored = data.players.get(player.id);
        if ((stored?.version ?? 0) !== player.version) return err(conflict('PLAYER_CHANGED', 'This player changed while you were working on it.'));
        const saved = { ...player, version: player.version + 1 };
        data.players.set(player.id, saved);
        return ok(saved);
      },
    },
    bookings,
    coachSchedules: memoryCoachSchedules(
      () => data.availability.values(),
      () => bookings.rows.values(),
      (coachId) => data.scheduleSettings.get(coachId),
    ),
    /** No traces to scrub here (test/integration covers them). */
    accountErasure: { eraseTraces: async () => ({}) },
    outbox,
    deletionEmails,
    bookingEmails,
    packageEmails,
    accountEnd,
    packageSessions,
  };
  // The other contexts' repositories are not faked here.
  return repos as unknown as Repositories;
}

/** 'hash:<password>' — enough to tell passwords apart in tests. */
export const fakeHasher: PasswordHasher = {
  hash: async (password) => `hash:${password}`,
  verify: async (password, hash) => hash === `hash:${password}`,
};

/** A short list standing in for the real 10 000 (adapters/auth/common-passwords). */
export const fakeCommonPasswords: CommonPasswords = {
  includes: (password) => ['password', '123456', 'qwerty', 'football'].includes(password.toLowerCase()),
};

export function recordingMailer(failWith?: string): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      if (failWith) return err({ kind: 'unavailable', code: 'MAIL_UNAVAILABLE', message: failWith });
      sent.push(mail);
      return ok(undefined);
    },
  };
}

export const fakeTokens: EmailVerificationTokens = {
  issue: async ({ userId, email }) => `token:${userId}:${email}`,
  read: async (token) => {
    const [kind, userId, email] = token.split(':');
    return kind === 'token' && userId && email ? { userId, email } : null;
  },
};

export const fakeLinks: AccountLinks = {
  verifyEmailUrl: (token) => `https://fact.test/verify-email?token=${encodeURIComponent(token)}`,
  resetPasswordUrl: (token) => `https://fact.test/ResetPassword?token=${encodeURIComponent(token)}`,
  loginUrl: () => 'https://fact.test/',
};

export function memoryStorage(): FileStorage & { files: Map<string, { bytes: Uint8Array; contentType: string }> } {
  const files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  return {
    files,
    async put(key, bytes, contentType) {
      files.set(key, { bytes, contentType });
      return ok({ key, url: `/media/${key}` });
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
    keyFromUrl(url) {
      return url.startsWith('/media/') ? url.slice('/media/'.length) : null;
    },
  };
}

function memoryPackagePurchases(data: MemoryData): PackagePurchaseRepository {
  const all = () => [...data.packagePurchases.values()];
  return {
    findById: async (id) => data.packagePurchases.get(id) ?? null,
    findByIdForUpdate: async (id) => data.packagePurchases.get(id) ?? null,
    findByIntentId: async (intentId) => all().find((s) => s.checkout.paymentIntentId === intentId) ?? null,
    // Package chargebacks are covered against PostgreSQL (test/integration/packages).
    findChargeback: async () => null,
    saveChargeback: async () => undefined,
    findOpenCheckout: async (clientId, offerId) =>
      all()
        .filter((s) => s.purchase === null && s.checkout.clientId === clientId && s.checkout.offerId === offerId)
        .sort((a, b) => b.checkout.createdAt.getTime() - a.checkout.createdAt.getTime())[0]?.checkout ?? null,
    insertCheckout: async (checkout) => void data.packagePurchases.set(checkout.id, { checkout, purchase: null }),
    recordIntent: async (id, paymentIntentId) => {
      const stored = data.packagePurchases.get(id);
      if (stored && stored.purchase === null) data.packagePurchases.set(id, { ...stored, checkout: { ...stored.checkout, paymentIntentId } });
    },
    markPaid: async (purchase) => {
      const stored = data.packagePurchases.get(purchase.id);
      if (stored && stored.purchase === null) data.packagePurchases.set(purchase.id, { ...stored, purchase });
    },
    saveCredits: async (purchase) => {
      const stored = data.packagePurchases.get(purchase.id);
      if (stored?.purchase) data.packagePurchases.set(purchase.id, { ...stored, purchase });
    },
    listEndingWithUnusedCredits: async (from, to, limit) =>
      all()
        .flatMap((s) => (s.purchase && s.purchase.validUntil >= from && s.purchase.validUntil < to && s.purchase.credits.some((c) => c.kind === 'available') ? [s.purchase] : []))
        .sort((a, b) => a.validUntil.getTime() - b.validUntil.getTime())
        .slice(0, limit),
    listExpiredWithUnusedCredits: async (now, limit) =>
      all()
        .flatMap((s) => (s.purchase && s.purchase.validUntil.getTime() <= now.getTime() && s.purchase.credits.some((c) => c.kind === 'available') ? [s.purchase] : []))
        .sort((a, b) => a.validUntil.getTime() - b.validUntil.getTime())
        .slice(0, limit)
        .map((p) => p.id),
    listPaidForClient: async (clientId) =>
      all().flatMap((s) => (s.purchase && s.checkout.clientId === clientId ? [{ purchase: s.purchase, coachName: data.users.get(s.checkout.coachId)?.fullName ?? 'Coach' }] : [])),
  };
}
