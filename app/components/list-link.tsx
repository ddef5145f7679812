import { useNavigate } from '@remix-run/react';
import { useCallback, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * A link to an app page inside a long list, as one plain element: Remix's `<Link>` costs a
 * dozen hooks per link in the browser (path resolution, prefetch, click handler), which a list of
 * 20 cards paid again on each search (issue 20 §4). The list around it follows such links in the
 * app with `useListLinkClicks` (one handler for all of them); without JavaScript, or with a
 * modifier key, it is an ordinary link. The markup is the one `<Link>` writes, `data-discover`
 * included, so Remix still learns the target's route ahead of the click.
 */
export function ListLink({ to, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: `/${string}` }) {
  return <a {...rest} data-list-link="" data-discover="true" href={to} />;
}

/** The click handler for a container of `ListLink`s: a plain click navigates in the app. */
export function useListLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[data-list-link]') : null;
      if (!link || !event.currentTarget.contains(link) || (link.getAttribute('target') ?? '_self') !== '_self') return;
      event.preventDefault();
      navigate(link.getAttribute('href') ?? '/');
    },
    [navigate],
  );
}
