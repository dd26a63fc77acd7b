import { Link } from 'react-router';
import { useBrand } from '@web/components/brand';
import { LegalPageShell } from './legal-page-shell';

/** /privacy-policy: what the site keeps about you and why. */
export function PrivacyPolicyPage() {
  const { siteName } = useBrand();
  return (
    <LegalPageShell
      page="privacy"
      title="Privacy Policy"
      intro={
        `${siteName} keeps only what it needs to run your practice, your community and your memberships. ` +
        'This page explains what that is.'
      }
    >
      <section>
        <h2>What we keep</h2>
        <ul>
          <li>Your account: name, username, email address, an optional bio and profile picture.</li>
          <li>What you share: posts, comments, hearts, journal entries, group requests and direct messages.</li>
          <li>
            Your practice: which content you open, complete or favourite and for how long, and the days you visit, so we
            can show your progress and streak. Your streak is counted in your own time zone, which your browser tells
            us.
          </li>
          <li>Your memberships: subscriptions, courses and sessions you book.</li>
        </ul>
      </section>
      <section>
        <h2>Payments</h2>
        <p>
          Card payments and payouts are handled by our payment provider on its own secure pages. {siteName} never sees
          or stores your card number; we keep the status of your subscriptions and the amounts paid.
        </p>
      </section>
      <section>
        <h2>How we protect it</h2>
        <p>
          Passwords are stored only as strong one-way hashes. Your sign-in is a random token kept in your browser and
          removed when you log out. Private groups, direct messages and paid content are shown only to the people they
          are meant for. We do not sell your data and we do not use advertising trackers.
        </p>
      </section>
      <section>
        <h2>Who sees what</h2>
        <p>
          Your name, username, picture and bio are visible to other members. Facilitators see who subscribes to their
          tiers and who joins their groups. Administrators can manage accounts to keep the community safe.
        </p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          You can update your details and password at any time in <Link to="/settings">Settings</Link>. To receive a
          copy of your data or to have your account deleted, <Link to="/contact-us">contact us</Link>.
        </p>
      </section>
    </LegalPageShell>
  );
}
