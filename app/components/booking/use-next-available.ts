import { useEffect, useState } from 'react';
import type { CoachCard } from '../../../domain/search/coach-search';
import { lengthToBook } from '../../../domain/shared/session-lengths';

/** The length a card's 'Next available' is for: the hour when the coach offers it, else their shortest. */
export function cardLength(coach: Pick<CoachCard, 'sessionOffer'>): number {
  return lengthToBook(coach.sessionOffer);
}

const CHUNK = 30;

/**
 * When each listed coach is next free, asked from /api/next-available after the cards are shown
 * (one request per page of cards; coaches already answered are not asked again). Absent from the
 * map: not answered yet.
 */
export function useNextAvailable(coaches: readonly Pick<CoachCard, 'userId' | 'sessionOffer'>[]): ReadonlyMap<string, string | null> {
  const [known, setKnown] = useState<ReadonlyMap<string, string | null>>(new Map());
  useEffect(() => {
    const missing = coaches.filter((c) => !known.has(c.userId));
    if (missing.length === 0) return;
    const controller = new AbortController();
    for (let i = 0; i < missing.length; i += CHUNK) {
      const coachesParam = missing
        .slice(i, i + CHUNK)
        .map((c) => `${c.userId}:${cardLength(c)}`)
        .join(',');
      fetch(`/api/next-available?coaches=${coachesParam}`, { signal: controller.signal, headers: { Accept: 'application/json' } })
        .then((res) => (res.ok ? (res.json() as Promise<{ nextAvailable: Record<string, string | null> }>) : null))
        .then((answer) => {
          if (answer) setKnown((m) => new Map([...m, ...Object.entries(answer.nextAvailable)]));
        })
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [coaches, known]);
  return known;
}
