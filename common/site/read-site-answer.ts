import { isRecord } from '../is-record';
import type { SiteAnswer } from './site-answer';

// GET site read without zod: every page paints the brand, /login included, and the signed-out
// pages load no zod. site-answer.ts holds the schema the server answers with;
// read-site-answer.test.ts holds the two to the same answers.

const FIELDS = ['siteName', 'logoUrl', 'accentColor'] as const;

/** The brand as SiteAnswer.safeParse reads it (other fields dropped), or undefined where it fails. */
export function readSiteAnswer(answer: unknown): SiteAnswer | undefined {
  if (!isRecord(answer) || !FIELDS.every((field) => typeof answer[field] === 'string')) return undefined;
  return { siteName: answer.siteName, logoUrl: answer.logoUrl, accentColor: answer.accentColor } as SiteAnswer;
}
