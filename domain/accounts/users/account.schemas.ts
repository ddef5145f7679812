import * as z from 'zod';
import { AGE_GROUPS, COACHING_TYPES, SESSION_TIMES } from '../../shared/catalogue';
import { idSchema } from '../../shared/ids';
import { sanitiseText } from '../../shared/sanitise';
import { REQUIRED_FIELDS, cleanString, enumList, formBoolean, formNumber, optionalText, requiredText, toList } from '../../validation/fields';
import { MAX_URL_LENGTH, videoClipUrlSchema } from '../media/video-clips';
import { SESSION_LENGTHS, type SessionMinutes } from '../../shared/session-lengths';
import { SESSION_MODES, isPlaceId } from '../../search/near';

/** SPEC §5 account forms, with the SPEC's words where it gives them. */
export const ACCOUNT_MESSAGES = {
  required: REQUIRED_FIELDS,
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  emailInvalid: 'Please enter a valid email address',
  emailTooShort: 'Email must be at least 5 characters',
  emailTooLong: 'Email must be at most 255 characters',
  loginRequired: 'Please enter your email and password',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name too long',
  phoneInvalid: 'Invalid phone number format',
  locationTooLong: 'Location must be 200 characters or fewer',
  bioTooLong: 'Bio must be 1000 characters or fewer',
  avatarInvalid: 'Please enter a valid image URL',
  avatarTooLong: 'URL too long',
  invalidCoachingType: 'Invalid coaching type',
  invalidSessionTime: 'Invalid session time',
  invalidAgeGroup: 'Invalid age group',
  invalidUserType: 'Please choose whether you are looking for a coach or are a coach',
  minimumAge: 'You must be at least 16 years old to use FACT',
  rateNumeric: 'Hourly rate must be a number',
  rateWhole: 'Rate must be a whole number of pounds',
  rateRegistrationMin: 'Rate must be at least £1',
  rateMin: 'Rate must be at least £10',
  rateMax: 'Rate cannot exceed £1000',
  priceNumeric: 'Price must be a number',
  priceWhole: 'Price must be a whole number of pounds',
  priceMin: 'Price must be at least £10',
  priceMax: 'Price cannot exceed £1000',
  sessionLengthsMin: 'Please offer at least one session length',
  servicesMin: 'Please select at least one service',
  servicesMax: 'You can select up to 10 services',
  ageGroupsMin: 'Please select at least one age group',
  ageGroupsMax: 'You can select up to 10 age groups',
  credentialTooLong: 'Each credential must be 200 characters or fewer',
  credentialsMax: 'You can list up to 20 credentials',
  radiusInvalid: 'Service radius must be a whole number of miles between 1 and 500',
  placeInvalid: 'Please choose a place from the list',
  sessionModeInvalid: 'Please choose how you coach: in person, online, or both',
  reasonTooLong: 'Reason too long',
  decisionInvalid: 'Please choose approve or reject',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_HOURLY_RATE_POUNDS = 10;
export const MAX_HOURLY_RATE_POUNDS = 1000;
export const MIN_REGISTRATION_RATE_POUNDS = 1;
export const MINIMUM_AGE = 16;

// Field schemas ---------------------------------------------------------------------------------

// No whitespace, control characters, markup or quoting anywhere in an address.
// eslint-disable-next-line no-control-regex -- control characters are refused on purpose
const EMAIL_SHAPE = /^[^\s\u0000-\u001f\u007f@<>()[\]\\,;:"]+@[^\s\u0000-\u001f\u007f@<>()[\]\\,;:"]+\.[^\s\u0000-\u001f\u007f@<>()[\]\\,;:"]+$/;

/** SPEC §5: email 5–255 characters; stored lower-cased (PRODUCT.md). */
function email(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, { error: requiredMessage, abort: true })
    .min(5, ACCOUNT_MESSAGES.emailTooShort)
    .max(255, ACCOUNT_MESSAGES.emailTooLong)
    .regex(EMAIL_SHAPE, ACCOUNT_MESSAGES.emailInvalid);
}
export const emailSchema = email(ACCOUNT_MESSAGES.emailInvalid);

/** SPEC §5: password at least 6 characters (not trimmed, not sanitised: it is only hashed). */
function password(requiredMessage: string, minLength: number) {
  const base = z.string({ error: requiredMessage }).min(1, { error: requiredMessage, abort: true });
  return (minLength > 1 ? base.min(minLength, ACCOUNT_MESSAGES.passwordTooShort) : base).max(128, ACCOUNT_MESSAGES.passwordTooLong);
}
export const passwordSchema = password(REQUIRED_FIELDS, MIN_PASSWORD_LENGTH);

/** SPEC §5 profile: full name 2–100 characters. */
function fullName(requiredMessage: string) {
  return cleanString(requiredMessage).min(1, { error: requiredMessage, abort: true }).min(2, ACCOUNT_MESSAGES.nameTooShort).max(100, ACCOUNT_MESSAGES.nameTooLong);
}
export const fullNameSchema = fullName(ACCOUNT_MESSAGES.nameTooShort);

/** International phone: optional leading +, digits with spaces, dashes, dots or brackets, 7–15 digits. */
export const PHONE_PATTERN = /^\+?[0-9][0-9\s().-]{5,22}[0-9]$/;
export function isValidPhone(text: string): boolean {
  const digits = text.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(text) && digits >= 7 && digits <= 15;
}
const phoneText = z.string().trim().refine(isValidPhone, ACCOUNT_MESSAGES.phoneInvalid);
/** Optional phone (profile): blank clears it. */
export const optionalPhoneSchema = z
  .preprocess(
    (v) => (v === null ? '' : v),
    z
      .string()
      .trim()
      .transform((s, ctx): string | null => {
        if (s === '') return null;
        if (!isValidPhone(s)) {
          ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.phoneInvalid });
          return z.NEVER;
        }
        return s;
      }),
  )
  .optional();
