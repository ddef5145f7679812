import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { isInGazetteerArea } from '../../domain/search/near';
import { choiceOf, PLACE_QUERY_MAX_LENGTH } from '../../domain/search/places';
import { placeDirectory } from '~/search/places.server';

/**
 * The gazetteer for the 'Near' combobox, public as FindCoaches is (decision 048): open
 * data (GeoNames), answered from memory, so it is not counted as a page view.
 *
 * GET ?q=<typed text>: up to eight places, labels and ids only.
 * POST latitude, longitude ('Use my location'): the nearest place. A POST so the position never
 * sits in a URL, the request log or the browser's history; it is used for this answer only and
 * neither stored nor logged.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, PLACE_QUERY_MAX_LENGTH);
  const places = (await placeDirectory(context)).matching(q).map(choiceOf);
  return json({ places }, { headers: { 'Cache-Control': 'private, max-age=3600' } });
}

const COORDINATE = /^-?\d{1,3}(?:\.\d{1,12})?$/;

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false as const, message: 'Method not allowed' }, { status: 405 });
  const form = await request.formData();
  const [latitude, longitude] = [form.get('latitude'), form.get('longitude')].map((v) => (typeof v === 'string' && COORDINATE.test(v) ? Number(v) : NaN));
  const headers = { 'Cache-Control': 'no-store' };
  if (latitude === undefined || longitude === undefined || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    return json({ ok: false as const, message: 'Your browser did not give a position.' }, { status: 400, headers });
  }
  const point = { latitude, longitude };
  const place = isInGazetteerArea(point) ? (await placeDirectory(context)).nearest(point) : null;
  if (!place) return json({ ok: false as const, message: 'FACT finds coaches in Great Britain and Northern Ireland only. Please type a place instead.' }, { status: 422, headers });
  return json({ ok: true as const, place: choiceOf(place) }, { headers });
}
