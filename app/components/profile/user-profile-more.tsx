import type { PlayerRow } from '~/profile/player-actions.server';
import { CalendarFeedCard } from './calendar-feed-card';
import { DataExportCard } from './data-export-card';
import { DeletionCard } from './deletion-card';
import { EmailPreferences } from './email-preferences';
import { PasswordCard } from './password-card';
import { PlayersCard } from './players-card';

export interface UserProfileMoreProps {
  own: boolean;
  showPlayers: boolean;
  players: readonly PlayerRow[];
  today: string;
  hasPassword: boolean;
  email: string | null;
  showDeletionCard: boolean;
  pendingDeletion: boolean;
}

/** UserProfile below the profile form: players (a client's), password, emails, calendar feed, data copy, deletion. */
export function UserProfileMore({ own, showPlayers, players, today, hasPassword, email, showDeletionCard, pendingDeletion }: UserProfileMoreProps) {
  return (
    <>
      {own && showPlayers ? <PlayersCard players={players} today={today} /> : null}
      {own ? <PasswordCard hasPassword={hasPassword} email={email} /> : null}
      {own ? <EmailPreferences /> : null}
      {own ? <CalendarFeedCard /> : null}
      {own ? <DataExportCard /> : null}
      {showDeletionCard ? <DeletionCard pending={pendingDeletion} /> : null}
    </>
  );
}
