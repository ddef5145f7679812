import type { Clock } from '../../../shared/clock';
import type { Id, IdSource } from '../../../shared/ids';
import type { Mailer } from '../../../shared/mailer';
import { ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import { alreadyRegisteredEmail } from '../already-registered-email';
import { registrationSchema } from '../../users/account.schemas';
import { coachProfilePatchFromRegistration, createCoachProfile, type CoachProfile } from '../../users/coach-profile';
import type { AccountLinks, EmailVerificationTokens } from '../email-verification-tokens';
import type { PasswordHasher } from '../password-hasher';
import { refuseCommonPassword, type CommonPasswords } from '../common-passwords';
import { canSignIn, registerUser, type User } from '../../users/user';
import { sendVerificationMail } from './send-verification-mail';

export interface RegisterWithEmailDeps {
  readonly uow: UnitOfWork;
  readonly hasher: PasswordHasher;
  readonly commonPasswords: CommonPasswords;
  readonly ids: IdSource;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly tokens: EmailVerificationTokens;
  readonly links: AccountLinks;
}

/** A new account was stored. */
export interface AccountCreated {
  readonly outcome: 'created';
  readonly user: User;
  readonly coachProfile: CoachProfile | null;
  /** False when the mail could not be sent; the person can ask for it again. */
  readonly verificationMailSent: boolean;
}

/**
 * The email already had an account: nothing was stored, and its owner was mailed instead
 * ('notice': you already have an account; 'verification': a fresh link for an unverified
 * account; 'none': a deactivated or erased account gets nothing). The page must answer exactly
 * as for AccountCreated (decision 008), so this is for logs only.
 */
export interface AlreadyRegistered {
  readonly outcome: 'already_registered';
  readonly ownerId: Id;
  readonly mail: 'notice' | 'verification' | 'none';
  readonly mailSent: boolean;
}

export type Registered = AccountCreated | AlreadyRegistered;

/**
 * SPEC §2/§5 email sign-up: validates the form, stores the user (unverified, password hashed)
 * and, for coaches, the coach profile, then sends the verification link. The person signs in
 * once the email is verified.
 *
 * No account enumeration (decision 008): a sign-up for an address that already has an
 * account succeeds the same way to the caller, stores nothing and mails the owner instead. Both
 * paths hash the password (same cost) and send one e-mail before answering, so they take about
 * as long. A concurrent sign-up that loses the race on the unique email index is answered the
 * same way.
 */
export async function registerWithEmail(deps: RegisterWithEmailDeps, form: unknown): Promise<Result<Registered>> {
  const parsed = parseForm(registrationSchema, form);
  if (!parsed.ok) return parsed;
  const data = parsed.value;
  const common = refuseCommonPassword(deps.commonPasswords, data.password, 'password');
  if (!common.ok) return common;
  const now = deps.clock.now();
  const existing = await deps.uow.read.users.findByEmail(data.email);
  // Hashed on both paths: skipping it for a taken email would tell it apart by time.
  const passwordHash = await deps.hasher.hash(data.password);
  if (existing) {
    // Re-read in a transaction: the owner's current state picks the mail, and the round trips
    // stand in for the new-account path's insert transaction (same time on both paths).
    const current = await deps.uow.transaction(async (tx) => ok(await tx.users.findById(existing.id)));
    return ok(await mailOwner(deps, (current.ok ? current.value : null) ?? existing, now));
  }

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
  if (!saved.ok) {
    // A concurrent sign-up for the same address committed first (the unique index refused ours):
    // its owner is mailed like any other repeat sign-up.
    if (saved.error.code === 'EMAIL_TAKEN') {
      const owner = await deps.uow.read.users.findByEmail(data.email);
      if (owner) return ok(await mailOwner(deps, owner, now));
    }
    return saved;
  }

  const mailed = await sendVerificationMail(deps, saved.value.user, now);
  return ok({ outcome: 'created', ...saved.value, verificationMailSent: mailed.ok });
}

/** What the owner of a registered address gets when someone signs up with it again. */
async function mailOwner(deps: RegisterWithEmailDeps, owner: User, now: Date): Promise<AlreadyRegistered> {
  if (!canSignIn(owner)) return { outcome: 'already_registered', ownerId: owner.id, mail: 'none', mailSent: false };
  if (!owner.emailVerifiedAt) {
    const sent = await sendVerificationMail(deps, owner, now);
    return { outcome: 'already_registered', ownerId: owner.id, mail: 'verification', mailSent: sent.ok };
  }
  const sent = await deps.mailer.send(
    alreadyRegisteredEmail({
      to: owner.email,
      fullName: owner.fullName,
      loginUrl: deps.links.loginUrl(),
      signsInWithGoogle: owner.passwordHash === null && owner.googleId !== null,
    }),
  );
  return { outcome: 'already_registered', ownerId: owner.id, mail: 'notice', mailSent: sent.ok };
}
