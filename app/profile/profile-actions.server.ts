import { json, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, MaxPartSizeExceededError, type AppLoadContext } from '@remix-run/node';
import { ACCOUNT_NOTICES } from '../../domain/accounts/sign-in/account-emails';
import { coachProfileSchema, profileSchema } from '../../domain/accounts/users/account.schemas';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '../../domain/accounts/media/photo';
import { changeProfilePhoto } from '../../domain/accounts/media/use-cases/change-profile-photo';
import { requestDeletion } from '../../domain/accounts/erasure/use-cases/request-deletion';
import { updateCoachProfile } from '../../domain/accounts/users/use-cases/update-coach-profile';
import { updateProfile } from '../../domain/accounts/users/use-cases/update-profile';
import { toActor, type User } from '../../domain/accounts/users/user';
import { enforceRateLimit } from '../../domain/rate-limit/check-rate-limit';
import { invalid, type DomainError } from '../../domain/shared/errors';
import { GENERIC_FORM_ERROR, collectFormEntries, parseForm } from '../../domain/validation/parse-form';
import { formFailure, withRateLimitSign } from '~/auth/form-failure.server';
import { requestDeps } from '~/request-deps.server';
import { unknownPlaceErrors } from './profile-places.server';

export const PROFILE_PHOTO_UPDATED = 'Profile photo updated.';

/** SPEC §5/§8 words for a refused profile change: the form alert, rate limits with a warning sign. */
function profileMessage(error: DomainError, fallback: string): string {
  if (error.kind === 'rate_limited') return withRateLimitSign(error.message);
  if (error.code === 'VALIDATION_FAILED') return GENERIC_FORM_ERROR;
  return fallback;
}

const done = (intent: string, message: string) => json({ ok: true as const, intent, message });

/** 'Save Changes': the profile form (and, on CoachProfile, the coach block) — checked in full first. */
export async function saveProfile(context: AppLoadContext, user: User, form: Record<string, unknown>, withCoach: boolean) {
  const deps = requestDeps(context);
  const actor = toActor(user);
  const limited = await enforceRateLimit(deps.rateLimits, 'profile', { userId: user.id }, deps.clock.now());
  if (!limited.ok) return formFailure(limited.error, 'profile', profileMessage(limited.error, ''));
  const checks = [parseForm(profileSchema, form), ...(withCoach ? [parseForm(coachProfileSchema, form)] : [])];
  const fieldErrors: Record<string, string[]> = {};
  for (const check of checks) if (!check.ok) Object.assign(fieldErrors, check.error.fieldErrors ?? {});
  Object.assign(fieldErrors, await unknownPlaceErrors(context, form, withCoach ? ['homePlace', 'basePlace'] : ['homePlace']));
  if (Object.keys(fieldErrors).length > 0) {
    // The form's own text (it holds no secret), so a refusal posted as a page keeps what was typed.
    return formFailure(invalid('VALIDATION_FAILED', GENERIC_FORM_ERROR, fieldErrors), 'profile', GENERIC_FORM_ERROR, form);
  }
  const saved = await updateProfile(deps, { actor, form });
  if (!saved.ok) return formFailure(saved.error, 'profile', profileMessage(saved.error, ACCOUNT_NOTICES.profileUpdateFailed));
  if (withCoach) {
    const coach = await updateCoachProfile(requestDeps(context), { actor, form });
    if (!coach.ok) return formFailure(coach.error, 'profile', profileMessage(coach.error, ACCOUNT_NOTICES.profileUpdateFailed));
  }
  return done('profile', ACCOUNT_NOTICES.profileUpdated);
}

/** The photo upload (already resized by the browser): a real image under 5 MB, re-encoded and stored. */
export async function savePhoto(request: Request, context: AppLoadContext, user: User) {
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_PHOTO_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return formFailure(invalid('PHOTO_TOO_LARGE', PHOTO_MESSAGES.tooLarge, { photo: [PHOTO_MESSAGES.tooLarge] }), 'photo');
    }
    return formFailure(invalid('PHOTO_UNREADABLE', PHOTO_MESSAGES.readFailed, { photo: [PHOTO_MESSAGES.readFailed] }), 'photo');
  }
  const file = form.get('photo');
  if (!(file instanceof Blob) || file.size === 0) {
    return formFailure(invalid('PHOTO_MISSING', PHOTO_MESSAGES.notImage, { photo: [PHOTO_MESSAGES.notImage] }), 'photo');
  }
  const deps = requestDeps(context);
  const limited = await enforceRateLimit(deps.rateLimits, 'profile', { userId: user.id }, deps.clock.now());
  if (!limited.ok) return formFailure(limited.error, 'photo', withRateLimitSign(limited.error.message));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const result = await changeProfilePhoto(deps, {
    actor: toActor(user),
    file: { mimeType: file.type || 'application/octet-stream', sizeBytes: bytes.byteLength, bytes },
  });
  if (!result.ok) return formFailure(result.error, 'photo');
  return done('photo', PROFILE_PHOTO_UPDATED);
}

/** The account-deletion card: a request with an optional reason. */
export async function askForDeletion(context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const result = await requestDeletion(requestDeps(context), { actor: toActor(user), form: { reason: form.reason } });
  if (!result.ok) {
    const message = result.error.code === 'DELETION_ALREADY_PENDING' ? result.error.message : ACCOUNT_NOTICES.deletionRequestFailed;
    return formFailure(result.error, 'delete-account', message);
  }
  return done('delete-account', ACCOUNT_NOTICES.deletionRequested);
}

/** Reads a form post that is not the photo upload. */
export async function readForm(request: Request): Promise<Record<string, unknown>> {
  return collectFormEntries(await request.formData());
}

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data/i.test(request.headers.get('Content-Type') ?? '');
}
