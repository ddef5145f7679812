import { island } from '~/components/island';
import * as server from './profile-more.server';

/**
 * The profile pages below the form (issue 20 §4): in the page's HTML at once, their JavaScript
 * fetched when scrolled near or reached by the pointer or the keyboard (app/components/island.tsx).
 * The wrapper keeps the page's column and gaps.
 */
export const UserProfileMore = island(server.UserProfileMore, () => import('./user-profile-more').then((m) => m.UserProfileMore), { className: 'flex flex-col gap-6' });

export const CoachProfileMore = island(server.CoachProfileMore, () => import('./coach-profile-more').then((m) => m.CoachProfileMore), { className: 'flex flex-col gap-6' });
