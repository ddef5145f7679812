/**
 * The server's copies of the profile pages' lower parts, rendered into the page's HTML; the
 * browser build empties this module, so the browser fetches them only as islands
 * (profile-more.tsx, app/components/island.tsx).
 */
export { CoachProfileMore } from './coach-profile-more';
export { UserProfileMore } from './user-profile-more';
