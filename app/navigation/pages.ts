/**
 * SPEC §2 screens. Routes are the page names with a leading slash, matched case-insensitively
 * (each page is also reachable in lower case); '/' and '' go to Landing; unknown paths fall back
 * to the first page (Landing).
 */
export const PAGES = [
  'Landing',
  'Register',
  'FindCoaches',
  'MyBookings',
  'CoachDashboard',
  'CoachEarnings',
  'CoachAvailability',
  'UserProfile',
  'CoachProfile',
  'Messages',
  'Conversation',
  'AdminDashboard',
  'AdminUsers',
  'AdminBookings',
  'PrivacyPolicy',
  'Terms',
  'DataDiagnostic',
] as const;
export type PageName = (typeof PAGES)[number];

/** Pages anyone may open, signed in or not. */
export const PUBLIC_PAGES: readonly PageName[] = ['Landing', 'Register', 'PrivacyPolicy', 'Terms'];
/** Pages only administrators see (SPEC §2; PRODUCT.md puts DataDiagnostic here too). */
export const ADMIN_PAGES: readonly PageName[] = ['AdminDashboard', 'AdminUsers', 'AdminBookings', 'DataDiagnostic'];
/** Pages rendered without the signed-in shell (SPEC §2). */
export const PAGES_WITHOUT_SHELL: readonly PageName[] = ['Landing', 'Conversation'];

/** '/FindCoaches' — the canonical path of a page. */
export function pagePath(page: PageName): `/${string}` {
  return `/${page}`;
}

/** A page's path with query parameters ('/CoachProfile?userId=…'), leaving out empty values. */
export function pageUrl(page: PageName, query: Readonly<Record<string, string | null | undefined>> = {}): string {
  const params = Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
  if (params.length === 0) return pagePath(page);
  return `${pagePath(page)}?${params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
}

const byLowerName = new Map<string, PageName>(PAGES.map((p) => [p.toLowerCase(), p]));

/**
 * The page a path names, case-insensitively ('/findcoaches' → FindCoaches). '/' and '' are
 * Landing; anything unknown is null (the router then falls back to Landing).
 */
export function pageFromPath(path: string): PageName | null {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '').replace(/^\/+/, '');
  if (clean === '') return 'Landing';
  return byLowerName.get(clean.toLowerCase()) ?? null;
}
