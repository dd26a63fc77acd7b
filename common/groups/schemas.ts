import { z } from 'zod';

/** A group as the owner's own lists show it (spec 02 §3 Group, the fields known so far). */
export const OwnGroupAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  coverPhoto: z.string().nullable(),
  thumbnail: z.string().nullable(),
  isPrivate: z.boolean(),
  isHidden: z.boolean(),
  memberCap: z.number().int().nullable(),
});
export type OwnGroupAnswer = z.infer<typeof OwnGroupAnswer>;
