import { Link, useLocation } from '@remix-run/react';

/** button-classes.ts' secondaryButton, written out: AdminBookings needs no other class from it, so its first visit loads one file fewer. */
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
  return (
    <nav aria-label="Pages" className="mt-5 flex items-center justify-between gap-3">
      {prev ? (
        <Link to={hrefWith('before', prev)} className={secondaryButton} rel="prev">
          <span aria-hidden="true">←</span> Previous
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          <span aria-hidden="true">←</span> Previous
        </span>
      )}
      {next ? (
        <Link to={hrefWith('after', next)} className={secondaryButton} rel="next">
          Next <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Next <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}
