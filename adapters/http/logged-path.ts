/**
 * The path as the request log writes it: a calendar feed's path is its secret token (decision
 * 014), so `/calendar/<token>.ics` is logged as `/calendar/[token].ics`.
 */
export function loggedPath(path: string): string {
  return path.replace(/^\/calendar\/[^/]*/i, '/calendar/[token].ics');
}