/** Required phone (registration form). */
export const requiredPhoneSchema = z.string({ error: REQUIRED_FIELDS }).trim().min(1, { error: REQUIRED_FIELDS, abort: true }).pipe(phoneText);

/** Avatar: an http(s) URL or a root-relative path to a stored photo, ≤ 2048, or empty. */
export function isAvatarUrl(text: string): boolean {
  if (text.startsWith('/') && !text.startsWith('//')) return !/[\s<>"']/.test(text);
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}
export const avatarUrlSchema = z
  .preprocess(
    (v) => (v === null ? '' : v),
    z
      .string()
      .trim()
      .transform((s, ctx): string | null => {
        if (s === '') return null;
        if (s.length > MAX_URL_LENGTH) {
          ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.avatarTooLong });
          return z.NEVER;
        }
        if (!isAvatarUrl(s)) {
          ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.avatarInvalid });
          return z.NEVER;
        }
        return s;
      }),
  )
  .optional();

/** 'client' | 'coach'; the legacy 'user' means client; absent means client. */
export const userTypeSchema = z.preprocess((v) => (v === undefined || v === null || v === '' || v === 'user' ? 'client' : v), z.enum(['client', 'coach'], { error: ACCOUNT_MESSAGES.invalidUserType }));

export const preferredCoachingTypesSchema = enumList(COACHING_TYPES, ACCOUNT_MESSAGES.invalidCoachingType);
export const preferredSessionTimesSchema = enumList(SESSION_TIMES, ACCOUNT_MESSAGES.invalidSessionTime);

