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
  /** GET app/facilitator/{id} only: whether the viewer may message this person (the profile's message icon) */
  canMessage: z.boolean().optional(),
});
export type PublicProfileAnswer = z.infer<typeof PublicProfileAnswer>;

// spec 02 §2 Explore, §7 GET app/facilitators
export const EXPLORE_PAGE_SIZE = 24;

/** A facilitator's card on Explore: picture or initial, name, category. */
export const FacilitatorCard = z.object({
  _id: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  facilitatorCategory: z.string(),
});
export type FacilitatorCard = z.infer<typeof FacilitatorCard>;

/**
 * GET app/facilitators?search=&cursor=: facilitators by name; `search` matches category, bio or a
 * published tier's name or description, case-insensitively and literally (`%`, `_` match themselves).
 */
export const ExploreQuery = z.object({
  search: z.string().trim().max(100).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(EXPLORE_PAGE_SIZE),
});
export const ExploreAnswer = z.object({ facilitators: z.array(FacilitatorCard), next: z.string().nullable() });
export type ExploreAnswer = z.infer<typeof ExploreAnswer>;
