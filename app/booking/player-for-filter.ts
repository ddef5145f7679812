/**
 * The player a search was made for: FindCoaches' 'For Jordan' choice sets the age-group filter to
 * Jordan's group, so the one player in that group is the one the parent is booking for. None, or
 * two players of that group, is no choice: the booking dialog then asks.
 */
export function playerForFilter(players: readonly { id: string; ageGroup: string }[], ageGroup: string | null | undefined): string | null {
  if (!ageGroup) return null;
  const matching = players.filter((p) => p.ageGroup === ageGroup);
  return matching.length === 1 ? (matching[0]?.id ?? null) : null;
}

/** The player a page's address names (`for=<id>`, from a card of a search), when it is one of the client's. */
export function playerFromAddress(players: readonly { id: string }[], forParam: string | null): string | null {
  return forParam && players.some((p) => p.id === forParam) ? forParam : null;
}
