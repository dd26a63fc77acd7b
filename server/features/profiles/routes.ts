import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { IdParams } from '../../../common/params';
import {
  DeleteAccountRequest,
  ExploreQuery,
  UpdateProfileRequest,
  type PublicProfileAnswer,
} from '../../../common/profiles/schemas';
import { presentOwnProfile, updateAccount } from '../auth/account';
import { deleteAccount } from './account-data';
import { exportAccount } from './account-export';
import { FeedQuery } from '../../../common/posts/schemas';
import { groups, memberships, tiers, users, type User } from '../../db/schema';
import { selectGroups } from '../groups/queries';
import { authorPostsPage } from '../posts/queries';
import { mayMessage } from '../messages/policy';
import { badRequest, notFound } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { presentTier } from '../tiers/presenter';

/** LIKE pattern matching `q` literally: `%`, `_` and `\` match themselves. */
const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A facilitator's name or username (users_name_trgm_idx, migration 0023). */
const nameMatches = (p: string): SQL => sql`lower(${users.name} || ' ' || ${users.username}) like ${p}`;

/**
 * Name or username, category, bio, or a published tier's name or description (the pg_trgm
 * indexes of migrations 0009 and 0023).
 */
const facilitatorMatches = (p: string): SQL =>
  sql`(${nameMatches(p)} or lower(${users.facilitatorCategory}) like ${p} or lower(${users.bio}) like ${p}
    or exists (select 1 from ${tiers} t where t.user_id = ${users.id} and t.published and lower(t.name || ' ' || t.description) like ${p}))`;

/** Explore's order: people whose name matches the search first (0), then the rest (1); by name within each. */
const nameRank = (p: string | undefined): SQL<number> =>
  p ? sql<number>`(case when ${nameMatches(p)} then 0 else 1 end)` : sql<number>`(0)::int`;

