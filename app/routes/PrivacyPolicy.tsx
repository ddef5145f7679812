import type { MetaFunction } from '@remix-run/node';
import { LegalPage } from '~/components/legal-page';

export const meta: MetaFunction = () => [{ title: 'Privacy Policy · FACT' }];

export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy" updated="21 November 2026">
      <p>
        FACT (Football Academy Coaching &amp; Training) connects football players with coaches for one-to-one sessions. This policy explains what personal data we hold, why, and the choices you have.
      </p>
      <section>
        <h2>Who can use FACT</h2>
        <p>You must be at least 16 years old to create an account.</p>
      </section>
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>Account details: your name, email address, phone number and password (stored only as a secure hash).</li>
          <li>Profile details you choose to share: location, bio, photo, coaching preferences and, for coaches, rates, services, credentials, availability and video links.</li>
          <li>Bookings, messages exchanged about a booking, and reviews.</li>
          <li>Payment records. Card details are handled by Stripe and never stored by FACT.</li>
        </ul>
      </section>
      <section>
        <h2>Who sees what</h2>
        <p>
          Coach profiles are visible to signed-in users. Client profiles are visible only to the client, to coaches they have booked, and to our administrators. Your email address and phone number are
          never shown to the other party of a booking.
        </p>
        <p>
          If you turn on the calendar feed on your profile, FACT gives you a private link to your sessions (times, places, booking references and the other party&apos;s name) for your calendar app.
          Anyone who has the link can read those sessions, so keep it to yourself; resetting the link or turning the feed off stops the old link at once. We keep only a scrambled (hashed) form of the
          link.
        </p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          You can correct your profile at any time and ask for your account to be deleted from your profile page. When an administrator approves the request, your personal data is erased; booking and
          payment records are kept, without your personal details, for the other party and for our legal obligations.
        </p>
        <p>
          You can download a copy of your data at any time: choose <strong>Download my data</strong> on your profile page (up to 3 times an hour). FACT makes one JSON file with your account details
          and preferences, your coach profile and availability, your bookings with their prices, payments, refunds and (for coaches) payouts, the messages you sent and received, the reviews you gave
          and received, your email choices, your deletion requests and the record of what administrators did to your account. Other people appear in it by their first name only, never with their
          contact details, and it never contains your password. If you can no longer sign in, ask us and an administrator will send you the same file.
        </p>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>We use a strictly necessary session cookie to keep you signed in, and a cookie that remembers whether the sidebar is open.</p>
      </section>
    </LegalPage>
  );
}
