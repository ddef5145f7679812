/**
 * Where a coach's profile opens with a dialog already open (`open=book`; helper pages use other
 * values such as `open=enquiry`): the way back after logging in or registering, so a signed-out
 * visitor who pressed 'Book' lands in that coach's booking dialog.
 */
export function coachProfileBookPath(coachId: string, forPlayerId?: string | null): `/${string}` {
  return `/CoachProfile?userId=${encodeURIComponent(coachId)}&open=book${forPlayerId ? `&for=${encodeURIComponent(forPlayerId)}` : ''}`;
}
