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

export const NotificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  /** keyset cursor: the createdAt and _id of the last notification already shown */
  before: z.iso.datetime({ offset: true }).optional(),
  beforeId: z.string().uuid().optional(),
});

export const NotificationIdParams = z.object({ id: z.string().uuid('Invalid id') });
