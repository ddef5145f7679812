import * as z from 'zod';
import { SESSION_TIMES, COACHING_TYPES, type CoachingType, type SessionTime } from '../../shared/catalogue';
import { isId, type Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import { sanitiseText } from '../../shared/sanitise';
import { canEditProfile, canRemoveUser, canRestoreUser } from '../../policy/permissions';
import { accountErrors } from './account-errors';
import { emailSchema, type ProfileForm } from './account.schemas';
import { normaliseUserType, type Actor, type Role, type UserType } from '../../policy/actor';

/**
 * The User aggregate (SPEC §3): plain readonly data plus the business actions below.
 * Emails are lower-cased and unique; `sessionVersion` is part of every session cookie, so
 * bumping it ends every session of the user at once (PRODUCT.md: deactivated users are out).
 */
export interface User {
  readonly id: Id;
  readonly email: string;
  readonly emailVerifiedAt: Date | null;
  /** Null for accounts that only sign in with Google (and for erased accounts). */
  readonly passwordHash: string | null;
  readonly googleId: string | null;
  readonly fullName: string;
  readonly phone: string | null;
  readonly bio: string | null;
  readonly avatarUrl: string | null;
  readonly locationAddress: string | null;
  readonly role: Role;
  readonly userType: UserType;
  readonly isActive: boolean;
  readonly deactivatedAt: Date | null;
  /** Visible to administrators only (SPEC §2 AdminUsers). */
  readonly deactivationReason: string | null;
  readonly deactivatedBy: Id | null;
  readonly erasedAt: Date | null;
  readonly sessionVersion: number;
  readonly preferredCoachingTypes: readonly CoachingType[];
  readonly preferredSessionTimes: readonly SessionTime[];
  readonly videoClip1: string | null;
  readonly videoClip2: string | null;
  readonly videoClip3: string | null;
  /** A client's saved home place (issue 46 §3): the default 'Near' of FindCoaches, set only by an explicit choice. */
  readonly homePlaceId: number | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface RegisterUserInput {
  readonly id: Id;
  readonly email: string;
  readonly fullName: string;
  readonly passwordHash?: string | null;
  readonly googleId?: string | null;
  /** True when the identity provider vouches for the email (Google), false for email sign-up. */
  readonly emailVerified: boolean;
  readonly userType: UserType;
  readonly role?: Role;
  readonly phone?: string | null;
  readonly locationAddress?: string | null;
  readonly bio?: string | null;
  readonly avatarUrl?: string | null;
  readonly preferredCoachingTypes?: readonly CoachingType[];
  readonly preferredSessionTimes?: readonly SessionTime[];
}

/** The shell shows the full name, or 'User' (SPEC §2). */
export const DEFAULT_DISPLAY_NAME = 'User';
/** What an erased account is called from then on. */
export const ERASED_NAME = 'Deleted user';
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

const cleanName = (name: string): string => sanitiseText(name).trim().slice(0, 100);
const cleanOptional = (value: string | null | undefined, max: number): string | null => {
  if (value === null || value === undefined) return null;
  const text = sanitiseText(value).trim().slice(0, max);
  return text === '' ? null : text;
};
const unique = <T>(list: readonly T[] | undefined): readonly T[] => Array.from(new Set(list ?? []));

/** A new account: email sign-up (password hash, unverified) or Google (verified, no password). */
export function registerUser(input: RegisterUserInput, now: Date): Result<User> {
  if (!isId(input.id)) return err(accountErrors.invalidRecord('user', 'id'));
  const email = emailSchema.safeParse(input.email);
  if (!email.success) return err(accountErrors.invalidRecord('user', 'email'));
  const passwordHash = input.passwordHash ?? null;
  const googleId = input.googleId ?? null;
  if (passwordHash === null && googleId === null) return err(accountErrors.invalidRecord('user', 'no way to sign in'));
  return ok({
    id: input.id,
    email: email.data,
    emailVerifiedAt: input.emailVerified ? now : null,
    passwordHash,
    googleId,
    fullName: cleanName(input.fullName),
    phone: cleanOptional(input.phone, 40),
    bio: cleanOptional(input.bio, 1000),
    avatarUrl: cleanOptional(input.avatarUrl, 2048),
    locationAddress: cleanOptional(input.locationAddress, 200),
    role: input.role ?? 'user',
    userType: input.userType,
    isActive: true,
    deactivatedAt: null,
    deactivationReason: null,
    deactivatedBy: null,
    erasedAt: null,
    sessionVersion: 0,
    preferredCoachingTypes: unique(input.preferredCoachingTypes),
    preferredSessionTimes: unique(input.preferredSessionTimes),
    videoClip1: null,
    videoClip2: null,
    videoClip3: null,
    homePlaceId: null,
    createdAt: now,
    updatedAt: now,
  });
}

export function toActor(user: User): Actor {
  return { userId: user.id, role: user.role, userType: user.userType };
}

export function displayName(user: Pick<User, 'fullName'>): string {
  return user.fullName.trim() === '' ? DEFAULT_DISPLAY_NAME : user.fullName;
}

export const isErased = (user: User): boolean => user.erasedAt !== null;

/** Only active, not erased accounts may sign in (PRODUCT.md). */
export function canSignIn(user: User): boolean {
  return user.isActive && user.erasedAt === null;
}

/** Marks the email verified (the verification link was followed). Idempotent. */
export function verifyEmail(user: User, now: Date): User {
  if (user.emailVerifiedAt) return user;
  return { ...user, emailVerifiedAt: now, updatedAt: now };
}

/** Links a Google identity to an existing email account; Google vouches for the email. */
export function linkGoogleAccount(user: User, googleId: string, now: Date): Result<User> {
  if (isErased(user)) return err(accountErrors.userErased());
  return ok({ ...user, googleId, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now });
}

/** A change of the profile form; absent keys stay as they are, null clears. */
export interface ProfilePatch {
  readonly fullName?: string;
  readonly phone?: string | null;
  readonly locationAddress?: string | null;
  readonly bio?: string | null;
  readonly avatarUrl?: string | null;
  readonly preferredCoachingTypes?: readonly CoachingType[];
  readonly preferredSessionTimes?: readonly SessionTime[];
  readonly videoClip1?: string | null;
  readonly videoClip2?: string | null;
  readonly videoClip3?: string | null;
  /** Null clears the saved home place. */
  readonly homePlaceId?: number | null;
}

/** The parsed profile form as a patch (SPEC §3: the location object is flattened to its address). */
export function profilePatchFromForm(form: ProfileForm): ProfilePatch {
  const patch: Record<string, unknown> = {};
  const { location, homePlace, ...rest } = form;
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) patch[key] = value;
  if (location !== undefined) patch.locationAddress = location;
  if (homePlace !== undefined) patch.homePlaceId = homePlace;
  return patch;
}

/** The owner edits their own profile; admins view other profiles read-only (SPEC §2). */
export function updateProfile(user: User, actor: Actor, patch: ProfilePatch, now: Date): Result<User> {
  if (!canEditProfile(actor, user.id)) return err(accountErrors.notProfileOwner());
  if (isErased(user)) return err(accountErrors.userErased());
  const next: { -readonly [K in keyof User]: User[K] } = { ...user };
  if (patch.fullName !== undefined) next.fullName = cleanName(patch.fullName);
  if (patch.phone !== undefined) next.phone = cleanOptional(patch.phone, 40);
  if (patch.locationAddress !== undefined) next.locationAddress = cleanOptional(patch.locationAddress, 200);
  if (patch.bio !== undefined) next.bio = cleanOptional(patch.bio, 1000);
  if (patch.avatarUrl !== undefined) next.avatarUrl = cleanOptional(patch.avatarUrl, 2048);
  if (patch.preferredCoachingTypes !== undefined) next.preferredCoachingTypes = unique(patch.preferredCoachingTypes);
  if (patch.preferredSessionTimes !== undefined) next.preferredSessionTimes = unique(patch.preferredSessionTimes);
  if (patch.videoClip1 !== undefined) next.videoClip1 = patch.videoClip1;
  if (patch.videoClip2 !== undefined) next.videoClip2 = patch.videoClip2;
  if (patch.videoClip3 !== undefined) next.videoClip3 = patch.videoClip3;
  // A home place is a client's search default; a coach's place is their base (coach profile).
  if (patch.homePlaceId !== undefined && user.userType === 'client') next.homePlaceId = patch.homePlaceId;
  next.updatedAt = now;
  return ok(next);
}

/**
 * SPEC §2 'Remove user': an admin soft-deactivates a non-admin account, with an optional reason
 * seen by admins only. Every session of the user ends (session version bumped).
 */
export function deactivateUser(target: User, actor: Actor, reason: string | null, now: Date): Result<User> {
  const allowed = canRemoveUser(actor, target);
  if (!allowed.ok) return allowed;
  if (!target.isActive) return err(accountErrors.alreadyDeactivated());
  return ok({
    ...target,
    isActive: false,
    deactivatedAt: now,
    deactivationReason: cleanOptional(reason, 500),
    deactivatedBy: actor.userId,
    sessionVersion: target.sessionVersion + 1,
    updatedAt: now,
  });
}

/** SPEC §4: restore sets the account active and clears the reason and the time. */
export function restoreUser(target: User, actor: Actor, now: Date): Result<User> {
  const allowed = canRestoreUser(actor, target);
  if (!allowed.ok) return allowed;
  if (isErased(target)) return err(accountErrors.userErased());
  if (target.isActive) return err(accountErrors.notDeactivated());
  return ok({ ...target, isActive: true, deactivatedAt: null, deactivationReason: null, deactivatedBy: null, updatedAt: now });
}

/**
 * PRODUCT.md: an approved deletion deactivates the account and erases personal data (name,
 * email, phone, bio, photo, videos, location, preferences, sign-in credentials) while the id
 * stays, so bookings, payments and messages keep their references. The email becomes a unique
 * placeholder so the address can register again.
 */
export function eraseUser(user: User, adminId: Id, now: Date): User {
  return {
    ...user,
    email: `deleted-${user.id}@${ERASED_EMAIL_DOMAIN}`,
    passwordHash: null,
    googleId: null,
    fullName: ERASED_NAME,
    phone: null,
    bio: null,
    avatarUrl: null,
    locationAddress: null,
    preferredCoachingTypes: [],
    preferredSessionTimes: [],
    videoClip1: null,
    videoClip2: null,
    videoClip3: null,
    homePlaceId: null,
    isActive: false,
    deactivatedAt: user.deactivatedAt ?? now,
    deactivationReason: 'Account deletion approved',
    deactivatedBy: adminId,
    erasedAt: now,
    sessionVersion: user.sessionVersion + 1,
    updatedAt: now,
  };
}

// Re-validation of stored rows ---------------------------------------------------------------------

const date = z.coerce.date();
const nullableDate = z.preprocess((v) => (v === undefined ? null : v), z.union([z.null(), z.coerce.date()]));
const nullableString = z.preprocess((v) => (v === undefined || v === '' ? null : v), z.string().nullable());
const catalogueList = <T extends string>(values: readonly T[]) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? [] : v),
    z.array(z.string()).transform((list) => unique(list.filter((x): x is T => (values as readonly string[]).includes(x)))),
  );

