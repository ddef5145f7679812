import { Link, useLocation } from '@remix-run/react';

/** button-classes.ts' secondaryButton, written out: AdminBookings needs no other class from it, so its first visit loads one file fewer (issue 20 §4). */
const secondaryButton = 'btn btn-s';

/** Previous / Next over keyset cursors, keeping the other query parameters. */
export function Pager({ prev, next }: { prev: string | null; next: string | null }) {
  const location = useLocation();
  if (!prev && !next) return null;
  const hrefWith = (key: 'after' | 'before', cursor: string): `/${string}` => {
    const params = new URLSearchParams(location.search);
    params.delete('after');
    params.delete('before');
    params.delete('highlight');
    params.set(key, cursor);
    // A router location's pathname always starts with '/'.
    return `${location.pathname as `/${string}`}?${params.toString()}`;
  };
  const disabled = `${secondaryButton} pointer-events-none opacity-40`;
  // The arrows come from the stylesheet (pg-prev, pg-next): see tailwind.css.
  return (
    <nav aria-label="Pages" className="mt-5 flex items-center justify-between gap-3">
      {prev ? (
        <Link to={hrefWith('before', prev)} className={`${secondaryButton} pg-prev`} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={`${disabled} pg-prev`} aria-disabled="true">
          Previous
        </span>
      )}
      {next ? (
        <Link to={hrefWith('after', next)} className={`${secondaryButton} pg-next`} rel="next">
          Next
        </Link>
      ) : (
        <span className={`${disabled} pg-next`} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
