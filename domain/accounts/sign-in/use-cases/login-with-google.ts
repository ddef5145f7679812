import type { Clock } from '../../../shared/clock';
import type { IdSource } from '../../../shared/ids';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import { accountErrors } from '../../users/account-errors';
import { pendingProfileSchema, type PendingProfileForm } from '../../users/account.schemas';
import { coachProfilePatchFromRegistration, createCoachProfile } from '../../users/coach-profile';
import type { ExternalIdentity } from '../identity-provider';
import { canSignIn, linkGoogleAccount, registerUser, type User } from '../../users/user';

export interface GoogleSignIn {
  readonly user: User;
  /** True when this sign-in created the account. */
  readonly created: boolean;
  /** True when registration form data kept during the round-trip was applied (SPEC §4). */
  readonly appliedPendingProfile: boolean;
}

/**
 * Google sign-in and sign-up (server-side code flow, PRODUCT.md). Finds the account by Google
 * id, else links the Google identity to the account with the same (Google-verified) email, else
 * creates one — from the registration form kept during the round-trip when there is one
 * (SPEC §2 pendingProfileData), as a client otherwise. Deactivated accounts cannot sign in.
 */
export async function loginWithGoogle(deps: { uow: UnitOfWork; ids: IdSource; clock: Clock }, input: { identity: ExternalIdentity; pendingProfile?: unknown }): Promise<Result<GoogleSignIn>> {
  const { identity } = input;
  if (!identity.emailVerified) return err(accountErrors.googleEmailUnverified());
  let pending: PendingProfileForm | null = null;
  if (input.pendingProfile !== undefined && input.pendingProfile !== null) {
    const parsed = parseForm(pendingProfileSchema, input.pendingProfile);
    if (!parsed.ok) return parsed;
    pending = parsed.value;
  }
  const now = deps.clock.now();

  return deps.uow.transaction<GoogleSignIn>(async (tx) => {
    const byGoogle = await tx.users.findByGoogleId(identity.subject);
    if (byGoogle) {
      return canSignIn(byGoogle) ? ok({ user: byGoogle, created: false, appliedPendingProfile: false }) : err(accountErrors.accountDeactivated());
    }
    const byEmail = await tx.users.findByEmail(identity.email);
    if (byEmail) {
      if (!canSignIn(byEmail)) return err(accountErrors.accountDeactivated());
      const linked = linkGoogleAccount(byEmail, identity.subject, now);
      if (!linked.ok) return linked;
      const saved = await tx.users.save(linked.value);
      return saved.ok ? ok({ user: linked.value, created: false, appliedPendingProfile: false }) : saved;
    }
    const user = registerUser(
      {
        id: deps.ids.newId(),
        email: identity.email,
        fullName: pending?.fullName ?? identity.name ?? identity.email.split('@')[0] ?? '',
        googleId: identity.subject,
        emailVerified: true,
        userType: pending?.userType ?? 'client',
        phone: pending?.phone ?? null,
        locationAddress: pending?.location ?? null,
        bio: pending?.bio ?? null,
        avatarUrl: identity.pictureUrl,
        preferredCoachingTypes: pending?.preferredCoachingTypes ?? [],
        preferredSessionTimes: pending?.preferredSessionTimes ?? [],
      },
      now,
    );
    if (!user.ok) return user;
    const saved = await tx.users.save(user.value);
    if (!saved.ok) return saved;
    if (user.value.userType === 'coach') {
      const profile = createCoachProfile(user.value.id, pending ? coachProfilePatchFromRegistration(pending) : {}, now);
      const savedProfile = await tx.coachProfiles.save(profile);
      if (!savedProfile.ok) return savedProfile;
    }
    return ok({ user: user.value, created: true, appliedPendingProfile: pending !== null });
  });
}