export const userRowSchema = z.object({
  id: z.string().refine(isId, 'id'),
  email: z.string().trim().toLowerCase().min(1),
  emailVerifiedAt: nullableDate,
  passwordHash: nullableString,
  googleId: nullableString,
  fullName: z.preprocess((v) => v ?? '', z.string()),
  phone: nullableString,
  bio: nullableString,
  avatarUrl: nullableString,
  locationAddress: nullableString,
  role: z.enum(['admin', 'user']),
  userType: z.string().transform(normaliseUserType),
  isActive: z.boolean(),
  deactivatedAt: nullableDate,
  deactivationReason: nullableString,
  deactivatedBy: nullableString,
  erasedAt: nullableDate,
  sessionVersion: z.number().int().min(0),
  preferredCoachingTypes: catalogueList(COACHING_TYPES),
  preferredSessionTimes: catalogueList(SESSION_TIMES),
  videoClip1: nullableString,
  videoClip2: nullableString,
  videoClip3: nullableString,
  homePlaceId: z.preprocess((v) => v ?? null, z.union([z.null(), z.number().int().positive()])),
  createdAt: date,
  updatedAt: date,
});

/**
 * Re-validates a row loaded from storage (never trusted): legacy user_type 'user' becomes
 * client, unknown catalogue values are dropped, anything else malformed is an error.
 */
export function parseUser(row: unknown): Result<User> {
  const parsed = userRowSchema.safeParse(row);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return err(accountErrors.invalidRecord('user', `${first?.path.join('.') ?? ''} ${first?.message ?? ''}`.trim()));
  }
  return ok(parsed.data);
}
