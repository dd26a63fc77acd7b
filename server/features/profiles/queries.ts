import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type User, users } from '../../db/schema';

export const findAccount = async (db: Executor, id: string): Promise<User | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export const findFacilitatorAccount = async (db: Executor, id: string): Promise<User | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.isFacilitator, true)))
      .limit(1)
  )[0];
