import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { isId } from '../../domain/shared/ids';
import { isSessionMinutes } from '../../domain/shared/session-lengths';
import { getCurrentUser } from '~/auth/guards.server';
import { countPublicVisit } from '~/public/public-visit.server';
import { nextAvailableFor, type NextAvailableAsk } from '~/booking/next-available.server';

/** A page of cards is at most this many coaches; more is not a card list. */
const MAX_COACHES = 30;

/**
 * When each coach of a page of cards is next free (`?coaches=<id>:<minutes>,…`), asked by the
 * page once its cards are shown: the page's own statements stay within their budget, and the
 * schedules are read in one statement for the whole page. Public, as the pages that ask are
 * (decision 048): a signed-out visitor's asks count against their IP's page views.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getCurrentUser(request, context))) await countPublicVisit(context, 'next-available');
  const asks: NextAvailableAsk[] = [];
  for (const part of (new URL(request.url).searchParams.get('coaches') ?? '').split(',').filter(Boolean)) {
    const [coachId, minutes] = part.split(':');
    const durationMinutes = Number(minutes);
    if (!isId(coachId) || !isSessionMinutes(durationMinutes)) throw json({ message: 'Please give coach ids with a session length' }, { status: 400 });
    asks.push({ coachId, durationMinutes });
  }
  if (asks.length > MAX_COACHES) throw json({ message: `At most ${MAX_COACHES} coaches at once` }, { status: 400 });
  return json({ nextAvailable: await nextAvailableFor(context, asks) }, { headers: { 'Cache-Control': 'private, no-store' } });
}
