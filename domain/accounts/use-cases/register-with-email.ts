import type { Clock } from '../../shared/clock';
import type { IdSource } from '../../shared/ids';
import type { Mailer } from '../../shared/mailer';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { accountErrors } from '../account-errors';
import { registrationSchema } from '../account.schemas';
import { coachProfilePatchFromRegistration, createCoachProfile, type CoachProfile } from '../coach-profile';
import type { AccountLinks, EmailVerificationTokens } from '../email-verification-tokens';
import type { PasswordHasher } from '../password-hasher';
import { registerUser, type User } from '../user';
import { sendVerificationMail } from './send-verification-mail';

export interface RegisterWithEmailDeps {
  readonly uow: UnitOfWork;
  readonly hasher: PasswordHasher;
  readonly ids: IdSource;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly tokens: EmailVerificationTokens;
  readonly links: AccountLinks;
}

export interface Registered {
  readonly user: User;
  readonly coachProfile: CoachProfile | null;
  /** False when the mail could not be sent; the person can ask for it again. */
  readonly verificationMailSent: boolean;
}

/**
 * SPEC §2/§5 email sign-up: validates the form, refuses a taken email ('EMAIL_TAKEN'), stores
 * the user (unverified, password hashed) and, for coaches, the coach profile, then sends the
 * verification link. The person signs in once the email is verified.
 */
export async function registerWithEmail(deps: RegisterWithEmailDeps, form: unknown): Promise<Result<Registered>> {
  const parsed = parseForm(registrationSchema, form);
  if (!parsed.ok) return parsed;
  const data = parsed.value;
  const now = deps.clock.now();
  if (await deps.uow.read.users.findByEmail(data.email)) return err(accountErrors.emailTaken());
  const passwordHash = await deps.hasher.hash(data.password);

  const saved = await deps.uow.transaction(async (tx) => {
    const user = registerUser(
      {
        id: deps.ids.newId(),
        email: data.email,
        fullName: data.fullName,
        passwordHash,
        emailVerified: false,
        userType: data.userType,
        phone: data.phone,
        locationAddress: data.location,
        bio: data.bio ?? null,
        preferredCoachingTypes: data.preferredCoachingTypes ?? [],
        preferredSessionTimes: data.preferredSessionTimes ?? [],
      },
      now,
    );
    if (!user.ok) return user;
    const stored = await tx.users.save(user.value);
    if (!stored.ok) return stored;
    let coachProfile: CoachProfile | null = null;
    if (user.value.userType === 'coach') {
      coachProfile = createCoachProfile(user.value.id, coachProfilePatchFromRegistration(data), now);
      const storedProfile = await tx.coachProfiles.save(coachProfile);
      if (!storedProfile.ok) return storedProfile;
    }
    return ok({ user: user.value, coachProfile });
  });
  if (!saved.ok) return saved;

  const mailed = await sendVerificationMail(deps, saved.value.user, now);
  return ok({ ...saved.value, verificationMailSent: mailed.ok });
}

