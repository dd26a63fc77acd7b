import { z } from 'zod';

/** What anyone may see of a facilitator (spec 02 §3): never email, hashes, provider ids or tokens. */
export const PublicProfileAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  bio: z.string(),
  facilitatorCategory: z.string(),
  profilePicture: z.string().nullable(),
  isFacilitator: z.boolean(),
  dateJoined: z.string(),
});
export type PublicProfileAnswer = z.infer<typeof PublicProfileAnswer>;
