import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { eq, sql } from 'drizzle-orm';
import { content, contentTiers, groups, subscriptions, tierPrices, tiers, users, type User } from '../db/schema';
import { hashPassword } from '../features/auth/passwords';
import { createSession } from '../features/auth/sessions';

export const TEST_PASSWORD = 'calm-river-stone-42';
let passwordHash: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

/** How old a test account is unless a test says otherwise: past the new-account brakes (site settings, 3 days). */
const ESTABLISHED_MS = 30 * 24 * 3_600_000;

/** A real user row (password TEST_PASSWORD) with a signed-in session token, an established account. */
export async function buildUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const id = unique();
  const [user] = await db
    .insert(users)
    .values({
      name: `Member ${id}`,
      username: `member_${id}`,
      email: `member_${id}@example.test`,
      passwordHash: await passwordHash,
      emailConfirmed: true,
      createdAt: new Date(Date.now() - ESTABLISHED_MS),
      ...overrides,
    })
    .returning();
  const token = await createSession(db, user!.id);
  return { user: user as User, token, password: TEST_PASSWORD };
}

export const buildFacilitator = (db: Database, overrides: Partial<typeof users.$inferInsert> = {}) =>
  buildUser(db, { isFacilitator: true, facilitatorCategory: 'Meditation', ...overrides });

export const buildAdmin = (db: Database, overrides: Partial<typeof users.$inferInsert> = {}) =>
  buildUser(db, { isAdmin: true, ...overrides });

/** A facilitator's tier with sensible defaults (price in dollars, like the API). */
export async function buildTier(
  db: Database,
  ownerId: string,
  overrides: Partial<typeof tiers.$inferInsert> & { price?: number } = {},
) {
  const { price = 0, ...rest } = overrides;
  const [tier] = await db
    .insert(tiers)
    .values({
      userId: ownerId,
      name: 'Morning Calm',
      type: 'subscription',
      priceCents: Math.round(price * 100),
      published: true,
      ...rest,
    })
    .returning();
  // a subscription tier has its one price as its default, as createTier writes it
  if (tier!.type === 'subscription')
    await db.insert(tierPrices).values({
      tierId: tier!.id,
      interval: tier!.billingInterval,
      amountCents: tier!.priceCents,
      isDefault: true,
      stripePriceId: tier!.stripePriceId,
    });
  return tier!;
}

/** Content in the given tiers; `queued` appends it to each tier's queue. */
export async function buildContent(
  db: Database,
  ownerId: string,
  tierIds: string[],
  overrides: Partial<typeof content.$inferInsert> & { queued?: boolean } = {},
) {
  const { queued = true, ...rest } = overrides;
  const [row] = await db
    .insert(content)
    .values({ userId: ownerId, title: 'Breath count', contentType: 'breathwork', inPostQueue: queued, ...rest })
    .returning();
  if (tierIds.length) await db.insert(contentTiers).values(tierIds.map((tierId) => ({ contentId: row!.id, tierId })));
  if (queued) {
    for (const tierId of tierIds) {
      await db
        .update(tiers)
        .set({ contentQueue: sql`array_append(${tiers.contentQueue}, ${row!.id}::uuid)` })
        .where(eq(tiers.id, tierId));
    }
  }
  return row!;
}

/** An active subscription starting `daysAgo` days ago (UTC calendar). */
export async function buildSubscription(
  db: Database,
  userId: string,
  tierId: string,
  overrides: Partial<typeof subscriptions.$inferInsert> & { daysAgo?: number } = {},
) {
  const { daysAgo = 0, ...rest } = overrides;
  const startDate = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, tierId, startDate, ...rest })
    .returning();
  return row!;
}

export async function buildGroup(db: Database, ownerId: string, overrides: Partial<typeof groups.$inferInsert> = {}) {
  const [row] = await db
    .insert(groups)
    .values({ ownerId, name: 'Stillness Circle', ...overrides })
    .returning();
  return row!;
}
