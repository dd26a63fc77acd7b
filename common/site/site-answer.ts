import * as z from 'zod/mini';

/**
 * GET site: the brand everyone sees (public, cached by the web app). Every page reads it, so it
 * is written with zod/mini: the signed-out pages load no full zod.
 */
export const SiteAnswer = z.object({
  siteName: z.string(),
  logoUrl: z.string(),
  accentColor: z.string(),
});
export type SiteAnswer = z.infer<typeof SiteAnswer>;
