import { DEFAULT_BRAND } from './brand';
import { z } from 'zod';
import { HEX_COLOR } from './colors';
import { withThousands } from '../thousands';
import { SiteAnswer } from './site-answer';
export { SiteAnswer } from './site-answer';

/**
 * Site settings: the brand (name, logo, accent colour, sender of mails) and the
 * Terms, Privacy and Contact pages in Markdown. Admins edit them (GET/POST admin/site); everyone
 * reads the brand (GET site) and the pages (GET site/page/{name}).
 */
export const SITE_NAME_MAX = 60;
export const SENDER_NAME_MAX = 60;
/** A page's Markdown, in characters. */
export const PAGE_MARKDOWN_MAX = 50_000;
/** The crisis resources text, in characters. */
export const CRISIS_RESOURCES_MAX = 4_000;

/** The three pages an admin writes, by the name their call uses. */
export const SITE_PAGES = ['terms', 'privacy', 'contact'] as const;
export const SitePageName = z.enum(SITE_PAGES);
export type SitePageName = z.infer<typeof SitePageName>;

// a name goes into mail headers (From) and titles: one line, no control characters
const oneLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, `${label} must be one line of text`);

const Markdown = z.string().max(PAGE_MARKDOWN_MAX, `At most ${withThousands(PAGE_MARKDOWN_MAX)} characters`);

const EmailOrEmpty = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'At most 254 characters')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address, or leave it empty');

/** POST admin/site: every setting at once (the form shows them all). */
export const SaveSiteRequest = z.object({
  siteName: oneLine('The site name', SITE_NAME_MAX).min(1, 'Site name is required'),
  /** an image uploaded through the image host (its URL), or '' for none */
  logoUrl: z.string().trim().max(500, 'At most 500 characters'),
  /** '#rrggbb'; white text on it must reach 4.5:1 (checked by the server: accent_color_low_contrast) */
  accentColor: z
    .string()
    .trim()
    .regex(HEX_COLOR, 'Enter a colour as # and six hex digits, e.g. #15803d')
    .transform((v) => v.toLowerCase()),
  senderName: oneLine('The sender name', SENDER_NAME_MAX),
  senderAddress: EmailOrEmpty,
  termsMarkdown: Markdown,
  privacyMarkdown: Markdown,
  contactMarkdown: Markdown,
  /** a signed-in member may become a facilitator from Settings; absent keeps the current choice (on by default) */
  membersMayBecomeFacilitators: z.boolean().optional(),
  /** New-account brakes: how many days an account counts as new (0 turns the brakes off); absent keeps the current value */
  newAccountDays: z.coerce.number().int('Whole days').min(0, 'At least 0').max(90, 'At most 90 days').optional(),
  /** posts and comments a new account may write an hour */
  newAccountPostsPerHour: z.coerce
    .number()
    .int('A whole number')
    .min(1, 'At least 1')
    .max(1000, 'At most 1,000')
    .optional(),
  /** direct messages a new account may send an hour */
  newAccountMessagesPerHour: z.coerce
    .number()
    .int('A whole number')
    .min(1, 'At least 1')
    .max(1000, 'At most 1,000')
    .optional(),
  /** distinct members whose reports hide an item pending review; absent keeps the current value (3 by default) */
  reportHideThreshold: z.coerce.number().int().min(1, 'At least 1').max(100, 'At most 100').optional(),
  /** shown to a member who reports that someone may harm themselves; absent keeps the current text */
  crisisResources: z
    .string()
    .trim()
    .max(CRISIS_RESOURCES_MAX, `At most ${withThousands(CRISIS_RESOURCES_MAX)} characters`)
    .optional(),
});
export type SaveSiteRequest = z.input<typeof SaveSiteRequest>;
export type SaveSiteValues = z.output<typeof SaveSiteRequest>;

/** The settings of an install nobody has set up (the migration's defaults): 'Tend', no pages. */
export const DEFAULT_SITE_SETTINGS = {
  ...DEFAULT_BRAND,
  termsMarkdown: '',
  privacyMarkdown: '',
  contactMarkdown: '',
  membersMayBecomeFacilitators: true,
  newAccountDays: 3,
  newAccountPostsPerHour: 5,
  newAccountMessagesPerHour: 10,
} satisfies SaveSiteValues;

/** GET admin/site and the answer of POST admin/site: everything the form edits. */
export const AdminSiteAnswer = z.object({
  ...SiteAnswer.shape,
  senderName: z.string(),
  senderAddress: z.string(),
  termsMarkdown: z.string(),
  privacyMarkdown: z.string(),
  contactMarkdown: z.string(),
  membersMayBecomeFacilitators: z.boolean(),
  newAccountDays: z.number().int(),
  newAccountPostsPerHour: z.number().int(),
  newAccountMessagesPerHour: z.number().int(),
  reportHideThreshold: z.number().int().optional(),
  crisisResources: z.string().optional(),
  updatedAt: z.string(),
});
export type AdminSiteAnswer = z.infer<typeof AdminSiteAnswer>;

export const SitePageParams = z.object({ name: SitePageName });

/** GET site/page/{name}: the admin's Markdown, '' when none was written (the built-in text shows). */
export const SitePageAnswer = z.object({ name: SitePageName, markdown: z.string() });
export type SitePageAnswer = z.infer<typeof SitePageAnswer>;
