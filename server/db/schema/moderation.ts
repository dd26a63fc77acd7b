import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MODERATION_ACTION_TYPES, REPORT_REASON_VALUES, REPORT_TARGET_TYPES } from '../../../common/moderation/schemas';
import { createdAt, userRef } from './columns';
import { groups } from './groups';
import { users } from './users';

/** What a member may report (a post, a comment, a direct message or a profile), why, and what moderators do. */
export const REPORT_TARGETS = REPORT_TARGET_TYPES;
export const REPORT_REASONS = REPORT_REASON_VALUES;
/** the moderators' actions, and the hiding the site does at the report threshold */
export const MODERATION_ACTIONS = ['auto_hide', ...MODERATION_ACTION_TYPES] as const;

/**
 * A review-queue item: one reported thing. At most one open case per item (the partial unique
 * index), so reports arriving at once all join the same case.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** the group a post or comment is in; null for the inspiration feed, messages and profiles (admins) */
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** set once, by the report that reached the site's threshold (a conditional update) */
    hiddenByReportsAt: timestamp('hidden_by_reports_at', { withTimezone: true }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('moderation_cases_open_target_idx').on(t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('moderation_cases_group_idx').on(t.groupId, t.status, t.createdAt),
    index('moderation_cases_author_idx').on(t.authorId),
  ],
);
export type ModerationCase = typeof moderationCases.$inferSelect;

/** One member's report of one item: once per member and item (unique). */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    reporterId: userRef('reporter_id'),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** what the review decided, as told to the reporter */
    outcome: text('outcome'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_idx').on(t.reporterId, t.targetType, t.targetId),
    index('reports_case_idx').on(t.caseId),
  ],
);
export type Report = typeof reports.$inferSelect;

/** A member a group's owner (or its tier's facilitator, or an admin) made a moderator of the group. */
export const groupModerators = pgTable(
  'group_moderators',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userRef(),
    appointedBy: uuid('appointed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_moderators_user_idx').on(t.userId)],
);

/** The moderation log: who did what to whom, when and why. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id').references(() => moderationCases.id, { onDelete: 'set null' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** null: the site itself (content hidden by reaching the report threshold) */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: uuid('target_id').notNull(),
    subjectId: uuid('subject_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_group_idx').on(t.groupId, t.createdAt),
    index('moderation_actions_subject_idx').on(t.subjectId),
    index('moderation_actions_created_idx').on(t.createdAt),
  ],
);

/** A moderator's warning; shown to the member until they acknowledge it. */
export const moderationWarnings = pgTable(
  'moderation_warnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [index('moderation_warnings_user_idx').on(t.userId, t.acknowledgedAt)],
);

/** A member muted in a group until a time: no posts or comments there until then. */
export const groupMutes = pgTable(
  'group_mutes',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userRef(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    days: integer('days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_mutes_user_idx').on(t.userId)],
);
