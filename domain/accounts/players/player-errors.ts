import { forbidden, invalid, notFound } from '../../shared/errors';

/** A booking a date-of-birth change would take out of the coach's groups. */
export interface BrokenBooking {
  readonly referenceCode: string;
  /** The player's age on the session date with the new date of birth. */
  readonly age: number;
  /** The age-group rule's own words: 'Sam Coach does not coach Under 8 players.' */
  readonly refusal: string;
}

const andList = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

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
  /** Decision 034: the booking references are named so the guardian knows which to cancel. */
  outsideBookedAgeGroups: (name: string, firstName: string, broken: readonly BrokenBooking[]) => {
    const first = broken[0]!;
    const message =
      broken.length === 1
        ? `${name}’s details were not saved: with this date of birth ${firstName} would be ${first.age} on the day of booking ${first.referenceCode}, and ${first.refusal} To change it, cancel that booking first.`
        : `${name}’s details were not saved: with this date of birth ${firstName} would be outside the coach’s age groups on bookings ${andList(broken.map((b) => b.referenceCode))}. To change it, cancel those bookings first.`;
    // The Players card shows a field's first error under it: the whole sentence goes there.
    return invalid('PLAYER_AGE_GROUP_BOOKED', message, { dateOfBirth: [message] });
  },
} as const;
