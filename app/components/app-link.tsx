import { useNavigate } from '@remix-run/react';
import { useCallback, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * A link to an app page as one plain element: Remix's `<Link>` costs a dozen hooks per link in the
 * browser (path resolution, prefetch, click handler) and reads the router's location, so each one
 * rendered again on every navigation, a query change included (issue 20 §4). The document's body
 * follows such links in the app with `useAppLinkClicks` (one handler for the whole page, root.tsx);
 * without JavaScript, or with a modifier key, it is an ordinary link. The markup is the one
 * `<Link>` writes, `data-discover` included, so Remix still learns the target's route ahead of the
 * click (decisions 025 and 031).
 */
export function AppLink({ to, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: `/${string}` }) {
  return <a {...rest} data-app-link="" data-discover="true" href={to} />;
}

/** The click handler for an element holding `AppLink`s: a plain click navigates in the app. */
export function useAppLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[data-app-link]') : null;
      if (!link || !event.currentTarget.contains(link) || (link.getAttribute('target') ?? '_self') !== '_self') return;
      event.preventDefault();
      navigate(link.getAttribute('href') ?? '/');
    },
    [navigate],
  );
}
