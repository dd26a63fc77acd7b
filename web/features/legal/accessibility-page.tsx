import { Link } from 'react-router';
import { useBrand } from '@web/components/brand';
import { BuiltInText, PublicPageFrame } from './public-page-frame';

/** When the statement below was last checked against the tests it describes (MM/dd/yyyy). */
export const STATEMENT_REVIEWED = '11/24/2026';

/**
 * /accessibility: the accessibility statement. What is tested and how, what is known
 * not to work yet, and how to report a barrier: to the people who run the site, through Contact
 * Us (the admin's own contact text) or a reply to any of its mails.
 */
export function AccessibilityPage() {
  const { siteName } = useBrand();
  return (
    <PublicPageFrame title="Accessibility">
      <BuiltInText
        intro={
          `${siteName} aims to work for everyone: with a keyboard, a screen reader, zoom, high contrast ` +
          'or a small phone. Our target is WCAG 2.2 level AA.'
        }
      >
        <section>
          <h2>What we test, and how</h2>
          <ul>
            <li>
              <strong>Automated checks on every screen.</strong> axe-core, kept at its current release, checks every
              screen and every open dialog at 1280 px and 390 px wide; any finding, whatever its impact, stops a
              release. Colour contrast of text, field borders and focus outlines is checked too (4.5:1 for text, 3:1 for
              borders and focus).
            </li>
            <li>
              <strong>Lighthouse.</strong> Every page is audited with Lighthouse's accessibility checks.
            </li>
            <li>
              <strong>Keyboard journeys.</strong> Automated browser tests (Playwright, in Chromium) sign in, post,
              comment, book a session and page through the admin tables with the keyboard alone. They check that focus
              lands somewhere sensible after each action and is never hidden under the page header, and that on moving
              to another page focus goes to its main heading and its title is announced.
            </li>
            <li>
              <strong>Forced colours.</strong> The same tests run with Windows High Contrast (forced colours) and check
              that every form control keeps a visible edge.
            </li>
            <li>
              <strong>Screen readers, by hand.</strong> New screens are read through with a screen reader and the
              browser's accessibility tree, checking names, headings, landmarks and announcements.
            </li>
            <li>
              <strong>Media.</strong> Audio and video can carry captions and a transcript, and photos and images carry
              alt text written by the person who shared them. A test plays a video with its captions in Chromium and
              opens its transcript from the keyboard.
            </li>
          </ul>
        </section>
        <section>
          <h2>Known limitations</h2>
          <ul>
            <li>
              Captions, transcripts and alt text are written by facilitators and members. Practices shared before they
              could be added, or shared without them, may have none; photos without alt text are described only as
              'Photo 1 of 2 shared by …'.
            </li>
            <li>
              Documents such as PDFs are shown as the facilitator uploaded them; we cannot check the files themselves.
            </li>
            <li>
              Live sessions take place on the facilitator's own meeting service, whose accessibility we do not control.
            </li>
          </ul>
        </section>
        <section>
          <h2>Report a barrier</h2>
          <p>
            If something stops you from using {siteName}, or takes far more effort than it should, please tell us: what
            you were trying to do, the page, and the browser or assistive technology you use. Write to the people who
            run {siteName} through the <Link to="/contact-us">Contact Us</Link> page, or reply to any email you have
            received from {siteName}. We answer within two working days, and if a fix takes longer we will help you get
            what you need another way in the meantime.
          </p>
        </section>
        <p className="text-xs text-stone-600">This statement was last reviewed on {STATEMENT_REVIEWED}.</p>
      </BuiltInText>
    </PublicPageFrame>
  );
}
