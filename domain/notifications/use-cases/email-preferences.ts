import type { Actor } from '../../policy/actor';
import { notFound } from '../../shared/errors';
import { err, ok, type Result } from '../../shared/result';
import { EMAIL_KIND_DESCRIPTIONS, parseEmailPreferenceChange, wantsEmail, type EmailKindDescription, type EmailPreferences } from '../../accounts/users/email-preferences';
import type { EmailPreferencesStore } from '../notification-ports';

/** The profile page's email section: each kind, whether it is on, and whether it can be turned off. */
export interface EmailPreferencesView {
  readonly kinds: readonly (EmailKindDescription & { readonly enabled: boolean })[];
}

const userNotFound = () => notFound('USER_NOT_FOUND', 'User not found');

/** Kinds that do not concern the person are left out (booking requests go to coaches only). */
function viewOf(actor: Actor, prefs: EmailPreferences): EmailPreferencesView {
  const relevant = EMAIL_KIND_DESCRIPTIONS.filter((k) => k.kind !== 'booking_requests' || actor.userType === 'coach' || actor.role === 'admin');
  return { kinds: relevant.map((k) => ({ ...k, enabled: wantsEmail(prefs, k.kind) })) };
}

/** The signed-in person's own preferences (nobody edits another's). */
export async function viewEmailPreferences(deps: { emailPreferences: EmailPreferencesStore }, input: { actor: Actor }): Promise<Result<EmailPreferencesView>> {
  const prefs = await deps.emailPreferences.read(input.actor.userId);
  if (!prefs) return err(userNotFound());
  return ok(viewOf(input.actor, prefs));
}

/** Turns one optional kind on or off; money and account-security emails cannot be turned off. */
export async function updateEmailPreference(deps: { emailPreferences: EmailPreferencesStore }, input: { actor: Actor; form: unknown }): Promise<Result<EmailPreferencesView>> {
  const change = parseEmailPreferenceChange(input.form);
  if (!change.ok) return change;
  const next = await deps.emailPreferences.change(input.actor.userId, change.value);
  if (!next) return err(userNotFound());
  return ok(viewOf(input.actor, next));
}
