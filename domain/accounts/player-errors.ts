import { forbidden, invalid, notFound } from '../shared/errors';

/** Stable codes and the words people read for players of a guardian's account (decision 017). */
export const playerErrors = {
  clientsOnly: () => forbidden('PLAYERS_CLIENTS_ONLY', 'Only client accounts can add players.'),
  notFound: () => notFound('PLAYER_NOT_FOUND', 'Player not found'),
  consentRequired: () =>
    invalid(
      'PLAYER_CONSENT_REQUIRED',
      'Players under 18 need their parent or guardian’s consent: please confirm you are their parent or guardian and agree to their details being shared with the coaches you book.',
      { guardianConsent: ['Please confirm you are the parent or guardian and agree to sharing the player’s details with their coaches.'] },
    ),
  tooMany: () => invalid('PLAYERS_LIMIT', 'You can add up to 20 players.'),
  removed: () => notFound('PLAYER_REMOVED', 'This player has been removed from your account.'),
} as const;
