import { prettyJsonPieces } from '../../shared/pretty-json';
import { parseEmailPreferences } from '../users/email-preferences';
import type { Bounded, DataExportLimits, DataExportRows, ExportAuditRow, ExportPlayerRow, ExportBookingRow, ExportMessageRow, ExportReviewRow } from './data-export-rows';
import {
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_VERSION,
  type When,
  type Party,
  type ExportSection,
  type ExportBooking,
  type ExportMessage,
  type ExportReview,
  type ExportAuditEntry,
  type ExportAdminAction,
  type DataExportDocument,
  type ExportPlayer,
} from './data-export-document';

/**
 * 'Download my data' (PRODUCT.md: every user can download a copy of their own data,
 * JSON). A versioned, plain document built from the rows of DataExportRows by one pure
 * function, so the web download and the operator's `fact users export` give the same file.
 *
 * What is left out on purpose: the password hash, the session version and sign-in tokens (only
 * whether a password or Google sign-in is set); payment and transfer ids of Stripe; the
 * deactivation reason (administrators' note, SPEC §2 AdminUsers); which administrator did what.
 * Other people appear by their first name only (or as 'Client' / 'Coach' once erased); never
 * their email, phone, address or id.
 */

export {
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_VERSION,
  type ExportSection,
  type ExportAccount,
  type ExportCoachProfile,
  type ExportAvailability,
  type ExportBooking,
  type ExportPayout,
  type ExportMessage,
  type ExportReview,
  type ExportDeletionRequest,
  type ExportAuditEntry,
  type ExportAdminAction,
  type DataExportDocument,
  type ExportPlayer,
} from './data-export-document';
export const DATA_EXPORT_NOTES: readonly string[] = [
  'A copy of your data at FACT, made at exportedAt. Times are UTC (ISO 8601); amounts are whole pence (GBP).',
  "Other people appear by their first name only ('Client' or 'Coach' once their account is erased); their contact details are not included.",
  'Each list holds your newest records up to its limit; a list marked truncated left older ones out.',
  'Your password and sign-in secrets are never included: signIn only says which ways of signing in are set.',
];

const iso = (d: Date): string => d.toISOString();
const isoN = (d: Date | null): When => (d ? d.toISOString() : null);

/** The other person's display name: their first name, or their role once erased or nameless. */
export function displayNameOf(fullName: string | null, erased: boolean, role: 'client' | 'coach'): string {
  const first = erased ? '' : ((fullName ?? '').trim().split(/\s+/)[0] ?? '');
  return first !== '' ? first : role === 'client' ? 'Client' : 'Coach';
}

function section<R, T>(bounded: Bounded<R>, limit: number, map: (row: R) => T, what: string): ExportSection<T> {
  const items = bounded.rows.slice(0, limit).map(map);
  return {
    count: items.length,
    truncated: bounded.truncated,
    limit,
    ...(bounded.truncated ? { note: `Only your newest ${limit} ${what} are included; older ones were left out.` } : {}),
    items,
  };
}

