import * as z from 'zod';
import { AGE_GROUPS, COACHING_TYPES, type AgeGroup, type CoachingType } from '../../shared/catalogue';
import { isId, type Id } from '../../shared/ids';
import { poundsToPence, type Pence } from '../../shared/money';
import { err, ok, type Result } from '../../shared/result';
import { sanitiseText } from '../../shared/sanitise';
import { accountErrors } from './account-errors';
import { chosenLengths, isSessionMinutes, sortedLengths, type SessionLengthPrice } from '../../shared/session-lengths';
import type { CoachProfileForm, RegistrationForm } from './account.schemas';
import type { Actor } from '../../policy/actor';
import { DEFAULT_SESSION_MODE, SESSION_MODES, isPlaceId, type SessionMode } from '../../search/near';

/**
 * A coach's public offer (SPEC §3 coach_profile). `rating`, `reviewCount` and `totalSessions`
 * are derived (reviews context) and never set from a form.
 */
export interface CoachProfile {
  readonly userId: Id;
  readonly credentials: readonly string[];
  readonly servicesOffered: readonly CoachingType[];
  /** Per session, not per hour of duration (PRODUCT.md): the price of every length when none are chosen. */
  readonly hourlyRatePence: Pence;
  /** The lengths the coach chose, each with its price; none: every length at the rate (decision 045). */
  readonly sessionLengths: readonly SessionLengthPrice[];
  readonly serviceRadiusMiles: number;
  /** Where the coach is based: a place of the gazetteer (issue 46); the address line stays free text on the user. */
  readonly basePlaceId: number | null;
  /** In person, online, or both: which of 'Near' and 'Online' list the coach. */
  readonly sessionMode: SessionMode;
  readonly ageGroups: readonly AgeGroup[];
  readonly isVerified: boolean;
  /** 0–5, one decimal: the average of clients' reviews of this coach. */
  readonly rating: number;
  readonly reviewCount: number;
  /** Completed sessions. */
  readonly totalSessions: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** SPEC §3/§9 defaults. */
export const DEFAULT_HOURLY_RATE_PENCE: Pence = 5000;
export const DEFAULT_SERVICE_RADIUS_MILES = 25;
/** Bounds stored rates must respect: £1 (registration) to £1000. */
export const MIN_STORED_RATE_PENCE: Pence = 100;
export const MAX_STORED_RATE_PENCE: Pence = 100_000;

export interface CoachProfilePatch {
  readonly hourlyRatePence?: Pence;
  /** The lengths ticked on the form, each priced (a blank price already made the rate). */
  readonly sessionLengths?: readonly SessionLengthPrice[];
  readonly servicesOffered?: readonly CoachingType[];
  readonly ageGroups?: readonly AgeGroup[];
  readonly credentials?: readonly string[];
  readonly serviceRadiusMiles?: number;
  /** Null clears the base place. */
  readonly basePlaceId?: number | null;
  readonly sessionMode?: SessionMode;
}

const unique = <T>(list: readonly T[]): readonly T[] => Array.from(new Set(list));
const cleanCredentials = (list: readonly string[]): readonly string[] => unique(list.map((c) => sanitiseText(c).trim().slice(0, 200)).filter((c) => c.length > 0)).slice(0, 20);

function applyPatch(profile: CoachProfile, patch: CoachProfilePatch, now: Date): CoachProfile {
  const hourlyRatePence = patch.hourlyRatePence ?? profile.hourlyRatePence;
  return {
    ...profile,
    hourlyRatePence,
    sessionLengths: patch.sessionLengths ? chosenLengths(hourlyRatePence, patch.sessionLengths) : profile.sessionLengths,
    servicesOffered: patch.servicesOffered ? unique(patch.servicesOffered) : profile.servicesOffered,
    ageGroups: patch.ageGroups ? unique(patch.ageGroups) : profile.ageGroups,
    credentials: patch.credentials ? cleanCredentials(patch.credentials) : profile.credentials,
    serviceRadiusMiles: patch.serviceRadiusMiles ?? profile.serviceRadiusMiles,
    basePlaceId: patch.basePlaceId === undefined ? profile.basePlaceId : patch.basePlaceId,
    sessionMode: patch.sessionMode ?? profile.sessionMode,
    updatedAt: now,
  };
}

/** A coach's profile as created at sign-up (defaults: £50, 25 miles, unverified, no stats). */
export function createCoachProfile(userId: Id, patch: CoachProfilePatch, now: Date): CoachProfile {
  const blank: CoachProfile = {
    userId,
    credentials: [],
    servicesOffered: [],
    hourlyRatePence: DEFAULT_HOURLY_RATE_PENCE,
    sessionLengths: [],
    serviceRadiusMiles: DEFAULT_SERVICE_RADIUS_MILES,
    basePlaceId: null,
    sessionMode: DEFAULT_SESSION_MODE,
    ageGroups: [],
    isVerified: false,
    rating: 0,
    reviewCount: 0,
    totalSessions: 0,
    createdAt: now,
    updatedAt: now,
  };
  return applyPatch(blank, patch, now);
}

/** The coach part of a parsed registration (or pending profile) form. */
export function coachProfilePatchFromRegistration(form: Pick<RegistrationForm, 'hourlyRate' | 'servicesOffered' | 'ageGroups' | 'credentials' | 'serviceRadius'>): CoachProfilePatch {
  return stripUndefined({
    hourlyRatePence: form.hourlyRate === undefined ? undefined : poundsToPence(form.hourlyRate),
    servicesOffered: form.servicesOffered,
    ageGroups: form.ageGroups,
    credentials: form.credentials,
    serviceRadiusMiles: form.serviceRadius,
  });
}

/**
 * The parsed coach profile form as a patch (pounds become pence). A ticked length with a blank
 * price costs the rate the same form sets; a form without the lengths fieldset leaves them as they are.
 */
export function coachProfilePatchFromForm(form: CoachProfileForm): CoachProfilePatch {
  const patch = { ...coachProfilePatchFromRegistration(form), ...stripUndefined({ basePlaceId: form.basePlace, sessionMode: form.sessionMode }) };
  if (!form.sessionLengths) return patch;
  const ratePence = poundsToPence(form.hourlyRate);
  const sessionLengths = form.sessionLengths.map((l) => ({ minutes: l.minutes, pricePence: l.pricePounds === undefined ? ratePence : poundsToPence(l.pricePounds) }));
  return { ...patch, sessionLengths };
}

function stripUndefined(patch: Record<string, unknown>): CoachProfilePatch {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
}

/** The coach edits their own profile (SPEC §6 'manages profile'); nobody else does. */
export function updateCoachProfile(profile: CoachProfile, actor: Actor, patch: CoachProfilePatch, now: Date): Result<CoachProfile> {
  if (actor.userId !== profile.userId) return err(accountErrors.notProfileOwner());
  if (actor.userType !== 'coach') return err(accountErrors.notACoach());
  return ok(applyPatch(profile, patch, now));
}

/**
 * An admin marks a coach verified (the badge on coach cards), or takes the badge away. Asking
 * for the state the profile is already in gives back the same profile (nothing to save).
 */
export function setCoachVerified(profile: CoachProfile, actor: Actor, verified: boolean, now: Date): Result<CoachProfile> {
  if (actor.role !== 'admin') return err(accountErrors.adminOnly());
  if (profile.isVerified === verified) return ok(profile);
  return ok({ ...profile, isVerified: verified, updatedAt: now });
}

export interface CoachStats {
  readonly rating: number;
  readonly reviewCount: number;
  readonly totalSessions: number;
}

/** Stores the derived figures (computed by the reviews context). */
export function withCoachStats(profile: CoachProfile, stats: CoachStats, now: Date): CoachProfile {
  return { ...profile, ...stats, updatedAt: now };
}

/** PRODUCT.md erasure: free-text credentials may name the person, so they go too. */
export function eraseCoachProfile(profile: CoachProfile, now: Date): CoachProfile {
  return { ...profile, credentials: [], isVerified: false, updatedAt: now };
}

// Re-validation of stored rows -------------------------------------------------------------------

const list = <T extends string>(values: readonly T[]) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? [] : v),
    z.array(z.string()).transform((l) => unique(l.filter((x): x is T => (values as readonly string[]).includes(x)))),
  );