/** Whole pounds, as the rate is read (SPEC §5: 'Hourly rate is read as an integer'). */
function hourlyRatePounds(min: number, minMessage: string, requiredMessage: string) {
  return formNumber(requiredMessage, ACCOUNT_MESSAGES.rateNumeric).pipe(
    z.number({ error: ACCOUNT_MESSAGES.rateNumeric }).int(ACCOUNT_MESSAGES.rateWhole).min(min, minMessage).max(MAX_HOURLY_RATE_POUNDS, ACCOUNT_MESSAGES.rateMax),
  );
}

const credentialsSchema = z
  .preprocess(
    (v) => {
      // One text box with one credential per line (or comma), or a list.
      if (typeof v === 'string') return v.split(/[\n,]/);
      return toList(v);
    },
    z
      .array(z.string().overwrite(sanitiseText).trim().max(200, ACCOUNT_MESSAGES.credentialTooLong))
      .transform((list) => list.filter((c) => c.length > 0))
      .pipe(z.array(z.string()).max(20, ACCOUNT_MESSAGES.credentialsMax)),
  )
  .optional();

const serviceRadiusSchema = formNumber(ACCOUNT_MESSAGES.radiusInvalid)
  .pipe(z.number().int(ACCOUNT_MESSAGES.radiusInvalid).min(1, ACCOUNT_MESSAGES.radiusInvalid).max(500, ACCOUNT_MESSAGES.radiusInvalid))
  .optional();

/**
 * A place of the gazetteer, as the place combobox posts it (issue 46): its id, blank for none
 * (null, "cleared"); absent stays absent ("unchanged"). Whether the place exists is the caller's
 * check against the gazetteer.
 */
export const optionalPlaceSchema = z
  .preprocess(
    (v) => {
      if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
      return typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v;
    },
    z.union([z.null(), z.number({ error: ACCOUNT_MESSAGES.placeInvalid }).refine(isPlaceId, ACCOUNT_MESSAGES.placeInvalid)], { error: ACCOUNT_MESSAGES.placeInvalid }),
  )
  .optional();

const sessionModeSchema = z.enum(SESSION_MODES, { error: ACCOUNT_MESSAGES.sessionModeInvalid }).optional();

function listBounds(min: number, minMessage: string, maxMessage: string) {
  return (list: readonly string[] | undefined, ctx: z.RefinementCtx, path: string) => {
    const n = list?.length ?? 0;
    if (n < min) ctx.addIssue({ code: 'custom', path: [path], message: minMessage });
    if (n > 10) ctx.addIssue({ code: 'custom', path: [path], message: maxMessage });
  };
}
const servicesBounds = (min: number) => listBounds(min, ACCOUNT_MESSAGES.servicesMin, ACCOUNT_MESSAGES.servicesMax);
const ageGroupBounds = (min: number) => listBounds(min, ACCOUNT_MESSAGES.ageGroupsMin, ACCOUNT_MESSAGES.ageGroupsMax);

// Forms -----------------------------------------------------------------------------------------

/** SPEC §5: login needs an email and a password (any length: old passwords stay valid). */
export const loginSchema = z.object({
  email: email(ACCOUNT_MESSAGES.loginRequired),
  password: password(ACCOUNT_MESSAGES.loginRequired, 1),
});
export type LoginForm = z.output<typeof loginSchema>;

/**
 * The profile part of registration, also kept while a Google sign-up round-trips
 * (SPEC §2 pendingProfileData). Coaches must give an hourly rate (at least £1 here).
 * PRODUCT.md: sign-up asks the person to confirm they are at least 16.
 */