function bookingOf(userId: string, b: ExportBookingRow): ExportBooking {
  const yourRole = b.clientId === userId ? 'client' : 'coach';
  const otherRole = yourRole === 'client' ? 'coach' : 'client';
  const partyOf = (who: string | null): Party | null => {
    if (who === null) return null;
    if (who === userId || who === yourRole) return 'you';
    if (who === b.clientId || who === 'client') return 'client';
    if (who === b.coachId || who === 'coach') return 'coach';
    if (who === 'admin' || who === 'system') return who;
    return 'other';
  };
  return {
    reference: b.referenceCode,
    yourRole,
    with: displayNameOf(b.otherName, b.otherErased, otherRole),
    service: b.serviceType,
    startsAt: iso(b.startsAt),
    endsAt: iso(b.endsAt),
    durationMinutes: b.durationMinutes,
    location: { type: b.locationType, address: b.locationAddress, notes: b.locationNotes },
    clientNotes: b.clientNotes,
    prices: { sessionPence: b.servicePricePence, adminFeePence: b.adminFeePence, totalPence: b.totalPricePence },
    status: b.status,
    declined: b.declined,
    cancellation: b.cancelledAt || b.cancelledBy ? { by: partyOf(b.cancelledBy), at: isoN(b.cancelledAt), reason: b.cancellationReason } : null,
    reschedule:
      b.rescheduleStatus || b.rescheduleRequestedBy
        ? { requestedBy: partyOf(b.rescheduleRequestedBy), status: b.rescheduleStatus, proposedStartsAt: isoN(b.rescheduleProposedStartsAt), reason: b.rescheduleReason }
        : null,
    session: {
      startedAt: isoN(b.sessionStartedAt),
      clientArrivedAt: isoN(b.clientArrivedAt),
      coachArrivedAt: isoN(b.coachArrivedAt),
      clientCompletedAt: isoN(b.clientCompletedAt),
      coachCompletedAt: isoN(b.coachCompletedAt),
      completedAt: isoN(b.completedAt),
      earlyCompletionReason: b.earlyCompletionReason,
    },
    dispute: b.disputeStatus
      ? {
          status: b.disputeStatus,
          reason: b.disputeReason,
          openedBy: partyOf(b.disputeOpenedBy),
          openedAt: isoN(b.disputeOpenedAt),
          outcome: b.disputeOutcome,
          refundPence: b.disputeRefundPence,
          resolutionNote: b.disputeResolutionNote,
          resolvedAt: isoN(b.disputeResolvedAt),
        }
      : null,
    payment: {
      status: b.paymentStatus,
      authorisedPence: b.amountAuthorizedPence,
      capturedPence: b.amountCapturedPence,
      refundedPence: b.amountRefundedPence,
      heldUntil: isoN(b.paymentHeldUntil),
      releasedAt: isoN(b.paymentReleasedAt),
    },
    createdAt: iso(b.createdAt),
    updatedAt: iso(b.updatedAt),
  };
}

function messageOf(userId: string, m: ExportMessageRow): ExportMessage {
  return {
    reference: m.referenceCode,
    direction: m.senderId === userId ? 'sent' : 'received',
    with: displayNameOf(m.otherName, m.otherErased, m.otherIsClient ? 'client' : 'coach'),
    content: m.content,
    sentAt: iso(m.createdAt),
    readAt: isoN(m.readAt),
  };
}

/** A review given names the person reviewed; a review received names the reviewer. */
function reviewOf(r: ExportReviewRow, given: boolean): ExportReview {
  const reviewerRole = r.reviewerType;
  const otherRole = given ? (reviewerRole === 'client' ? 'coach' : 'client') : reviewerRole;
  return {
    reference: r.referenceCode,
    with: displayNameOf(r.otherName, r.otherErased, otherRole),
    reviewerType: r.reviewerType,
    rating: r.rating,
    comment: r.comment,
    createdAt: iso(r.createdAt),
  };
}

const auditAbout = (a: ExportAuditRow): ExportAuditEntry => ({ at: iso(a.createdAt), action: a.action, by: a.bySelf ? 'you' : 'an administrator', via: a.via });
const auditBy = (a: ExportAuditRow): ExportAdminAction => ({
  at: iso(a.createdAt),
  action: a.action,
  targetType: a.targetType,
  targetId: a.targetId !== null && a.targetId.includes('@') ? '(hidden)' : a.targetId,
  via: a.via,
});

