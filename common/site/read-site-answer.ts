import type { SiteAnswer } from './site-answer';

// GET site read without zod: every page paints the brand, /login included, and the signed-out
// pages load no zod (issue 19 item 7). site-answer.ts holds the schema the server answers with;
// read-site-answer.test.ts holds the two to the same answers.

const FIELDS = ['siteName', 'logoUrl', 'accentColor'] as const;

/** The brand as SiteAnswer.safeParse reads it (other fields dropped), or undefined where it fails. */
export function readSiteAnswer(answer: unknown): SiteAnswer | undefined {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return undefined;
  const fields = answer as Record<string, unknown>;
  if (!FIELDS.every((field) => typeof fields[field] === 'string')) return undefined;
  return { siteName: fields.siteName, logoUrl: fields.logoUrl, accentColor: fields.accentColor } as SiteAnswer;
}
