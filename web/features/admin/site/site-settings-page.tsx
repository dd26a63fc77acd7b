import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { ArrowTopRightOnSquareIcon } from '@heroicons/react/24/outline';
import { errorText } from '@common/errors';
import { readableOnWhite } from '@common/site/colors';
import {
  type AdminSiteAnswer,
  CRISIS_RESOURCES_MAX,
  SaveSiteRequest,
  SITE_NAME_MAX,
  SENDER_NAME_MAX,
} from '@common/site/schemas';
import { Form } from '@web/components/form/form';
import { CheckboxField } from '@web/components/form/checkbox-field';
import { ImageField } from '@web/components/form/image-field';
import { InputField } from '@web/components/form/input-field';
import { TextareaField } from '@web/components/form/textarea-field';
import { useImageConfig } from '@web/components/images/use-image-config';
import { LoadFailed, Skeleton, skeletonBlock } from '@web/components/state-panels';
import { FormCard } from '../admin-form-page';
import { SAVED_TEXT } from '../admin-form';
import { AccentColorField } from './accent-color-field';
import { MarkdownField } from './markdown-field';
import { logoPathOf, logoUrlOf, useAdminSite, useSaveSite } from './site-api';
import { PageTitle } from '@web/components/page-title';

export const SITE_SETTINGS_TITLE = 'Site settings';

/** The form edits the logo as the upload field's path; the rest is the call's own schema. */
const SiteForm = SaveSiteRequest.omit({ logoUrl: true })
  .extend({ logo: z.string().nullable() })
  .refine((v) => readableOnWhite(v.accentColor), {
    path: ['accentColor'],
    message: errorText('accent_color_low_contrast'),
  });
type SiteFormValues = z.input<typeof SiteForm>;
type SiteFormOutput = z.output<typeof SiteForm>;

const PAGES = [
  { name: 'termsMarkdown', label: 'Terms of Service', to: '/terms-of-service' },
  { name: 'privacyMarkdown', label: 'Privacy Policy', to: '/privacy-policy' },
  { name: 'contactMarkdown', label: 'Contact Us', to: '/contact-us' },
] as const;

/** /admin/site: the site's name, logo, accent colour, mail sender and its three pages. */
export function SiteSettingsPage() {
  const site = useAdminSite();
  const imageConfig = useImageConfig();
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl">
      <PageTitle>{SITE_SETTINGS_TITLE}</PageTitle>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {SITE_SETTINGS_TITLE}
      </h1>
      <p className="mt-1 text-sm text-stone-600">
        How the site names itself in the header, page titles and every email, and the pages linked from the footer.
      </p>
      <div className="mt-6">
        {site.isError || imageConfig.isError ? (
          <LoadFailed
            message="We could not load the site settings."
            onRetry={() => Promise.all([site.refetch(), imageConfig.refetch()])}
          />
        ) : site.data && imageConfig.data ? (
          <SiteSettingsForm key={site.data.updatedAt} site={site.data} urlEndpoint={imageConfig.data.urlEndpoint} />
        ) : (
          <SettingsSkeleton />
        )}
      </div>
    </section>
  );
}

