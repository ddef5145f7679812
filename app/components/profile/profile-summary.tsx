import { AGE_GROUP_LABELS, COACHING_TYPE_LABELS, SESSION_TIME_LABELS } from '../../../domain/shared/catalogue';
import type { SessionLengthPrice, SessionOffer } from '../../../domain/shared/session-lengths';
import { lengthPriceLabels, priceFromLabel } from '../../booking/session-length-view';
import { useMemo, type ReactNode } from 'react';
import { useNextAvailable } from '../booking/use-next-available';

interface SummaryProfile {
  readonly id: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly bio: string | null;
  readonly locationAddress: string | null;
  readonly preferredCoachingTypes: readonly string[];
  readonly preferredSessionTimes: readonly string[];
  readonly deactivationReason?: string | null;
  readonly isActive: boolean;
  readonly coachProfile: {
    readonly hourlyRatePence: number;
    readonly sessionLengths: readonly SessionLengthPrice[];
    readonly servicesOffered: readonly string[];
    readonly ageGroups: readonly string[];
    readonly credentials: readonly string[];
    readonly serviceRadiusMiles: number;
    readonly isVerified: boolean;
    readonly rating: number;
    readonly reviewCount: number;
    readonly totalSessions: number;
  } | null;
}

const offerOf = (coach: { hourlyRatePence: number; sessionLengths: readonly SessionLengthPrice[] }): SessionOffer => ({ ratePence: coach.hourlyRatePence, lengths: coach.sessionLengths });

const labels = (values: readonly string[], table: Readonly<Record<string, string>>) => values.map((v) => table[v] ?? v);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 last:border-0 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function Badges({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <span className="text-slate-500">Not given</span>;
  return (
    <div className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <span key={item} className="rounded-full bg-pitch-50 px-2.5 py-0.5 text-xs font-semibold text-pitch-800">
          {item}
        </span>
      ))}
    </div>
  );
}

/** Someone else's profile, read-only (SPEC §2 'User Profile' / 'Coach Profile'). Email and phone only when allowed. */
export function ProfileSummary({ profile }: { profile: SummaryProfile }) {
  const coach = profile.coachProfile;
  const asked = useMemo(() => (coach && profile.isActive ? [{ userId: profile.id, sessionOffer: offerOf(coach) }] : []), [coach, profile.id, profile.isActive]);
  const nextAvailable = useNextAvailable(asked).get(profile.id);
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" aria-label="Profile details">
      <dl>
        {!profile.isActive ? (
          <Row label="Status">
            <span className="font-semibold text-red-700">Deactivated</span>
            {profile.deactivationReason ? `: ${profile.deactivationReason}` : ''}
          </Row>
        ) : null}
        {profile.email ? <Row label="Email">{profile.email}</Row> : null}
        {profile.phone ? <Row label="Phone">{profile.phone}</Row> : null}
        <Row label="Location">{profile.locationAddress ?? <span className="text-slate-500">Not given</span>}</Row>
        <Row label="Bio">{profile.bio ? <p className="whitespace-pre-line">{profile.bio}</p> : <span className="text-slate-500">Not given</span>}</Row>
        {coach ? (
          <>
            <Row label="Rate">
              {priceFromLabel(offerOf(coach))} <span className="text-slate-500">per session</span>
            </Row>
            {profile.isActive ? <Row label="Next available">{nextAvailable === null ? <span className="text-slate-500">No free times in the next 90 days</span> : (nextAvailable ?? '…')}</Row> : null}
            <Row label="Session lengths">
              <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Session lengths and prices">
                {lengthPriceLabels(offerOf(coach)).map((l) => (
                  <li key={l.minutes}>
                    {l.label} <span className="font-semibold">{l.price}</span>
                  </li>
                ))}
              </ul>
            </Row>
            <Row label="Services">
              <Badges items={labels(coach.servicesOffered, COACHING_TYPE_LABELS)} />
            </Row>
            <Row label="Age groups">
              <Badges items={labels(coach.ageGroups, AGE_GROUP_LABELS)} />
            </Row>
            <Row label="Credentials">{coach.credentials.length ? coach.credentials.join(', ') : <span className="text-slate-500">Not given</span>}</Row>
            <Row label="Service radius">{coach.serviceRadiusMiles} miles</Row>
            <Row label="Rating">
              {coach.reviewCount > 0 ? `${coach.rating.toFixed(1)} / 5 from ${coach.reviewCount} review${coach.reviewCount === 1 ? '' : 's'}` : 'No reviews yet'}
              {' · '}
              {coach.totalSessions} completed session{coach.totalSessions === 1 ? '' : 's'}
              {coach.isVerified ? <span className="ml-2 rounded-full bg-pitch-100 px-2 py-0.5 text-xs font-semibold text-pitch-800">Verified</span> : null}
            </Row>
          </>
        ) : (
          <>
            <Row label="Preferred coaching types">
              <Badges items={labels(profile.preferredCoachingTypes, COACHING_TYPE_LABELS)} />
            </Row>
            <Row label="Preferred session times">
              <Badges items={labels(profile.preferredSessionTimes, SESSION_TIME_LABELS)} />
            </Row>
          </>
        )}
      </dl>
    </section>
  );
}
