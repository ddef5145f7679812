import type { CoachCard } from '../../../domain/search/coach-search';
import { distanceLabel } from '../../../domain/search/near';

/** Near a place: how far the coach's base is, and whether they travel to the client's place. */
export function CoachReach({ coach }: { coach: Pick<CoachCard, 'distanceTenths' | 'travelsToYou'> }) {
  if (coach.distanceTenths === undefined || coach.distanceTenths === null) return null;
  return (
    <p className="coach-line muted" data-testid="coach-reach">
      <span>{distanceLabel(coach.distanceTenths)}</span>
      {coach.travelsToYou ? <span className="ml-2 rounded-full bg-pitch-50 px-2 py-0.5 text-xs font-medium text-pitch-800">Travels to you</span> : null}
    </p>
  );
}
