import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of the site settings calls and the text shown for each (see common/errors.ts). */
export const SITE_ERRORS = {
  accent_color_low_contrast:
    'White text on this accent colour is hard to read. Choose a darker colour (contrast of at least 4.5:1).',
  logo_not_uploaded: 'Upload the logo here; a link to an image elsewhere is not accepted.',
  site_page_not_found: 'There is no such page.',
} as const satisfies ErrorCatalogue;
