import type { ComponentProps } from 'react';
import { AvailabilitySection } from '~/components/availability/availability-section';
import { GetPaidCard } from '~/components/payouts/get-paid-card';
import { CalendarFeedCard } from './calendar-feed-card';
import { DataExportCard } from './data-export-card';
import { DeletionCard } from './deletion-card';
import { EmailPreferences } from './email-preferences';
import { PasswordCard } from './password-card';
import { VideosSection } from './videos-section';

export interface CoachProfileMoreProps {
  own: boolean;
  videoClips: readonly { url: string; embedUrl: string | null }[];
  availability: ComponentProps<typeof AvailabilitySection>['rows'];
  hasPassword: boolean;
  email: string | null;
  showDeletionCard: boolean;
  pendingDeletion: boolean;
}

/** CoachProfile below the profile form or summary: videos, availability, payouts, password, emails, calendar feed, data copy, deletion. */
export function CoachProfileMore({ own, videoClips, availability, hasPassword, email, showDeletionCard, pendingDeletion }: CoachProfileMoreProps) {
  return (
    <>
      <VideosSection clips={videoClips} />
      <AvailabilitySection rows={availability} own={own} />
      {own ? <GetPaidCard /> : null}
      {own ? <PasswordCard hasPassword={hasPassword} email={email} /> : null}
      {own ? <EmailPreferences /> : null}
      {own ? <CalendarFeedCard /> : null}
      {own ? <DataExportCard /> : null}
      {showDeletionCard ? <DeletionCard pending={pendingDeletion} /> : null}
    </>
  );
}
