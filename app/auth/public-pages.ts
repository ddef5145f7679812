/**
 * The pages a signed-out visitor may open (decision 048): the coach search and a coach's profile,
 * read-only. Every other page of the app layout still sends them to the login dialog. The HTTP
 * cache policy (adapters/http/cache-policy.ts) names the same pages as cacheable when signed out.
 */
const PUBLIC_BROWSING_PATHS: ReadonlySet<string> = new Set(['/findcoaches', '/coachprofile']);

/** Whether `pathname` is one of those pages (Remix matches routes case-insensitively, so this does too). */
export function isPublicBrowsingPath(pathname: string): boolean {
  return PUBLIC_BROWSING_PATHS.has(pathname.toLowerCase().replace(/\/+$/, ''));
}