function SiteSettingsForm({ site, urlEndpoint }: { site: AdminSiteAnswer; urlEndpoint: string }) {
  const { mutateAsync: save } = useSaveSite();
  return (
    <FormCard>
      <Form<SiteFormValues, SiteFormOutput>
        schema={SiteForm}
        aria-label={SITE_SETTINGS_TITLE}
        submitLabel="Save"
        defaultValues={{
          siteName: site.siteName,
          logo: logoPathOf(site.logoUrl, urlEndpoint),
          accentColor: site.accentColor,
          senderName: site.senderName,
          senderAddress: site.senderAddress,
          termsMarkdown: site.termsMarkdown,
          privacyMarkdown: site.privacyMarkdown,
          contactMarkdown: site.contactMarkdown,
          membersMayBecomeFacilitators: site.membersMayBecomeFacilitators,
          newAccountDays: site.newAccountDays,
          newAccountPostsPerHour: site.newAccountPostsPerHour,
          newAccountMessagesPerHour: site.newAccountMessagesPerHour,
          reportHideThreshold: site.reportHideThreshold ?? 3,
          crisisResources: site.crisisResources ?? '',
        }}
        onSubmit={({ logo, ...values }) => save({ ...values, logoUrl: logoUrlOf(logo, urlEndpoint) })}
        onSuccess={() => void toast.success(SAVED_TEXT)}
      >
        <fieldset className="space-y-5">
          <legend className="text-base font-semibold text-stone-900">Brand</legend>
          <InputField
            name="siteName"
            label="Site name"
            required
            maxLength={SITE_NAME_MAX}
            autoComplete="off"
            description="Shown in the header, in every page title and in emails."
          />
          <ImageField
            name="logo"
            label="Logo"
            description={
              'Shown beside the site name in the header and at the top of emails. ' +
              'A square or wide image, at least 64 px high.'
            }
          />
          <AccentColorField
            name="accentColor"
            label="Accent colour"
            description={
              'Buttons, links and focus rings, on the site and in emails. ' +
              'White text on it needs a contrast of at least 4.5:1.'
            }
          />
        </fieldset>

        <fieldset className="space-y-5 border-t border-stone-200 pt-5">
          <legend className="float-left mb-1 w-full text-base font-semibold text-stone-900">Email sender</legend>
          <InputField
            name="senderName"
            label="Sender name"
            maxLength={SENDER_NAME_MAX}
            autoComplete="off"
            className="clear-both"
            description="The name emails come from. Leave empty to use the site name."
          />
          <InputField
            name="senderAddress"
            label="Sender address"
            type="email"
            autoComplete="off"
            description={
              'The address emails come from; your mail server must be allowed to send for it. ' +
              "Leave empty for the server's own address."
            }
          />
        </fieldset>

        <fieldset className="space-y-5 border-t border-stone-200 pt-5">
          <legend className="float-left mb-1 w-full text-base font-semibold text-stone-900">Facilitators</legend>
          <CheckboxField
            name="membersMayBecomeFacilitators"
            label="Members may become facilitators"
            description="A member can turn their account into a facilitator's from Settings. When off, only an admin makes facilitators."
          />
        </fieldset>

        <fieldset className="space-y-5 border-t border-stone-200 pt-5">
          <legend className="float-left mb-1 w-full text-base font-semibold text-stone-900">New accounts</legend>
          <p className="clear-both text-sm text-stone-600">
            New accounts post and message more slowly, and can't send links or images to someone who hasn't written to
            them yet. Admins are never limited.
          </p>
          <InputField
            name="newAccountDays"
            label="Days an account counts as new"
            type="number"
            inputMode="numeric"
            min={0}
            max={90}
            description="0 turns these limits off."
          />
          <InputField
            name="newAccountPostsPerHour"
            label="Posts and comments an hour"
            type="number"
            inputMode="numeric"
            min={1}
          />
          <InputField
            name="newAccountMessagesPerHour"
            label="Direct messages an hour"
            type="number"
            inputMode="numeric"
            min={1}
          />
        </fieldset>

        <fieldset className="space-y-5 border-t border-stone-200 pt-5">
          <legend className="float-left mb-1 w-full text-base font-semibold text-stone-900">Safety</legend>
          <InputField
            className="clear-both"
            name="reportHideThreshold"
            label="Reports that hide an item"
            type="number"
            description="When this many different members report a post, comment or message, it is hidden until a moderator reviews it."
          />
          <TextareaField
            name="crisisResources"
            label="Crisis resources"
            maxLength={CRISIS_RESOURCES_MAX}
            description="Shown to a member who reports that someone may harm themselves: helpline numbers and where to get help now."
          />
        </fieldset>

        <fieldset className="space-y-6 border-t border-stone-200 pt-5">
          <legend className="float-left mb-1 w-full text-base font-semibold text-stone-900">Pages</legend>
          {PAGES.map((page) => (
            <div key={page.name} className="clear-both">
              <MarkdownField name={page.name} label={page.label} builtIn={page.label} />
              <Link
                to={page.to}
                target="_blank"
                className="mt-2 inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 underline"
              >
                Open the saved {page.label}
                <ArrowTopRightOnSquareIcon className="size-4" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </Link>
            </div>
          ))}
        </fieldset>
      </Form>
    </FormCard>
  );
}

function SettingsSkeleton() {
  return (
    <FormCard>
      <Skeleton label="Loading site settings…">
        <div className="space-y-6">
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="space-y-2">
              <div className={`h-4 w-28 ${skeletonBlock}`} />
              <div className={`h-10 w-full ${skeletonBlock}`} />
            </div>
          ))}
          <div className={`h-40 w-full ${skeletonBlock}`} />
        </div>
      </Skeleton>
    </FormCard>
  );
}