const coachProfileRowSchema = z.object({
  userId: z.string().refine(isId, 'id'),
  credentials: z.preprocess((v) => v ?? [], z.array(z.string())),
  servicesOffered: list(COACHING_TYPES),
  hourlyRatePence: z.number().int().min(MIN_STORED_RATE_PENCE).max(MAX_STORED_RATE_PENCE),
  sessionLengths: z.preprocess(
    (v) => v ?? [],
    z
      .array(z.object({ minutes: z.number().refine(isSessionMinutes, 'length'), pricePence: z.number().int().min(MIN_STORED_RATE_PENCE).max(MAX_STORED_RATE_PENCE) }))
      .transform((l) => sortedLengths(l as SessionLengthPrice[])),
  ),
  serviceRadiusMiles: z.number().int().min(0),
  basePlaceId: z.preprocess((v) => v ?? null, z.union([z.null(), z.number().refine(isPlaceId, 'place')])),
  sessionMode: z.preprocess((v) => v ?? DEFAULT_SESSION_MODE, z.enum(SESSION_MODES)),
  ageGroups: list(AGE_GROUPS),
  isVerified: z.boolean(),
  rating: z.coerce.number().min(0).max(5),
  reviewCount: z.number().int().min(0),
  totalSessions: z.number().int().min(0),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
});

/** Re-validates a stored coach profile (unknown catalogue values are dropped). */
export function parseCoachProfile(row: unknown): Result<CoachProfile> {
  const parsed = coachProfileRowSchema.safeParse(row);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return err(accountErrors.invalidRecord('coach profile', `${first?.path.join('.') ?? ''} ${first?.message ?? ''}`.trim()));
  }
  return ok(parsed.data);
}
