import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';

/**
 * A GET navigation that changes only the query of the page on screen (FindCoaches' filters, a
 * tab, a cursor): nothing but the page's own loader can change. Root (the toast) and the
 * signed-in shell skip it, so a filter change is one request, not three. A
 * redirect elsewhere changes the path, and a mutation always revalidates, so a toast set by
 * either still shows.
 */
export function isQueryOnlyNavigation({ currentUrl, nextUrl, formMethod }: Pick<ShouldRevalidateFunctionArgs, 'currentUrl' | 'nextUrl' | 'formMethod'>): boolean {
  const mutation = formMethod !== undefined && formMethod.toUpperCase() !== 'GET';
  return !mutation && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
}
