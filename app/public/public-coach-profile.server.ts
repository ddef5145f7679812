import { redirect, type AppLoadContext } from '@remix-run/node';
import { viewProfile } from '../../domain/accounts/users/use-cases/view-profile';
import { isId } from '../../domain/shared/ids';
import { offeredLengths } from '../../domain/shared/session-lengths';
import { formatPenceShort } from '../../domain/shared/money';
import { coachingTypeLabel } from '../../domain/shared/catalogue';
import { loginUrlFor } from '~/auth/guards.server';
import { publicCoachView } from '~/profile/public-coach-view';
import { requestDeps } from '~/request-deps.server';
import { packagesOnSale } from '../../domain/packages/use-cases/package-offers';
import { packageCard } from '~/packages/package-view';
import { canonicalUrl } from './canonical.server';
import { coachProfileDescription } from './page-meta';
import { countPublicVisit } from './public-visit.server';

/**
 * A coach's profile for a signed-out visitor (decision 048): an active coach's public fields,
 * counted against the visitor's IP. Anyone else's profile is 'User not found', as it is to a
 * signed-in stranger; without `userId` there is no profile of their own to show, so they log in.
 */
export async function loadPublicCoachProfile(request: Request, context: AppLoadContext) {
  const userId = new URL(request.url).searchParams.get('userId');
  if (!userId) throw redirect(loginUrlFor(request));
  await countPublicVisit(context, 'CoachProfile');
  if (!isId(userId)) throw new Response('User not found', { status: 404 });
  const deps = requestDeps(context);
  const view = await viewProfile(deps, { viewer: null, userId });
  if (!view.ok || !view.value.coachProfile) throw new Response('User not found', { status: 404 });
  const profile = publicCoachView(view.value.user, view.value.coachProfile);
  const offer = { ratePence: profile.coachProfile.hourlyRatePence, lengths: profile.coachProfile.sessionLengths };
  const packages = (await packagesOnSale(deps, { coachId: profile.id })).map((o) => packageCard(o, offer));
  const least = Math.min(...offeredLengths(offer).map((l) => l.pricePence));
  return {
    signedIn: false as const,
    profile,
    packages,
    canonical: canonicalUrl(context, request, `/CoachProfile?userId=${profile.id}`),
    description: coachProfileDescription({
      name: profile.fullName,
      place: profile.locationAddress,
      services: profile.coachProfile.servicesOffered.map(coachingTypeLabel),
      priceFrom: formatPenceShort(least),
    }),
  };
}
