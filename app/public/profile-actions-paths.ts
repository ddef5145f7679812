/**
 * A coach's profile with its booking dialog open on load (`open=book`, with the search's player
 * when there was one): the way back after logging in or registering, so a signed-out visitor who
 * pressed 'Book' lands in that coach's booking dialog.
 */
export function coachProfileBookPath(coachId: string, forPlayerId?: string | null): `/${string}` {
  return `/CoachProfile?userId=${encodeURIComponent(coachId)}&open=book${forPlayerId ? `&for=${encodeURIComponent(forPlayerId)}` : ''}`;
}
