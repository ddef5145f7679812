import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { normaliseReferenceSearch } from '../../domain/booking/references/reference-code';
import { canSearchBookingReferences } from '../../domain/policy/permissions';
import { apiAdminContext, NO_STORE } from '~/admin/admin.server';
import type { ReferenceSearchReply } from '~/components/admin/reference-search-types';

/**
 * GET /admin/booking-search?q=… — the booking-reference search of the admin sidebar and of
 * AdminBookings (JSON). Administrators only (404 for anyone else); a request without a session
 * gets 401 and SIGNED_OUT, as the /api/ resources do, and the form opens the login
 * dialog. The domain normalises the text (case-insensitive, a prefix or the whole code); the read
 * model finds the bookings.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await apiAdminContext(request, context);
  if (admin instanceof Response) return admin;
  const { actor, reads } = admin;
  if (!canSearchBookingReferences(actor)) throw new Response('Not Found', { status: 404 });
  const text = new URL(request.url).searchParams.get('q') ?? '';
  const query = normaliseReferenceSearch(text);
  if (!query.ok) return json<ReferenceSearchReply>({ ok: false, code: query.error.code, message: query.error.message }, { status: 422, headers: NO_STORE });
  const found = await reads.searchReferences(query.value);
  return json<ReferenceSearchReply>({ ok: true, query: query.value, items: found.items, more: found.more }, { headers: NO_STORE });
}