const registrationProfileShape = {
  fullName: fullName(REQUIRED_FIELDS),
  phone: requiredPhoneSchema,
  location: requiredText(REQUIRED_FIELDS, 200, ACCOUNT_MESSAGES.locationTooLong),
  bio: optionalText(1000, ACCOUNT_MESSAGES.bioTooLong),
  userType: userTypeSchema,
  preferredCoachingTypes: preferredCoachingTypesSchema,
  preferredSessionTimes: preferredSessionTimesSchema,
  hourlyRate: hourlyRatePounds(MIN_REGISTRATION_RATE_POUNDS, ACCOUNT_MESSAGES.rateRegistrationMin, REQUIRED_FIELDS).optional(),
  servicesOffered: enumList(COACHING_TYPES, ACCOUNT_MESSAGES.invalidCoachingType),
  ageGroups: enumList(AGE_GROUPS, ACCOUNT_MESSAGES.invalidAgeGroup),
  credentials: credentialsSchema,
  serviceRadius: serviceRadiusSchema,
  confirmAge: formBoolean().pipe(z.literal(true, { error: ACCOUNT_MESSAGES.minimumAge })),
};

type CoachFields = { userType: 'client' | 'coach'; hourlyRate?: number | undefined; servicesOffered?: readonly string[] | undefined; ageGroups?: readonly string[] | undefined };
function coachNeedsRate(form: CoachFields, ctx: z.RefinementCtx): void {
  if (form.userType !== 'coach') return;
  if (form.hourlyRate === undefined) ctx.addIssue({ code: 'custom', path: ['hourlyRate'], message: REQUIRED_FIELDS });
  servicesBounds(0)(form.servicesOffered, ctx, 'servicesOffered');
  ageGroupBounds(0)(form.ageGroups, ctx, 'ageGroups');
}

/** SPEC §5 registration by email. */
export const registrationSchema = z
  .object({
    email: email(REQUIRED_FIELDS),
    password: passwordSchema,
    ...registrationProfileShape,
  })
  .superRefine(coachNeedsRate);
export type RegistrationForm = z.output<typeof registrationSchema>;

/** Registration through Google: the same profile, the name may come from Google. */
export const pendingProfileSchema = z.object({ ...registrationProfileShape, fullName: fullName(REQUIRED_FIELDS).optional() }).superRefine(coachNeedsRate);
export type PendingProfileForm = z.output<typeof pendingProfileSchema>;

/**
 * SPEC §5 profile form ('one reading'). Absent fields are left unchanged; blank optional
 * fields are cleared. The location is the address string (SPEC §3: flattened on update).
 */
export const profileSchema = z.object({
  fullName: fullNameSchema.optional(),
  phone: optionalPhoneSchema,
  location: optionalText(200, ACCOUNT_MESSAGES.locationTooLong),
  bio: optionalText(1000, ACCOUNT_MESSAGES.bioTooLong),
  avatarUrl: avatarUrlSchema,
  preferredCoachingTypes: preferredCoachingTypesSchema,
  preferredSessionTimes: preferredSessionTimesSchema,
  videoClip1: videoClipUrlSchema,
  videoClip2: videoClipUrlSchema,
  videoClip3: videoClipUrlSchema,
  /** A client's saved home place (issue 46 §3), the default 'Near' of FindCoaches: an explicit choice. */
  homePlace: optionalPlaceSchema,
});
export type ProfileForm = z.output<typeof profileSchema>;

/**
 * Decision 045: the 'Session lengths and prices' fieldset. `lengthsShown` says the form held it
 * (a form without it leaves the lengths as they are); per length a checkbox `length<minutes>` and
 * a price `price<minutes>` in whole pounds within the rate's bounds, blank for the rate.
 */
const lengthPrice = formNumber(ACCOUNT_MESSAGES.priceNumeric, ACCOUNT_MESSAGES.priceNumeric)
  .pipe(z.number().int(ACCOUNT_MESSAGES.priceWhole).min(MIN_HOURLY_RATE_POUNDS, ACCOUNT_MESSAGES.priceMin).max(MAX_HOURLY_RATE_POUNDS, ACCOUNT_MESSAGES.priceMax))
  .optional();
const sessionLengthShape = Object.fromEntries(
  SESSION_LENGTHS.flatMap((m) => [
    [`length${m}`, formBoolean().optional()],
    [`price${m}`, z.unknown().optional()],
  ]),
) as Record<`length${SessionMinutes}` | `price${SessionMinutes}`, z.ZodType<unknown>>;

