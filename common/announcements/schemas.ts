import { z } from 'zod';
import { Id } from '../params';

/** What a facilitator may write to their members. */
export const ANNOUNCEMENT_LIMITS = { subject: 150, body: 20_000, perDay: 10, testsPerDay: 30 } as const;

const Subject = z
  .string()
  .trim()
  .min(1, 'Write a subject')
  .max(ANNOUNCEMENT_LIMITS.subject, `At most ${ANNOUNCEMENT_LIMITS.subject} characters`);
const Body = z
  .string()
  .min(1, 'Write the announcement')
  .max(ANNOUNCEMENT_LIMITS.body, `At most ${ANNOUNCEMENT_LIMITS.body} characters`)
  .refine((s) => s.trim().length > 0, 'Write the announcement');

/**
 * POST app/announcement (send) and POST app/announcement/test (only to me): `tierId` null is the
 * members of every one of my plans; the body is Markdown.
 */
export const AnnouncementRequest = z.object({
  tierId: Id.nullable(),
  subject: Subject,
  body: Body,
});
export type AnnouncementRequest = z.infer<typeof AnnouncementRequest>;

/** POST app/announcement/preview: the mail as a member would get it, as HTML. */
export const AnnouncementPreviewRequest = AnnouncementRequest.extend({ tierId: Id.nullable().default(null) });
export const AnnouncementPreviewAnswer = z.object({ html: z.string(), text: z.string() });
export type AnnouncementPreviewAnswer = z.infer<typeof AnnouncementPreviewAnswer>;

export const AnnouncementAnswer = z.object({
  _id: z.string(),
  /** null: every plan */
  tierId: z.string().nullable(),
  /** the plan's name when it was one plan and it still exists */
  tierName: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  /** the members it went to (as a notification; as a mail unless they turned announcements off) */
  recipientCount: z.number().int(),
  createdAt: z.string(),
});
export type AnnouncementAnswer = z.infer<typeof AnnouncementAnswer>;

/** GET app/announcement?limit=&cursor=: mine, newest first; the `next-cursor` header pages on. */
export const AnnouncementListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(300).optional(),
});
export const AnnouncementListAnswer = z.array(AnnouncementAnswer);

/** POST app/announcement/test: where the test went. */
export const AnnouncementTestAnswer = z.object({ sentTo: z.string() });

/** GET app/announcement/audience: my plans and how many members each reaches now; `all` counts each member once. */
export const AnnouncementAudienceAnswer = z.object({
  all: z.number().int(),
  tiers: z.array(z.object({ _id: z.string(), name: z.string(), recipientCount: z.number().int() })),
});
export type AnnouncementAudienceAnswer = z.infer<typeof AnnouncementAudienceAnswer>;
