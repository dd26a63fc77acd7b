import { and, count, desc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  groupModerators,
  groups,
  memberships,
  moderationActions,
  moderationCases,
  moderationWarnings,
  posts,
  reports,
  tiers,
  users,
} from '../../db/schema';

/** How many queue items and log lines a queue page shows. */
export const QUEUE_LIMIT = 50;
export const LOG_LIMIT = 50;

export const findCase = async (db: Executor, id: string) =>
  (await db.select().from(moderationCases).where(eq(moderationCases.id, id)))[0];

/** Open queue items, oldest first (a group's, or every one for the site queue). */
export const openCases = (db: Executor, groupId: string | null) =>
  db
    .select()
    .from(moderationCases)
    .where(and(eq(moderationCases.status, 'open'), groupId ? eq(moderationCases.groupId, groupId) : undefined))
    .orderBy(moderationCases.createdAt)
    .limit(QUEUE_LIMIT);

const person = { _id: users.id, name: users.name, username: users.username };

export const reportsOf = (db: Executor, caseId: string) =>
  db
    .select({ report: reports, reporter: person })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.caseId, caseId))
    .orderBy(reports.createdAt);

/** The author's history: who they are, how long here, their posts, earlier reports against them. */
export async function authorHistory(db: Executor, authorId: string, caseId: string) {
  const [[author], [postCount], [reportCount]] = await Promise.all([
    db
      .select({ ...person, createdAt: users.createdAt, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, authorId)),
    db.select({ n: count() }).from(posts).where(eq(posts.userId, authorId)),
    db
      .select({ n: count() })
      .from(reports)
      .innerJoin(moderationCases, eq(moderationCases.id, reports.caseId))
      .where(and(eq(moderationCases.authorId, authorId), ne(reports.caseId, caseId))),
  ]);
  const earlier = await logRows(
    db,
    and(eq(moderationActions.subjectId, authorId), ne(moderationActions.caseId, caseId)),
    10,
  );
  return { author: author!, posts: postCount!.n, earlierReports: reportCount!.n, earlierActions: earlier };
}

const actor = alias(users, 'actor');
const subject = alias(users, 'subject');

/** Log lines, newest first. */
export const logRows = (db: Executor, where: SQL | undefined, limit = LOG_LIMIT) =>
  db
    .select({
      entry: moderationActions,
      actor: { _id: actor.id, name: actor.name, username: actor.username },
      subject: { _id: subject.id, name: subject.name, username: subject.username },
      group: { _id: groups.id, name: groups.name },
    })
    .from(moderationActions)
    .leftJoin(actor, eq(actor.id, moderationActions.actorId))
    .leftJoin(subject, eq(subject.id, moderationActions.subjectId))
    .leftJoin(groups, eq(groups.id, moderationActions.groupId))
    .where(where)
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit);
export type LogRow = Awaited<ReturnType<typeof logRows>>[number];

export const groupName = async (db: Executor, id: string | null) =>
  id
    ? ((await db.select({ _id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, id)))[0] ?? null)
    : null;

export const moderatorsOf = (db: Executor, groupId: string) =>
  db
    .select({ ...person, since: groupModerators.createdAt })
    .from(groupModerators)
    .innerJoin(users, eq(users.id, groupModerators.userId))
    .where(eq(groupModerators.groupId, groupId))
    .orderBy(users.name);

/** The group's approved members (the owner included), who could be appointed. */
export const approvedMembersOf = (db: Executor, groupId: string) =>
  db
    .select(person)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.groupId, groupId), eq(memberships.status, 'approved')))
    .orderBy(users.name)
    .limit(500);

export const isApprovedMember = async (db: Executor, groupId: string, userId: string) =>
  (
    await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId), eq(memberships.status, 'approved')))
  ).length > 0;

/** The groups a member moderates, owns, or runs through a tier: the queues they may open (policy canReviewGroup). */
export const reviewableGroups = (db: Executor, userId: string) =>
  db
    .selectDistinct({ _id: groups.id, name: groups.name })
    .from(groups)
    .where(
      or(
        eq(groups.ownerId, userId),
        inArray(
          groups.id,
          db.select({ id: groupModerators.groupId }).from(groupModerators).where(eq(groupModerators.userId, userId)),
        ),
        inArray(groups.id, db.select({ id: tiers.associatedGroupId }).from(tiers).where(eq(tiers.userId, userId))),
      ),
    )
    .orderBy(groups.name);

export const openWarnings = (db: Executor, userId: string) =>
  db
    .select({ warning: moderationWarnings, group: { _id: groups.id, name: groups.name } })
    .from(moderationWarnings)
    .leftJoin(groups, eq(groups.id, moderationWarnings.groupId))
    .where(and(eq(moderationWarnings.userId, userId), isNull(moderationWarnings.acknowledgedAt)))
    .orderBy(moderationWarnings.createdAt);