/** The document of one person's data, from the rows read for them. Pure. */
export function buildDataExport(rows: DataExportRows, options: { exportedAt: Date; limits: DataExportLimits }): DataExportDocument {
  const { account: a, coachProfile: c } = rows;
  const { limits } = options;
  const isCoach = a.userType === 'coach';
  return {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    exportedAt: iso(options.exportedAt),
    notes: DATA_EXPORT_NOTES,
    account: {
      id: a.id,
      email: a.email,
      emailVerifiedAt: isoN(a.emailVerifiedAt),
      fullName: a.fullName,
      phone: a.phone,
      location: a.locationAddress,
      homePlace: a.homePlace,
      bio: a.bio,
      photoUrl: a.avatarUrl,
      videoClips: [a.videoClip1, a.videoClip2, a.videoClip3].filter((v): v is string => v !== null && v !== ''),
      role: a.role,
      userType: a.userType === 'coach' ? 'coach' : 'client',
      preferences: { coachingTypes: a.preferredCoachingTypes, sessionTimes: a.preferredSessionTimes },
      signIn: { password: a.hasPassword, google: a.googleLinked },
      isActive: a.isActive,
      deactivatedAt: isoN(a.deactivatedAt),
      erasedAt: isoN(a.erasedAt),
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
    },
    emailPreferences: parseEmailPreferences(a.emailPreferences),
    coachProfile: c
      ? {
          credentials: c.credentials,
          servicesOffered: c.servicesOffered,
          hourlyRatePence: c.hourlyRatePence,
          sessionLengths: c.sessionLengths,
          ageGroups: c.ageGroups,
          serviceRadiusMiles: c.serviceRadiusMiles,
          basePlace: c.basePlace,
          sessionMode: c.sessionMode,
          isVerified: c.isVerified,
          rating: c.rating,
          reviewCount: c.reviewCount,
          totalSessions: c.totalSessions,
          isListed: c.isListed,
          createdAt: iso(c.createdAt),
          updatedAt: iso(c.updatedAt),
          slotStepMinutes: c.slotStepMinutes,
          bufferBeforeMinutes: c.bufferBeforeMinutes,
          bufferAfterMinutes: c.bufferAfterMinutes,
          minimumNoticeMinutes: c.minimumNoticeMinutes,
          maxSessionsPerDay: c.maxSessionsPerDay,
          weeklyHours: c.weeklyHours,
        }
      : null,
    availability: section(
      rows.availability,
      limits.availability,
      (p) => ({
        startsAt: iso(p.startsAt),
        endsAt: iso(p.endsAt),
        dailyStart: p.dailyStart,
        dailyEnd: p.dailyEnd,
        locationOverride: p.locationOverride,
        notes: p.notes,
        isAvailable: p.isAvailable,
        createdAt: iso(p.createdAt),
        updatedAt: iso(p.updatedAt),
      }),
      'availability periods',
    ),
    bookings: section(rows.bookings, limits.bookings, (b) => bookingOf(a.id, b), 'bookings'),
    payouts:
      isCoach || rows.transfers.rows.length > 0
        ? section(
            rows.transfers,
            limits.transfers,
            (t) => ({
              reference: t.referenceCode,
              releasedAt: iso(t.releasedAt),
              coachSharePence: t.coachSharePence,
              platformSharePence: t.platformSharePence,
              commissionBps: t.commissionBps,
              status: t.status,
              reversedPence: t.reversedPence,
              transferredAt: isoN(t.transferredAt),
              paidOutAt: isoN(t.paidOutAt),
            }),
            'payouts',
          )
        : null,
    messages: section(rows.messages, limits.messages, (m) => messageOf(a.id, m), 'messages'),
    reviews: {
      given: section(rows.reviewsGiven, limits.reviewsGiven, (r) => reviewOf(r, true), 'reviews given'),
      received: section(rows.reviewsReceived, limits.reviewsReceived, (r) => reviewOf(r, false), 'reviews received'),
    },
    deletionRequests: section(
      rows.deletionRequests,
      limits.deletionRequests,
      (d) => ({ requestedAt: iso(d.requestedAt), reason: d.reason, status: d.status, decidedAt: isoN(d.decidedAt), decisionReason: d.decisionReason }),
      'deletion requests',
    ),
    auditLog: {
      aboutYou: section(rows.auditAboutUser, limits.auditAboutUser, auditAbout, 'audit entries about you'),
      byYou: rows.auditByUser ? section(rows.auditByUser, limits.auditByUser, auditBy, 'administrator actions') : null,
    },
    players: section(rows.players, limits.players, playerOf, 'players'),
  };
}

function playerOf(p: ExportPlayerRow): ExportPlayer {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth,
    notesForCoaches: p.notes,
    guardianConsentAt: isoN(p.guardianConsentAt),
    addedAt: iso(p.createdAt),
    removedAt: isoN(p.removedAt),
  };
}

/** The download's file name: fact-data-<London-independent UTC date>.json. */
export function dataExportFileName(exportedAt: Date): string {
  return `fact-data-${exportedAt.toISOString().slice(0, 10)}.json`;
}

/** The file's text: pretty-printed JSON with a final newline (the web and the CLI write the same). */
export function serialiseDataExport(doc: DataExportDocument): string {
  return [...dataExportPieces(doc)].join('');
}

/**
 * The same text in pieces, for the download: a full export is tens of megabytes, and a few at
 * once held whole (text, then bytes) would take more memory than a container gives the server.
 */
export function* dataExportPieces(doc: DataExportDocument): Generator<string> {
  yield* prettyJsonPieces(doc);
  yield '\n';
}
