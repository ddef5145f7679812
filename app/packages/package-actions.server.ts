import { json, type AppLoadContext } from '@remix-run/node';
import { toActor, type User } from '../../domain/accounts/users/user';
import { packageOfferFormSchema } from '../../domain/packages/package-offer.schemas';
import { changePackage, offerPackage, retirePackage } from '../../domain/packages/use-cases/package-offers';
import { parseForm } from '../../domain/validation/parse-form';
import { formFailure } from '~/auth/form-failure.server';
import { requestDeps } from '~/request-deps.server';

const idOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** CoachProfile's Packages card: add a package, or change one (with `offerId`). */
export async function savePackage(context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const parsed = parseForm(packageOfferFormSchema, form);
  if (!parsed.ok) return formFailure(parsed.error, 'package-save');
  const deps = requestDeps(context);
  const actor = toActor(user);
  const offerId = idOf(form.offerId);
  const result = offerId ? await changePackage(deps, { actor, offerId, form: parsed.value }) : await offerPackage(deps, { actor, form: parsed.value });
  if (!result.ok) return formFailure(result.error, 'package-save');
  return json({ ok: true as const, intent: 'package-save', message: offerId ? 'Package saved. Packages already bought keep their terms.' : 'Package added to your profile.' });
}

/** Stops selling a package; what clients already bought stays theirs. */
export async function dropPackage(context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const result = await retirePackage(requestDeps(context), { actor: toActor(user), offerId: idOf(form.offerId) ?? '' });
  if (!result.ok) return formFailure(result.error, 'package-retire');
  return json({ ok: true as const, intent: 'package-retire', message: 'Package retired. Clients who bought it can still use their sessions.' });
}
