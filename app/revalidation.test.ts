import { describe, expect, it } from 'vitest';
import { isQueryOnlyNavigation } from './revalidation';

const at = (path: string) => new URL(`http://fact.test${path}`);

describe('which navigations leave the root and the shell alone', () => {
  it('is a GET that changes only the query of the page on screen', () => {
    expect(isQueryOnlyNavigation({ currentUrl: at('/FindCoaches'), nextUrl: at('/FindCoaches?specialization=goalkeeping') })).toBe(true);
    expect(isQueryOnlyNavigation({ currentUrl: at('/FindCoaches?q=a'), nextUrl: at('/FindCoaches?q=ab'), formMethod: 'GET' })).toBe(true);
  });

  it('is not a move to another page, a reload of the same URL, or any mutation', () => {
    expect(isQueryOnlyNavigation({ currentUrl: at('/FindCoaches'), nextUrl: at('/MyBookings') })).toBe(false);
    expect(isQueryOnlyNavigation({ currentUrl: at('/FindCoaches?q=a'), nextUrl: at('/FindCoaches?q=a') })).toBe(false);
    expect(isQueryOnlyNavigation({ currentUrl: at('/MyBookings?tab=past'), nextUrl: at('/MyBookings?tab=upcoming'), formMethod: 'POST' })).toBe(false);
    expect(isQueryOnlyNavigation({ currentUrl: at('/MyBookings'), nextUrl: at('/MyBookings?tab=past'), formMethod: 'post' })).toBe(false);
  });
});
