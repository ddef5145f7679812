import type { AppLoadContext } from '@remix-run/node';
import { ACCOUNT_MESSAGES, optionalPlaceSchema } from '../../domain/accounts/users/account.schemas';
import { choiceOf, type PlaceChoice } from '../../domain/search/places';
import { placeDirectory } from '~/search/places.server';

/** A stored place id as the profile form shows it: its label, never its coordinates. */
export async function placeChoiceOf(context: AppLoadContext, placeId: number | null | undefined): Promise<PlaceChoice | null> {
  if (placeId === null || placeId === undefined) return null;
  const place = (await placeDirectory(context)).byId(placeId);
  return place ? choiceOf(place) : null;
}

/**
 * Issue 46: a posted place must be one of the gazetteer's (the combobox only offers those; a
 * forged or stale id is refused under its field before anything is saved).
 */
export async function unknownPlaceErrors(context: AppLoadContext, form: Record<string, unknown>, fields: readonly string[]): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    const parsed = optionalPlaceSchema.safeParse(form[field]);
    if (!parsed.success || typeof parsed.data !== 'number') continue;
    if (!(await placeDirectory(context)).byId(parsed.data)) errors[field] = [ACCOUNT_MESSAGES.placeInvalid];
  }
  return errors;
}
