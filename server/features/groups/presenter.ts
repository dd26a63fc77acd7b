import type { GroupAnswer, MembershipAnswer } from '../../../common/groups/schemas';
import type { Group, memberships, tags } from '../../db/schema';

type Membership = typeof memberships.$inferSelect;

/** A group row as groups/queries.ts reads it: the group, its owner, counts and the viewer's membership. */
export type GroupRow = {
  group: Group;
  owner: { id: string; name: string; profilePicture: string | null };
  members: number;
  tags: string[] | null;
  mine: string | null;
};

/** A group as lists and pages show it to `viewerId`. */
export const presentGroup = ({ group: g, owner, members, tags, mine }: GroupRow, viewerId: string): GroupAnswer => ({
  _id: g.id,
  name: g.name,
  description: g.description,
  category: g.category,
  coverPhoto: g.coverPhoto,
  thumbnail: g.thumbnail,
  owner: { _id: owner.id, name: owner.name, profilePicture: owner.profilePicture },
  members: Number(members),
  isPrivate: g.isPrivate,
  isHidden: g.isHidden,
  allowAnonymous: g.allowAnonymous,
  memberCap: g.memberCap,
  tags: tags ?? [],
  membershipStatus: (mine ?? 'none') as GroupAnswer['membershipStatus'],
  isOwner: g.ownerId === viewerId,
  isFull: g.memberCap !== null && Number(members) >= g.memberCap,
});

export const presentMembership = (m: Pick<Membership, 'id' | 'status'>): MembershipAnswer => ({
  _id: m.id,
  status: m.status,
});

export const presentRequest = ({
  membership: m,
  user,
}: {
  membership: Membership;
  user: { id: string; name: string; email: string };
}) => ({
  _id: m.id,
  user: { _id: user.id, name: user.name, email: user.email },
  status: m.status,
  requestText: m.requestText,
});

export const presentTag = (t: Pick<typeof tags.$inferSelect, 'id' | 'text'>) => ({ _id: t.id, text: t.text });
