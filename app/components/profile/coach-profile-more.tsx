import type { ComponentProps } from 'react';
import { AvailabilitySection } from '~/components/availability/availability-section';
import { GetPaidCard } from '~/components/payouts/get-paid-card';
import { CalendarFeedCard } from './calendar-feed-card';
import { DataExportCard } from './data-export-card';
import { DeletionCard } from './deletion-card';
import { EmailPreferences } from './email-preferences';
import { PasswordCard } from './password-card';
import { VideoPlayer } from './video-player';

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
      {videoClips.length > 0 ? (
        <section aria-labelledby="videos-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="videos-title" className="mb-4 text-lg font-semibold text-slate-900">
            Videos
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {videoClips.map((clip, i) => (
              <VideoPlayer key={clip.url} url={clip.url} embedUrl={clip.embedUrl} title={`Video ${i + 1}`} />
            ))}
          </div>
        </section>
      ) : null}
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
