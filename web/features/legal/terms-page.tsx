import { Link } from 'react-router';
import { useBrand } from '@web/components/brand';
import { LegalPageShell } from './legal-page-shell';

const EFFECTIVE = '1 January 2025';

/** /terms-of-service, linked from registration and the footer. */
export function TermsPage() {
  const { siteName } = useBrand();
  return (
    <LegalPageShell
      page="terms"
      title="Terms of Service"
      intro={
        `These terms apply to everyone who uses ${siteName}, whether you follow a practice or run one. ` +
        `They take effect on ${EFFECTIVE}. By creating an account you agree to them.`
      }
    >
      <section>
        <h2>Your account</h2>
        <ul>
          <li>You must be at least 16 years old and give a real email address you can read.</li>
          <li>Keep your password to yourself. You are responsible for what happens under your account.</li>
          <li>Choose Facilitator only if you intend to publish practices or run a community.</li>
        </ul>
      </section>
      <section>
        <h2>Practices are not medical advice</h2>
        <p>
          Meditation, breathwork, workouts and other practices on {siteName} are offered for general wellbeing. They do
          not replace advice from a doctor or therapist. Stop any practice that causes you pain or distress.
        </p>
      </section>
      <section>
        <h2>What you share</h2>
        <p>
          You keep the rights to the posts, comments, media and messages you share. You allow {siteName} to store and
          show them to the people you shared them with, for as long as they stay on the platform. Do not share anything
          you have no right to share, and do not harass, threaten or mislead others. We may remove content or close
          accounts that break these rules.
        </p>
      </section>
      <section>
        <h2>Subscriptions, courses and sessions</h2>
        <ul>
          <li>Prices are shown in US dollars before you pay. Payments are taken by our card payment provider.</li>
          <li>
            Monthly subscriptions renew until you cancel. Cancelling stops the next renewal; you keep access until the
            end of the period you paid for.
          </li>
          <li>Courses are one-off purchases. Sessions are booked with the facilitator who offers them.</li>
          <li>
            Facilitators set their own prices and content and are responsible for what they offer. Refund questions go
            to the facilitator first; if you cannot settle them, <Link to="/contact-us">contact us</Link>.
          </li>
        </ul>
      </section>
      <section>
        <h2>For facilitators</h2>
        <p>
          You are responsible for the content you publish, the sessions you run and the taxes on what you earn. Payouts
          go to the account you connect with our payment provider, less any platform fee shown to you before you publish
          a paid tier.
        </p>
      </section>
      <section>
        <h2>Ending your account</h2>
        <p>
          You may stop using {siteName} at any time and ask us to delete your account. We may suspend an account that
          breaks these terms, after telling you why unless the law or safety prevents it.
        </p>
      </section>
      <section>
        <h2>Liability and changes</h2>
        <p>
          {siteName} is provided as it is. We work to keep it available and safe but cannot promise it will never be
          interrupted. We will tell you by email before changes to these terms take effect; continuing to use {siteName}
          afterwards means you accept them.
        </p>
      </section>
      <section>
        <h2>Privacy and questions</h2>
        <p>
          How we handle your data is explained in the <Link to="/privacy-policy">Privacy Policy</Link>. For anything
          else, see <Link to="/contact-us">Contact Us</Link>.
        </p>
      </section>
    </LegalPageShell>
  );
}
