import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Person } from './booking-flow';
import { sameOrigin, type HttpApp } from './http-app';

/** A Remix route's data URL, e.g. '/MyBookings?_data=routes%2F_app.MyBookings'. */
export const routeData = (page: string) => `/${page}?_data=${encodeURIComponent(`routes/_app.${page}`)}`;

/** Requests as a signed-in person (their cookie in `cookies`): a GET, or a POST of the form. */
export function sender(http: HttpApp, cookies: ReadonlyMap<string, string>) {
  return async (who: Person, url: string, form?: Record<string, string> | URLSearchParams) => {
    const res = await fetch(`${http.baseUrl}${url}`, {
      method: form ? 'POST' : 'GET',
      body: form ? new URLSearchParams(form) : undefined,
      headers: sameOrigin(http.baseUrl, { Cookie: cookies.get(who.id)!, Accept: 'application/json' }),
      redirect: 'manual',
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { booking?: { id: string; paidFromPackage?: boolean; totalPricePence: number } } };
  };
}

/** Buys a package offer through the Secure Payment steps with the test card 4242; the purchase's id. */
export async function buyPackageOver(send: ReturnType<typeof sender>, who: Person, offerId: string): Promise<string> {
  const url = `/api/package-purchases/${offerId}`;
  const started = await send(who, url, { intent: 'start' });
  const session = started.body.session as { bookingId: string; intentId: string };
  const paid = await send(who, url, {
    intent: 'confirm-test-card',
    purchaseId: session.bookingId,
    intentId: session.intentId,
    attempt: randomUUID(),
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  expect(paid.body).toMatchObject({ ok: true, step: 'paid' });
  return session.bookingId;
}
