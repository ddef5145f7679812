/**
 * Whether a menu link to `to` is the current page, as React Router's NavLink decides it: the same
 * path, or a path under it, case-insensitively. The shell's menus use this with `useLocation`
 * instead of NavLink, which also reads the router's navigation state and so was rendered again on
 * each state of every navigation; the location changes once per navigation.
 */
export function isCurrentPath(pathname: string, to: string): boolean {
  const current = pathname.toLowerCase();
  const target = (to.split(/[?#]/)[0] ?? '').toLowerCase().replace(/(.)\/+$/, '$1');
  return current === target || (current.startsWith(target) && current.charAt(target.length) === '/');
}
