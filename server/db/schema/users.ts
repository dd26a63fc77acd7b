import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isFacilitator: boolean('is_facilitator').notNull().default(false),
    bio: text('bio').notNull().default(''),
    facilitatorCategory: text('facilitator_category').notNull().default(''),
    profilePicture: text('profile_picture'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    /** a new address the user asked for; it replaces `email` once confirmed by code */
    pendingEmail: text('pending_email'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** an authenticator app (TOTP, RFC 6238) as the second factor: its key, sealed with the app secret */
    totpSecret: text('totp_secret'),
    /** a key shown for setup, kept until its first code confirms it */
    totpPendingSecret: text('totp_pending_secret'),
    /** the last 30-second step whose code signed in: a code is accepted once (RFC 6238 section 5.2) */
    totpLastStep: integer('totp_last_step'),
    /** registration metaData: r (referral) and c (client) query values */
    referral: text('referral'),
    client: text('client'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** the streak: consecutive calendar days (user's zone) the app was opened */
    streak: integer('streak').notNull().default(1),
    lastActiveDay: date('last_active_day'),
    /** payment provider ids: the member's customer, the facilitator's connected account */
    stripeCustomerId: text('stripe_customer_id'),
    stripeAccountId: text('stripe_account_id'),
    stripeDetailsSubmitted: boolean('stripe_details_submitted').notNull().default(false),
    stripeChargesEnabled: boolean('stripe_charges_enabled').notNull().default(false),
    stripePayoutsEnabled: boolean('stripe_payouts_enabled').notNull().default(false),
    /** what the provider still needs from the facilitator (its requirements.currently_due) */
    stripeRequirementsDue: text('stripe_requirements_due').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** suspended site-wide by an admin: no sign-in, every session ended */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  (t) => [
    // login and duplicate checks look users up by email / username, case-insensitively
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // the admin tables (keyset pages): newest first, and each sort that ends in the id
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_facilitator_idx').on(t.isFacilitator, t.createdAt, t.id),
    index('users_facilitator_email_idx').on(t.isFacilitator, sql`lower(${t.email})`, t.id),
    index('users_facilitator_username_idx').on(t.isFacilitator, sql`lower(${t.username})`, t.id),
    // Explore: substring search on category and bio (pg_trgm, migration 0009)
    index('users_category_trgm_idx').using('gin', sql`lower(${t.facilitatorCategory}) gin_trgm_ops`),
    index('users_bio_trgm_idx').using('gin', sql`lower(${t.bio}) gin_trgm_ops`),
    // Explore: a facilitator found by name or username
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name} || ' ' || ${t.username}) gin_trgm_ops`),
    // Explore without a search: facilitators by name (keyset order)
    index('users_explore_name_idx').on(t.name, t.id).where(sql`${t.isFacilitator}`),
  ],
);

export type User = typeof users.$inferSelect;

/**
 * Explore's search document, one row per user, kept by the triggers of migration
 * 0033: the lower-cased texts Explore matches (name and username, category, bio, each published
 * tier's name and description), each after a U+0001, so one trigram index answers the search.
 */
export const facilitatorSearch = pgTable(
  'facilitator_search',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** lower(name || ' ' || username): the people named like a search come first */
    nameText: text('name_text').notNull(),
    document: text('document').notNull(),
  },
  // Trigram indexes of the texts with each space taken as the letter q (migration 0035): a search
  // of several words then has trigrams across them ('l m' of 'mindful morning' is 'lqm'), which
  // the words alone lack when every facilitator has each word somewhere (profiles/explore.ts).
  // New entries wait in a pending list that every search reads through; 64 kB (the least) keeps
  // that short between vacuums while a burst of writes still goes in together.
  (t) => [
    index('facilitator_search_name_words_trgm_idx')
      .using('gin', sql`replace(${t.nameText}, ' ', 'q') gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
    index('facilitator_search_words_trgm_idx')
      .using('gin', sql`replace(${t.document}, ' ', 'q') gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
  ],
);
