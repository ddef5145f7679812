import type { LinkedCalendarView } from '~/availability/linked-calendar-view';
import { useLoadOnce } from '../forms/use-load-once';
import { LinkedCalendarCard } from './linked-calendar-card';

/** Temporary: the card on CoachProfile for a browser check, until the Availability page mounts it. */
export function LinkedCalendarPreview() {
  const load = useLoadOnce<{ ok: true; calendar: LinkedCalendarView }>('/api/linked-calendar');
  return load.data?.ok ? <LinkedCalendarCard calendar={load.data.calendar} /> : null;
}
