import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';
import { tiers } from './program';

/**
 * The site's brand and its Terms, Privacy and Contact pages: one row (id 1), made
 * by the migration; every value starts as the default 'Tend' install.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    siteName: text('site_name').notNull().default('Tend'),
    logoUrl: text('logo_url').notNull().default(''),
    accentColor: text('accent_color').notNull().default('#15803d'),
    senderName: text('sender_name').notNull().default(''),
    senderAddress: text('sender_address').notNull().default(''),
    termsMarkdown: text('terms_markdown').notNull().default(''),
    privacyMarkdown: text('privacy_markdown').notNull().default(''),
    contactMarkdown: text('contact_markdown').notNull().default(''),
    /** a signed-in member may turn themselves into a facilitator from Settings */
    membersMayBecomeFacilitators: boolean('members_may_become_facilitators').notNull().default(true),
    /** an account is new (braked: fewer posts and messages an hour, no links to strangers) for this many days; 0 turns the brakes off */
    newAccountDays: smallint('new_account_days').notNull().default(3),
    /** posts and comments a new account may write in any hour */
    newAccountPostsPerHour: smallint('new_account_posts_per_hour').notNull().default(5),
    /** direct messages a new account may send in any hour */
    newAccountMessagesPerHour: smallint('new_account_messages_per_hour').notNull().default(10),
    /** distinct members whose reports hide an item pending review */
    reportHideThreshold: integer('report_hide_threshold').notNull().default(3),
    /** shown to a member who reports self-harm ('' until an admin writes it) */
    crisisResources: text('crisis_resources').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_one_row', sql`${t.id} = 1`)],
);
export type SiteSettings = typeof siteSettings.$inferSelect;

/** A member's choice per notification type (common/notifications/types.ts); no row: the default. */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: userRef(),
    type: text('type').notNull(),
    frequency: text('frequency').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('email_preferences_frequency', sql`${t.frequency} in ('immediately', 'digest', 'off')`),
  ],
);

/**
 * Every mail the job runner handed to SMTP, by its idempotency key: a job run again after a kill
 * finds its key here and does not send twice. Kept 30 days.
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    key: text('key').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_deliveries_sent_idx').on(t.sentAt)],
);

/** The daily mails of one member: the local day their last digest and practice mail covered. */
export const dailyMails = pgTable('daily_mails', {
  userId: userRef().primaryKey(),
  /** 'YYYY-MM-DD' in the member's time zone */
  digestDay: text('digest_day'),
  /** the notifications up to this instant went into a digest */
  digestThrough: timestamp('digest_through', { withTimezone: true, precision: 3 }),
  practiceDay: text('practice_day'),
});

/** A facilitator's mail to the members of one plan, or of all of them. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilitatorId: userRef('facilitator_id'),
    /** null: the members of every plan */
    tierId: uuid('tier_id').references(() => tiers.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    bodyMarkdown: text('body_markdown').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_facilitator_idx').on(t.facilitatorId, t.createdAt)],
);
