import { z } from 'zod';

export const NotificationAnswer = z.object({
  _id: z.string(),
  message: z.string(),
  link: z.string(),
  viewed: z.boolean(),
  createdAt: z.string(),
});
export type NotificationAnswer = z.infer<typeof NotificationAnswer>;
export const NotificationListAnswer = z.array(NotificationAnswer);

/**
 * GET app/notifications?limit=&cursor=: newest first; the `next-cursor` response header is the
 * `cursor` of the following page (absent at the end).
 */
export const NotificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  cursor: z.string().max(300).optional(),
});

export const NotificationIdParams = z.object({ id: z.string().uuid('Invalid id') });
/** GET app/notifications/view-all and view/{id}. */
export const NotificationStatusAnswer = z.object({ status: z.literal('ok') });
