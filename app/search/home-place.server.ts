import type { User } from '../../domain/accounts/users/user';

/**
 * Issue 46 §3: a client who saved a home place starts FindCoaches near it. A visit whose URL says
 * nothing of a place (no `near`, not 'Online') goes to the same search near the home place, so the
 * URL still carries the whole search; `near=` (empty) is 'anywhere', which the form sends when the
 * client clears the place.
 */
export function homePlaceSearch(user: Pick<User, 'homePlaceId'> | null, url: URL): string | null {
  const params = url.searchParams;
  if (!user?.homePlaceId || params.has('near') || params.get('mode') === 'online' || params.has('cursor')) return null;
  const next = new URLSearchParams(params);
  next.set('near', String(user.homePlaceId));
  return `${url.pathname}?${next.toString()}`;
}
