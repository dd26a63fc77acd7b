import { memberships } from '../../db/schema';
import { buildFacilitator, buildGroup, buildTier, buildUser } from '../../test/factories';
import { call, type TestApp } from '../../test/harness';

type Person = Awaited<ReturnType<typeof buildUser>>;

/**
 * A group with everyone the moderation tests need: its owner; a facilitator whose tier is linked
 * to it; approved members (the author among them); an appointed moderator; a moderator of another
 * group; an admin. The author has one post in the group.
 */
export async function moderationScene(t: TestApp) {
  const approve = async (groupId: string, p: Person) =>
    t.db.insert(memberships).values({ groupId, userId: p.user.id, status: 'approved' });
  const owner = await buildUser(t.db);
  const group = await buildGroup(t.db, owner.user.id, { name: 'Quiet Pond' });
  await approve(group.id, owner);
  const facilitator = await buildFacilitator(t.db);
  await buildTier(t.db, facilitator.user.id, { associatedGroupId: group.id });
  const [author, member, moderator, reporter2, reporter3] = await Promise.all([
    buildUser(t.db),
    buildUser(t.db),
    buildUser(t.db),
    buildUser(t.db),
    buildUser(t.db),
  ]);
  for (const p of [author, member, moderator, reporter2, reporter3]) await approve(group.id, p);
  const otherOwner = await buildUser(t.db);
  const otherGroup = await buildGroup(t.db, otherOwner.user.id, { name: 'Other' });
  const otherModerator = await buildUser(t.db);
  await approve(otherGroup.id, otherModerator);
  await approve(group.id, otherModerator);
  const admin = await buildUser(t.db, { isAdmin: true });
  const appoint = async (by: Person, groupId: string, who: Person) => {
    const res = await call(t.app, 'POST', `/api/app/group/${groupId}/moderators`, { userId: who.user.id }, by.token);
    if (res.statusCode !== 200) throw new Error(`appoint: ${res.statusCode} ${res.body}`);
  };
  await appoint(owner, group.id, moderator);
  await appoint(otherOwner, otherGroup.id, otherModerator);
  const post = await postIn(t, author, group.id, 'A post someone will report');
  return {
    owner,
    group,
    facilitator,
    author,
    member,
    moderator,
    reporter2,
    reporter3,
    otherModerator,
    otherGroup,
    admin,
    post,
  };
}

export async function postIn(t: TestApp, author: Person, groupId: string | null, text: string): Promise<string> {
  const res = await call(
    t.app,
    'POST',
    '/api/app/post',
    { text, ...(groupId ? { group: groupId } : {}) },
    author.token,
  );
  if (res.statusCode !== 200) throw new Error(`post: ${res.statusCode} ${res.body}`);
  return res.json()._id;
}

export const report = (t: TestApp, who: Person, targetType: string, targetId: string, reason = 'spam', note = '') =>
  call(t.app, 'POST', '/api/app/report', { targetType, targetId, reason, note }, who.token);
