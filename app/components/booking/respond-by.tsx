import { respondByLabel } from '../../booking/respond-by-label';

/**
 * 'Respond by Tue 8 Dec, 14:05': when a paid request expires unanswered (decision 050), for the
 * coach. `at` is the card's `respondBy` (London wall clock). Inside a card's details grid pass
 * className="i-time" for the clock icon; elsewhere (a list of what needs an answer) it stands alone.
 */
export function RespondBy({ at, className }: { at: string; className?: string }) {
  return (
    <p className={className}>
      <time dateTime={at} className="font-medium text-amber-800">{`Respond by ${respondByLabel(at)}`}</time>
    </p>
  );
}