type LengthFields = Record<string, unknown> & { lengthsShown?: boolean | undefined };
/** The ticked lengths; with `ctx`, each refusal is added to it under its field. */
function sessionLengthsOf(form: LengthFields, ctx?: z.RefinementCtx): { minutes: SessionMinutes; pricePounds: number | undefined }[] | undefined {
  if (!form.lengthsShown) return undefined;
  const chosen: { minutes: SessionMinutes; pricePounds: number | undefined }[] = [];
  for (const minutes of SESSION_LENGTHS) {
    if (form[`length${minutes}`] !== true) continue;
    const raw = form[`price${minutes}`];
    const price = lengthPrice.safeParse(typeof raw === 'string' && raw.trim() === '' ? undefined : raw);
    if (!price.success) ctx?.addIssue({ code: 'custom', path: [`price${minutes}`], message: price.error.issues[0]?.message ?? ACCOUNT_MESSAGES.priceNumeric });
    else chosen.push({ minutes, pricePounds: price.data });
  }
  if (!SESSION_LENGTHS.some((m) => form[`length${m}`] === true)) ctx?.addIssue({ code: 'custom', path: ['sessionLengths'], message: ACCOUNT_MESSAGES.sessionLengthsMin });
  return chosen;
}

/**
 * SPEC §5 coach profile: hourly rate £10–£1000 in whole pounds, 1–10 services, 1–10 age groups,
 * credentials (≤ 20, each ≤ 200), service radius (1–500 miles). Credentials and radius left out
 * stay unchanged.
 */
export const coachProfileSchema = z
  .object({
    hourlyRate: hourlyRatePounds(MIN_HOURLY_RATE_POUNDS, ACCOUNT_MESSAGES.rateMin, ACCOUNT_MESSAGES.rateMin),
    servicesOffered: enumList(COACHING_TYPES, ACCOUNT_MESSAGES.invalidCoachingType),
    ageGroups: enumList(AGE_GROUPS, ACCOUNT_MESSAGES.invalidAgeGroup),
    credentials: credentialsSchema,
    serviceRadius: serviceRadiusSchema,
    /** Issue 46: where the coach is based (a place of the gazetteer) and how they coach. */
    basePlace: optionalPlaceSchema,
    sessionMode: sessionModeSchema,
    lengthsShown: formBoolean().optional(),
    ...sessionLengthShape,
  })
  .superRefine((form, ctx) => {
    servicesBounds(1)(form.servicesOffered, ctx, 'servicesOffered');
    ageGroupBounds(1)(form.ageGroups, ctx, 'ageGroups');
    sessionLengthsOf(form, ctx);
  })
  .transform((form) => {
    const { hourlyRate, servicesOffered, ageGroups, credentials, serviceRadius, basePlace, sessionMode } = form;
    return { hourlyRate, servicesOffered, ageGroups, credentials, serviceRadius, basePlace, sessionMode, sessionLengths: sessionLengthsOf(form) };
  });
export type CoachProfileForm = z.output<typeof coachProfileSchema>;

/** SPEC §5: a deletion request's reason is optional. */
export const deletionRequestSchema = z.object({
  reason: optionalText(1000, ACCOUNT_MESSAGES.reasonTooLong),
});

/** An admin's decision on a deletion request, with an optional reason. */
export const deletionDecisionSchema = z.object({
  requestId: idSchema,
  decision: z.enum(['approved', 'rejected'], { error: ACCOUNT_MESSAGES.decisionInvalid }),
  reason: optionalText(1000, ACCOUNT_MESSAGES.reasonTooLong),
});

/** SPEC §2 AdminUsers 'Remove user': an optional reason, shown to admins only. */
export const removeUserSchema = z.object({
  userId: idSchema,
  reason: optionalText(500, ACCOUNT_MESSAGES.reasonTooLong),
});