type NameCursor = { rank: number; name: string; id: string };
const encodeNameCursor = (c: NameCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
const decodeNameCursor = (cursor: string | undefined): NameCursor | undefined => {
  if (!cursor) return undefined;
  try {
    const {
      rank = 0,
      name,
      id,
    } = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { rank?: unknown; name: unknown; id: unknown };
    if ((rank === 0 || rank === 1) && typeof name === 'string' && typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id))
      return { rank, name, id };
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
};

export const presentPublicProfile = (u: User): PublicProfileAnswer => ({
  _id: u.id,
  name: u.name,
  username: u.username,
  bio: u.bio,
  facilitatorCategory: u.facilitatorCategory,
  profilePicture: u.profilePicture,
  isFacilitator: u.isFacilitator,
  dateJoined: u.createdAt.toISOString(),
});

/** spec 02 §7 Profile: GET app/facilitator/{id} and /{id}/tiers (published plans only). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const findFacilitator = async (id: string) => {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.isFacilitator, true)))
      .limit(1);
    if (!user) throw notFound('Facilitator not found');
    return user;
  };

  /** Explore (spec 02 §2): facilitators, those named like the search first, searched on the server with trigram indexes. */
  app.get('/app/facilitators', { schema: { querystring: ExploreQuery } }, async (req) => {
    requireUser(req);
    const { search, cursor, limit } = req.query;
    const after = decodeNameCursor(cursor);
    const pattern = search ? containsPattern(search) : undefined;
    const rank = nameRank(pattern);
    const rows = await db
      .select({
        _id: users.id,
        name: users.name,
        profilePicture: users.profilePicture,
        facilitatorCategory: users.facilitatorCategory,
        rank,
      })
      .from(users)
      .where(
        and(
          eq(users.isFacilitator, true),
          pattern ? facilitatorMatches(pattern) : undefined,
          after
            ? sql`(${rank}, ${users.name}, ${users.id}) > (${after.rank}, ${after.name}, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(...(pattern ? [asc(rank)] : []), asc(users.name), asc(users.id))
      .limit(limit + 1);
    const more = rows.length > limit;
    const shown = more ? rows.slice(0, limit) : rows;
    const last = shown[shown.length - 1];
    return {
      facilitators: shown.map(({ rank: _rank, ...card }) => card),
      next: more && last ? encodeNameCursor({ rank: Number(last.rank), name: last.name, id: last._id }) : null,
    };
  });

  const userExists = async (id: string) => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw notFound('User not found');
    return row.id;
  };
  const ownedGroups = (viewer: User, ownerId: string) =>
    selectGroups(
      db,
      viewer.id,
      and(
        eq(groups.ownerId, ownerId),
        viewer.id === ownerId || viewer.isAdmin ? undefined : eq(groups.isHidden, false),
      ),
    );

  /** Settings (spec 02 §2): my account, and saving the settings form. */
  app.get('/app/profile', async (req) => presentOwnProfile(requireUser(req)));

  app.post('/app/profile', { schema: { body: UpdateProfileRequest } }, async (req) =>
    presentOwnProfile(await updateAccount(app.ctx, requireUser(req), req.sessionTokenHash, req.body)),
  );

  /** Download my data (issue 7 §4): a JSON file. */
  app.get('/app/account/export', async (req, reply) => {
    const user = requireUser(req);
    reply.header(
      'content-disposition',
      `attachment; filename="tend-${user.username}-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    return exportAccount(app.ctx, user);
  });

  /** Delete my account (issue 7 §4), confirmed with my password. */
  app.post('/app/account/delete', { schema: { body: DeleteAccountRequest } }, async (req) => {
    await deleteAccount(app.ctx, requireUser(req), req.body.password);
    return { deleted: true };
  });

  /** The profile tabs of spec 02 §2, for me (…/own/…) and for anyone (…/{id}/…). */
  app.get('/app/facilitator/own', async (req) => presentPublicProfile(requireUser(req)));

  app.get('/app/facilitator/own/tiers', async (req) => {
    const me = requireUser(req);
    return (await db.select().from(tiers).where(eq(tiers.userId, me.id)).orderBy(asc(tiers.createdAt))).map(
      presentTier,
    );
  });

  app.get('/app/facilitator/own/posts', { schema: { querystring: FeedQuery } }, async (req) =>
    authorPostsPage(db, requireUser(req), requireUser(req).id, req.query.cursor, req.query.limit),
  );

  app.get('/app/facilitator/own/groups', async (req) => {
    const me = requireUser(req);
    return ownedGroups(me, me.id);
  });

  /** Groups I belong to (approved) without owning them. */
  app.get('/app/facilitator/own/in-groups', async (req) => {
    const me = requireUser(req);
    return selectGroups(
      db,
      me.id,
      and(
        ne(groups.ownerId, me.id),
        sql`exists (select 1 from ${memberships} m where m.group_id = ${groups.id} and m.user_id = ${me.id} and m.status = 'approved')`,
      ),
    );
  });

  app.get('/app/facilitator/:id/posts', { schema: { params: IdParams, querystring: FeedQuery } }, async (req) => {
    const viewer = requireUser(req);
    return authorPostsPage(db, viewer, await userExists(req.params.id), req.query.cursor, req.query.limit);
  });

  /** Groups someone owns; hidden ones only for the owner (and admins), spec 02 §6. */
  app.get('/app/facilitator/:id/groups', { schema: { params: IdParams } }, async (req) => {
    const viewer = requireUser(req);
    return ownedGroups(viewer, await userExists(req.params.id));
  });

  app.get('/app/facilitator/:id', { schema: { params: IdParams } }, async (req) => {
    const viewer = requireUser(req);
    const [user] = await db.select().from(users).where(eq(users.id, req.params.id)).limit(1);
    if (!user) throw notFound('User not found');
    // every member has a profile (post authors link to it); Plans and Sessions are for facilitators
    return { ...presentPublicProfile(user), canMessage: await mayMessage(db, viewer.id, user.id) };
  });

  app.get('/app/facilitator/:id/tiers', { schema: { params: IdParams } }, async (req) => {
    const viewer = requireUser(req);
    const owner = await findFacilitator(req.params.id);
    const isOwner = viewer.id === owner.id || viewer.isAdmin;
    const rows = await db
      .select()
      .from(tiers)
      .where(isOwner ? eq(tiers.userId, owner.id) : and(eq(tiers.userId, owner.id), eq(tiers.published, true)))
      .orderBy(asc(tiers.createdAt));
    // the queue is the owner's business; others see the plan, not its contents
    return rows.map((t) => (isOwner ? presentTier(t) : { ...presentTier(t), contentQueue: [] }));
  });
};
