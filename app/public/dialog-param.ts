import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';

/**
 * `open=<dialog>` in a coach profile's address opens that dialog on load ('book': the booking
 * dialog), so a visitor sent to log in or register comes back to the dialog they asked for.
 */
export const DIALOG_PARAM = 'open';

/** The address without its dialog: closing the dialog leaves a page that does not open it again. */
export function withoutDialog(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(DIALOG_PARAM);
  return next;
}

/** A GET that only opens or closes a dialog: the page's data is the same, so it is not asked again. */
export function onlyDialogChanged({ currentUrl, nextUrl, formMethod }: Pick<ShouldRevalidateFunctionArgs, 'currentUrl' | 'nextUrl' | 'formMethod'>): boolean {
  if (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') return false;
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  return withoutDialog(currentUrl.searchParams).toString() === withoutDialog(nextUrl.searchParams).toString();
}
