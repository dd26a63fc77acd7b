import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/features/auth/passwords';
import { notify } from '../../server/features/notifications/service';

export const DEMO_PASSWORD = 'tend-demo-garden';

export const DEMO_PEOPLE = [
  { key: 'admin', name: 'Ada Admin', username: 'ada', email: 'admin@tend.demo', isAdmin: true, isFacilitator: false },
  {
    key: 'facilitator',
    name: 'Maya Rivers',
    username: 'maya',
    email: 'maya@tend.demo',
    isAdmin: false,
    isFacilitator: true,
    facilitatorCategory: 'Meditation',
    bio: 'Breath-led meditation teacher. Ten minutes a day, every day.',
  },
  {
    key: 'facilitator2',
    name: 'Leo Hart',
    username: 'leo',
    email: 'leo@tend.demo',
    isAdmin: false,
    isFacilitator: true,
    facilitatorCategory: 'Breathwork',
    bio: 'Breathwork and movement for busy people.',
  },
  { key: 'member', name: 'Sam Lee', username: 'sam', email: 'sam@tend.demo', isAdmin: false, isFacilitator: false, bio: 'Learning to slow down.' },
  { key: 'member2', name: 'Priya Shah', username: 'priya', email: 'priya@tend.demo', isAdmin: false, isFacilitator: false },
] as const;

/** Seeds the demo community; idempotent (an existing demo database is left as it is). */
export async function seedDemo(db: Database) {
  const existing = await db.select({ id: users.id }).from(users).where(sql`${users.email} like '%@tend.demo'`).limit(1);
  if (existing.length) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: Record<string, string> = {};
  for (const p of DEMO_PEOPLE) {
    const { key, ...fields } = p;
    const [row] = await db
      .insert(users)
      .values({ ...fields, passwordHash, emailConfirmed: true, streak: key === 'member' ? 6 : 1 })
      .returning({ id: users.id });
    ids[key] = row!.id;
  }
  // grow this seed with every feature: tiers, content, groups, posts, sessions...
  await notify(db, [
    { userId: ids.member!, message: 'Welcome to Tend! Explore facilitators to start your daily practice.', link: '/explore' },
    { userId: ids.member!, message: 'Maya Rivers posted a new practice.', link: '/profile/' + ids.facilitator },
    { userId: ids.facilitator!, message: 'Sam Lee subscribed to your membership.', link: '/dashboard' },
  ]);
  return true;
}
