import type { EmailPreferences } from '../users/email-preferences';

/** The shape of the 'Download my data' document (version 1); built by buildDataExport in data-export.ts. */
export const DATA_EXPORT_FORMAT = 'fact-export';
export const DATA_EXPORT_VERSION = 1;

/** A bounded list: the newest `limit` rows at most, `truncated` when there were more. */
export interface ExportSection<T> {
  readonly count: number;
  readonly truncated: boolean;
  readonly limit: number;
  /** Present when truncated: what was left out. */
  readonly note?: string;
  readonly items: readonly T[];
}

export type When = string | null;

export interface ExportAccount {
  readonly id: string;
  readonly email: string | null;
  readonly emailVerifiedAt: When;
  readonly fullName: string | null;
  readonly phone: string | null;
  readonly location: string | null;
  /** The home place saved for FindCoaches (issue 46), by name. */
  readonly homePlace: string | null;
  readonly bio: string | null;
  readonly photoUrl: string | null;
  readonly videoClips: readonly string[];
  readonly role: string;
  readonly userType: string;
  readonly preferences: { readonly coachingTypes: readonly string[]; readonly sessionTimes: readonly string[] };
  readonly signIn: { readonly password: boolean; readonly google: boolean };
  readonly isActive: boolean;
  readonly deactivatedAt: When;
  readonly erasedAt: When;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface ExportCoachProfile {
  readonly credentials: readonly string[];
  readonly servicesOffered: readonly string[];
  readonly hourlyRatePence: number;
  /** The session lengths the coach chose and their prices (none: every length at the rate). */
  readonly sessionLengths: readonly { readonly minutes: number; readonly pricePence: number }[];
  readonly ageGroups: readonly string[];
  readonly serviceRadiusMiles: number;
  /** Where the coach is based (a place, by name) and whether they coach in person, online or both (issue 46). */
  readonly basePlace: string | null;
  readonly sessionMode: string;
  readonly isVerified: boolean;
  readonly rating: number;
  readonly reviewCount: number;
  readonly totalSessions: number;
  readonly isListed: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The scheduling rules and weekly hours (London wall-clock 'HH:MM'). */
  readonly slotStepMinutes: number;
  readonly bufferBeforeMinutes: number;
  readonly bufferAfterMinutes: number;
  readonly minimumNoticeMinutes: number;
  readonly maxSessionsPerDay: number | null;
  readonly weeklyHours: readonly { readonly weekday: number; readonly start: string; readonly end: string; readonly location: string | null }[];
}

export interface ExportAvailability {
  readonly startsAt: string;
  readonly endsAt: string;
  /** Daily London hours on each date of the range, or null for whole days or one block. */
  readonly dailyStart: string | null;
  readonly dailyEnd: string | null;
  readonly locationOverride: string | null;
  readonly notes: string | null;
  readonly isAvailable: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Who did something to a booking, from the person's point of view. */
export type Party = 'you' | 'client' | 'coach' | 'admin' | 'system' | 'other';

export interface ExportBooking {
  readonly reference: string;
  readonly yourRole: 'client' | 'coach';
  /** The other party: first name only. */
  readonly with: string;
  readonly service: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly durationMinutes: number;
  readonly location: { readonly type: string; readonly address: string | null; readonly notes: string | null };
  readonly clientNotes: string | null;
  readonly prices: { readonly sessionPence: number; readonly adminFeePence: number; readonly totalPence: number };
  readonly status: string;
  readonly declined: boolean;
  readonly cancellation: { readonly by: Party | null; readonly at: When; readonly reason: string | null } | null;
  readonly reschedule: { readonly requestedBy: Party | null; readonly status: string | null; readonly proposedStartsAt: When; readonly reason: string | null } | null;
  readonly session: {
    readonly startedAt: When;
    readonly clientArrivedAt: When;
    readonly coachArrivedAt: When;
    readonly clientCompletedAt: When;
    readonly coachCompletedAt: When;
    readonly completedAt: When;
    readonly earlyCompletionReason: string | null;
  };
  readonly dispute: {
    readonly status: string | null;
    readonly reason: string | null;
    readonly openedBy: Party | null;
    readonly openedAt: When;
    readonly outcome: string | null;
    readonly refundPence: number | null;
    readonly resolutionNote: string | null;
    readonly resolvedAt: When;
  } | null;
  readonly payment: {
    readonly status: string;
    readonly authorisedPence: number;
    readonly capturedPence: number;
    readonly refundedPence: number;
    readonly heldUntil: When;
    readonly releasedAt: When;
  };
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface ExportPayout {
  readonly reference: string;
  readonly releasedAt: string;
  readonly coachSharePence: number;
  readonly platformSharePence: number;
  readonly commissionBps: number;
  readonly status: string;
  readonly reversedPence: number;
  readonly transferredAt: When;
  readonly paidOutAt: When;
}

export interface ExportMessage {
  readonly reference: string;
  readonly direction: 'sent' | 'received';
  /** The other party of the conversation: first name only. */
  readonly with: string;
  readonly content: string;
  readonly sentAt: string;
  readonly readAt: When;
}

export interface ExportReview {
  readonly reference: string;
  /** The other party (the person reviewed, or the reviewer): first name only. */
  readonly with: string;
  readonly reviewerType: 'client' | 'coach';
  readonly rating: number;
  readonly comment: string | null;
  readonly createdAt: string;
}

export interface ExportDeletionRequest {
  readonly requestedAt: string;
  readonly reason: string | null;
  readonly status: string;
  readonly decidedAt: When;
  readonly decisionReason: string | null;
}

export interface ExportAuditEntry {
  readonly at: string;
  readonly action: string;
  /** 'you', or 'an administrator' (never which one). */
  readonly by: 'you' | 'an administrator';
  readonly via: string | null;
}

export interface ExportAdminAction {
  readonly at: string;
  readonly action: string;
  readonly targetType: string;
  /** A record id; an email address is shown as '(hidden)'. */
  readonly targetId: string | null;
  readonly via: string | null;
}

export interface DataExportDocument {
  readonly format: typeof DATA_EXPORT_FORMAT;
  readonly version: typeof DATA_EXPORT_VERSION;
  readonly exportedAt: string;
  readonly notes: readonly string[];
  readonly account: ExportAccount;
  readonly emailPreferences: EmailPreferences;
  readonly coachProfile: ExportCoachProfile | null;
  readonly availability: ExportSection<ExportAvailability>;
  readonly bookings: ExportSection<ExportBooking>;
  /** Coaches: your share of each released booking and its transfer and payout. Null for clients. */
  readonly payouts: ExportSection<ExportPayout> | null;
  readonly messages: ExportSection<ExportMessage>;
  readonly reviews: { readonly given: ExportSection<ExportReview>; readonly received: ExportSection<ExportReview> };
  readonly deletionRequests: ExportSection<ExportDeletionRequest>;
  readonly auditLog: { readonly aboutYou: ExportSection<ExportAuditEntry>; readonly byYou: ExportSection<ExportAdminAction> | null };
  /** Players of a guardian's account (PRODUCT.md, decision 017): name, date of birth, notes, consent. */
  readonly players: ExportSection<ExportPlayer>;
}

export interface ExportPlayer {
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string;
  readonly notesForCoaches: string | null;
  /** When you confirmed you are their parent or guardian and consented to sharing their details with their coaches. */
  readonly guardianConsentAt: When;
  readonly addedAt: string;
  /** Removed from your players (kept for the bookings made for them). */
  readonly removedAt: When;
}
