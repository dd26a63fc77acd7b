import { Link } from 'react-router';
import { useBrand } from '@web/components/brand';
import { LegalPageShell } from './legal-page-shell';

/** /contact-us: where each kind of question goes. */
export function ContactUsPage() {
  const { siteName } = useBrand();
  return (
    <LegalPageShell
      page="contact"
      title="Contact Us"
      intro="We are happy to help. Here is the quickest way to get an answer for the most common questions."
    >
      <section>
        <h2>A question for your facilitator</h2>
        <p>
          If your membership includes direct messaging, write to your facilitator from{' '}
          <Link to="/messages">Your Messages</Link>. Facilitators usually reply within a day or two.
        </p>
      </section>
      <section>
        <h2>Signing in</h2>
        <p>
          Forgot your password? Ask for a <Link to="/request-reset">reset link</Link>; it arrives within 5 minutes, so
          please check your spam folder too.
        </p>
      </section>
      <section>
        <h2>Billing and subscriptions</h2>
        <p>
          Open <Link to="/subscriptions">Your Subscriptions</Link> and choose Manage Subscription to update your payment
          method or cancel. Facilitators manage payouts from <Link to="/settings">Settings</Link>.
        </p>
      </section>
      <section>
        <h2>Anything else</h2>
        <p>
          For privacy requests, account deletion or to report content, reply to any email you have received from{' '}
          {siteName}
          and the team that runs this community will get back to you within two working days.
        </p>
      </section>
    </LegalPageShell>
  );
}
