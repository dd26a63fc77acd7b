import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { users, type User } from '../db/schema';
import { hashPassword } from '../features/auth/passwords';
import { createSession } from '../features/auth/sessions';

export const TEST_PASSWORD = 'calm-river-stone-42';
let passwordHash: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

/** A real user row (password TEST_PASSWORD) with a signed-in session token. */
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
