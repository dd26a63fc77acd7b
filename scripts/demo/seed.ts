import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  chatRoomUsers,
  chatRooms,
  comments,
  content,
  contentTiers,
  groups,
  groupTags,
  mediaFiles,
  memberships,
  messages,
  postHearts,
  posts,
  revenueEntries,
  sessionBookings,
  sessions,
  subscriptions,
  tags,
  testProviderSubscriptions,
  tiers,
  users,
} from '../../server/db/schema';
import { hashPassword } from '../../server/features/auth/passwords';
import { notify } from '../../server/features/notifications/service';
import { storeImage } from '../../server/features/uploads/image-host';
import type { AppContext } from '../../server/platform/context';
import { pngImage, wavTone } from '../media-fixtures';
import { localDay, addDays } from '../../common/time';

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
  {
    key: 'member',
    name: 'Sam Lee',
    username: 'sam',
    email: 'sam@tend.demo',
    isAdmin: false,
    isFacilitator: false,
    bio: 'Learning to slow down.',
  },
  {
    key: 'member2',
    name: 'Priya Shah',
    username: 'priya',
    email: 'priya@tend.demo',
    isAdmin: false,
    isFacilitator: false,
  },
] as const;

type DemoItem = {
  title: string;
  description: string;
  contentType: (typeof content.$inferInsert)['contentType'];
  toneHz?: number;
  seconds?: number;
};

const PROGRAMS: Record<
  string,
  { tier: Partial<typeof tiers.$inferInsert> & { name: string }; hue: number; items: DemoItem[] }[]
> = {
  facilitator: [
    {
      tier: {
        name: 'Daily Stillness',
        description: 'A short guided sit for every morning.',
        priceCents: 0,
        allowDirectMessaging: true,
      },
      hue: 150,
      items: [
        {
          title: 'Arriving',
          description: 'Settle in: five slow breaths and a body scan.',
          contentType: 'meditation',
          toneHz: 396,
          seconds: 20,
        },
        {
          title: 'Counting breaths',
          description: 'Count ten breaths, then start again.',
          contentType: 'breathwork',
          toneHz: 432,
          seconds: 20,
        },
        {
          title: 'Noticing sounds',
          description: 'Let sounds come and go without naming them.',
          contentType: 'meditation',
          toneHz: 528,
          seconds: 20,
        },
        { title: 'Evening pages', description: 'Write three lines about today.', contentType: 'journal' },
        {
          title: 'Loving kindness',
          description: 'Wish yourself and others well.',
          contentType: 'meditation',
          toneHz: 639,
          seconds: 20,
        },
      ],
    },
  ],
  facilitator2: [
    {
      tier: {
        name: 'Breath Reset',
        description: 'Every other day: a breath practice to reset your nervous system.',
        priceCents: 0,
        contentQueueFrequency: 2,
      },
      hue: 20,
      items: [
        {
          title: 'Box breathing',
          description: 'In for four, hold for four, out for four, hold for four.',
          contentType: 'breathwork',
          toneHz: 440,
          seconds: 16,
        },
        {
          title: 'Sigh it out',
          description: 'Two inhales through the nose, one long sigh.',
          contentType: 'breathwork',
          toneHz: 330,
          seconds: 16,
        },
        { title: 'Desk stretch', description: 'Three minutes of gentle movement.', contentType: 'workout' },
      ],
    },
    {
      tier: {
        name: 'Breathwork Foundations',
        description: 'A one-off course: all lessons at once.',
        priceCents: 0,
        type: 'single',
        releaseAllContent: true,
      },
      hue: 260,
      items: [
        { title: 'Lesson 1: Why breath matters', description: 'The science, briefly.', contentType: 'informational' },
        {
          title: 'Lesson 2: Diaphragm',
          description: 'Find your diaphragm.',
          contentType: 'breathwork',
          toneHz: 220,
          seconds: 12,
        },
      ],
    },
  ],
};

async function storeTone(ctx: AppContext, ownerId: string, hz: number, seconds: number) {
  const key = `${randomUUID()}.wav`;
  const bytes = wavTone(seconds, hz);
  await ctx.storage.put(`media/${key}`, Readable.from(bytes), 'audio/wav');
  await ctx.db.insert(mediaFiles).values({
    key,
    ownerId,
    contentType: 'audio/wav',
    fileType: 'audio',
    size: bytes.length,
    originalName: `${hz}hz.wav`,
  });
  return key;
}

const imagePath = async (ctx: AppContext, ownerId: string, hue: number) =>
  (await storeImage(ctx, ownerId, await pngImage(1200, 800, hue), 'cover.png')).filePath.slice(1);

/** Seeds the demo community; idempotent (an existing demo database is left as it is). */
export async function seedDemo(ctx: AppContext) {
  const { db } = ctx;
  const existing = await db.select({ id: users.id }).from(users).where(sql`${users.email} like '%@tend.demo'`).limit(1);
  if (existing.length) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: Record<string, string> = {};
  for (const p of DEMO_PEOPLE) {
    const { key, ...fields } = p;
    const [row] = await db
      .insert(users)
      // Sam has kept a six-day streak up to yesterday
      .values({
        ...fields,
        passwordHash,
        emailConfirmed: true,
        streak: key === 'member' ? 6 : 1,
        lastActiveDay: key === 'member' ? addDays(localDay(new Date(), 'UTC'), -1) : null,
      })
      .returning({ id: users.id });
    ids[key] = row!.id;
  }

  const today = localDay(new Date(), 'UTC');
  const [circle] = await db
    .insert(groups)
    .values({
      ownerId: ids.facilitator!,
      name: 'Stillness Circle',
      description: 'Share how your sits are going.',
      category: 'Meditation',
    })
    .returning({ id: groups.id });
  for (const [ownerKey, programs] of Object.entries(PROGRAMS)) {
    const ownerId = ids[ownerKey]!;
    for (const program of programs) {
      const [tier] = await db
        .insert(tiers)
        .values({
          userId: ownerId,
          type: 'subscription',
          priceCents: 0,
          published: true,
          thumbnail: await imagePath(ctx, ownerId, program.hue),
          associatedGroupId: ownerKey === 'facilitator' ? circle!.id : null,
          ...program.tier,
        })
        .returning();
      const queue: string[] = [];
      for (const [i, item] of program.items.entries()) {
        const media = item.toneHz ? await storeTone(ctx, ownerId, item.toneHz, item.seconds ?? 10) : null;
        const [row] = await db
          .insert(content)
          .values({
            userId: ownerId,
            title: item.title,
            description: item.description,
            contentType: item.contentType,
            media,
            fileType: media ? 'audio' : null,
            thumbnail: await imagePath(ctx, ownerId, program.hue + i * 25),
            inPostQueue: !tier!.releaseAllContent,
            postedDate: tier!.releaseAllContent ? new Date() : null,
          })
          .returning({ id: content.id });
        await db.insert(contentTiers).values({ contentId: row!.id, tierId: tier!.id });
        queue.push(row!.id);
      }
      if (!tier!.releaseAllContent)
        await db.update(tiers).set({ contentQueue: queue }).where(sql`${tiers.id} = ${tier!.id}`);
      // Sam follows every program, started two days ago, so there is history and a today
      await db.insert(subscriptions).values({ userId: ids.member!, tierId: tier!.id, startDate: addDays(today, -2) });
    }
  }

  await seedCommunity(ctx, passwordHash);
  await seedEarnings(ctx, ids.facilitator!, ids.member!, ids.member2!);
  await seedFeed(ctx, ids);
  await seedGroups(ctx, ids, circle!.id);
  await seedSessionsAndChat(ctx, ids);

  await notify(db, [
    {
      userId: ids.member!,
      type: 'payment',
      message: 'Welcome to Tend! Explore facilitators to start your daily practice.',
      link: '/explore',
    },
    { userId: ids.member!, type: 'practice', message: 'Maya Rivers posted a new practice.', link: '/' },
    {
      userId: ids.facilitator!,
      type: 'subscriber',
      message: 'Sam Lee subscribed to Daily Stillness.',
      link: '/dashboard',
    },
  ]);
  return true;
}

const FIRST_NAMES = [
  'Ava',
  'Noah',
  'Iris',
  'Omar',
  'Lena',
  'Kai',
  'Mira',
  'Theo',
  'Zara',
  'Eli',
  'Nina',
  'Ravi',
  'Ines',
  'Jonah',
  'Aiko',
  'Felix',
  'Rosa',
  'Tariq',
  'Elsa',
  'Milo',
];
const LAST_NAMES = ['Moreno', 'Okafor', 'Lindqvist', 'Haddad', 'Novak', 'Tanaka', 'Silva', 'Brennan'];

/** Forty more members, so the admin tables have pages to turn. */
async function seedCommunity(ctx: AppContext, passwordHash: string) {
  const now = Date.now();
  const people = Array.from({ length: 40 }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 3) % LAST_NAMES.length]!;
    const handle = `${first}.${last}${i >= FIRST_NAMES.length ? i : ''}`.toLowerCase();
    return {
      name: `${first} ${last}`,
      username: handle.replace('.', '_'),
      email: `${handle}@tend.demo`,
      passwordHash,
      emailConfirmed: i % 5 !== 0,
      createdAt: new Date(now - (i + 1) * 86_400_000),
    };
  });
  await ctx.db.insert(users).values(people);
}

/** Maya's paid tier: Sam and Priya pay $12 a month through test mode; a year of renewals. */
async function seedEarnings(ctx: AppContext, facilitatorId: string, ...memberIds: string[]) {
  const { db } = ctx;
  const [tier] = await db
    .insert(tiers)
    .values({
      userId: facilitatorId,
      name: 'Deep Practice',
      description: 'Longer guided sits and a monthly live Q&A.',
      type: 'subscription',
      priceCents: 1200,
      published: true,
      allowDirectMessaging: true,
      thumbnail: await imagePath(ctx, facilitatorId, 200),
    })
    .returning();
  const now = Date.now();
  for (const [i, userId] of memberIds.entries()) {
    const providerId = `sub_test_demo${i}`;
    await db.insert(testProviderSubscriptions).values({
      id: providerId,
      customerId: `cus_test_${userId}`,
      status: 'active',
      currentPeriodEnd: Math.floor(now / 1000) + 20 * 86400,
      amountCents: 1200,
      metadata: JSON.stringify({ userId, tierId: tier!.id }),
    });
    await db
      .update(users)
      .set({ stripeCustomerId: `cus_test_${userId}` })
      .where(eq(users.id, userId));
    const months = i === 0 ? 11 : 5;
    await db.insert(subscriptions).values({
      userId,
      tierId: tier!.id,
      startDate: localDay(new Date(now - months * 30 * 86400_000), 'UTC'),
      priceCents: 1200,
      provider: 'test',
      providerSubscriptionId: providerId,
      currentPeriodEnd: new Date(now + 20 * 86400_000),
    });
    for (let m = months; m >= 0; m--) {
      await db.insert(revenueEntries).values({
        facilitatorId,
        tierId: tier!.id,
        tierName: tier!.name,
        amountCents: 1200,
        occurredAt: new Date(now - m * 30 * 86400_000 - i * 3600_000),
        sourceId: `in_test_demo_${i}_${m}`,
      });
    }
  }
}

type DemoPost = {
  by: string;
  text: string;
  ago: number;
  comments: readonly (readonly [string, string])[];
  hearts: readonly string[];
};

/** Posts (in the inspiration feed, or in a group's discussion) with their comments and hearts. */
async function seedPosts(
  ctx: AppContext,
  ids: Record<string, string>,
  items: readonly DemoPost[],
  groupId: string | null = null,
) {
  const { db } = ctx;
  for (const item of items) {
    const [post] = await db
      .insert(posts)
      .values({ userId: ids[item.by]!, groupId, text: item.text, createdAt: new Date(Date.now() - item.ago) })
      .returning({ id: posts.id });
    for (const [i, [by, text]] of item.comments.entries()) {
      await db.insert(comments).values({
        postId: post!.id,
        userId: ids[by]!,
        text,
        createdAt: new Date(Date.now() - item.ago + (i + 1) * 600_000),
      });
    }
    for (const by of item.hearts) await db.insert(postHearts).values({ postId: post!.id, userId: ids[by]! });
  }
}

const hour = 3600_000;

/** A few inspiration posts with comments and hearts. */
const seedFeed = (ctx: AppContext, ids: Record<string, string>) =>
  seedPosts(ctx, ids, [
    {
      by: 'facilitator',
      text: 'Morning sit done. Ten slow breaths before the phone: try it tomorrow.',
      ago: 30 * hour,
      comments: [['member', 'Did it today, what a difference!']],
      hearts: ['member', 'member2'],
    },
    {
      by: 'member',
      text: 'Day six of my streak. The evening pages prompt got me thinking about rest.',
      ago: 5 * hour,
      comments: [
        ['facilitator', 'Proud of you, Sam.'],
        ['member2', 'Same here!'],
      ],
      hearts: ['facilitator'],
    },
    {
      by: 'facilitator2',
      text: 'New breath practice in Breath Reset: the physiological sigh. Read more at https://en.wikipedia.org/wiki/Sigh',
      ago: 2 * hour,
      comments: [],
      hearts: ['member'],
    },
  ]);

/**
 * Tags and one group of each kind: Maya's open Stillness Circle (Sam in it, a lively discussion),
 * Leo's private Night Breathers (Priya's request pending), Maya's hidden Teacher Cohort (Sam in it)
 * and Priya's Morning Walkers, open but full (cap 2).
 */
async function seedGroups(ctx: AppContext, ids: Record<string, string>, circleId: string) {
  const { db } = ctx;
  const tagRows = await db
    .insert(tags)
    .values(['Meditation', 'Breathwork', 'Sleep', 'Movement'].map((text) => ({ text })))
    .returning();
  const tagId = (text: string) => tagRows.find((t) => t.text === text)!.id;
  const cover = (ownerKey: string, hue: number) => imagePath(ctx, ids[ownerKey]!, hue);
  const addGroup = async (
    ownerKey: string,
    values: Omit<typeof groups.$inferInsert, 'ownerId'>,
    tagTexts: string[],
    hue: number,
  ) => {
    const [row] = await db
      .insert(groups)
      .values({
        ownerId: ids[ownerKey]!,
        coverPhoto: await cover(ownerKey, hue),
        thumbnail: await cover(ownerKey, hue + 15),
        ...values,
      })
      .returning({ id: groups.id });
    await db.insert(groupTags).values(tagTexts.map((text) => ({ groupId: row!.id, tagId: tagId(text) })));
    return row!.id;
  };

  await db
    .update(groups)
    .set({ coverPhoto: await cover('facilitator', 150), thumbnail: await cover('facilitator', 165) })
    .where(eq(groups.id, circleId));
  await db.insert(groupTags).values({ groupId: circleId, tagId: tagId('Meditation') });
  await db.insert(memberships).values([
    { groupId: circleId, userId: ids.facilitator!, status: 'approved' },
    { groupId: circleId, userId: ids.member!, status: 'approved', requestText: '' },
  ]);
  await seedPosts(
    ctx,
    ids,
    [
      {
        by: 'facilitator',
        text: 'Welcome to the circle! How did your sit go today?',
        ago: 26 * hour,
        comments: [['member', 'Twelve minutes, and my mind wandered a lot. Still good.']],
        hearts: ['member'],
      },
      {
        by: 'member',
        text: 'Tip that helps me: I sit right after brushing my teeth, so I never forget.',
        ago: 4 * hour,
        comments: [['facilitator', 'Habit stacking, love it.']],
        hearts: ['facilitator'],
      },
    ],
    circleId,
  );

  const breathers = await addGroup(
    'facilitator2',
    {
      name: 'Night Breathers',
      description: 'Wind down together before sleep.',
      category: 'Breathwork',
      isPrivate: true,
      memberCap: 20,
    },
    ['Sleep', 'Breathwork'],
    230,
  );
  await db.insert(memberships).values([
    { groupId: breathers, userId: ids.facilitator2!, status: 'approved' },
    {
      groupId: breathers,
      userId: ids.member2!,
      status: 'pending',
      requestText: 'I struggle to fall asleep, would love to join.',
    },
  ]);
  await seedPosts(
    ctx,
    ids,
    [
      {
        by: 'facilitator2',
        text: 'Tonight: 4-7-8 breathing, three rounds, lights off.',
        ago: 8 * hour,
        comments: [],
        hearts: [],
      },
    ],
    breathers,
  );

  const cohort = await addGroup(
    'facilitator',
    {
      name: 'Teacher Cohort',
      description: 'For students of the teacher training. Invitation only.',
      category: 'Meditation',
      isPrivate: true,
      isHidden: true,
    },
    ['Meditation'],
    40,
  );
  await db.insert(memberships).values([
    { groupId: cohort, userId: ids.facilitator!, status: 'approved' },
    { groupId: cohort, userId: ids.member!, status: 'approved', requestText: 'Signed up for the training.' },
  ]);
  await seedPosts(
    ctx,
    ids,
    [
      {
        by: 'facilitator',
        text: 'Reading for week one is in the course. Questions here.',
        ago: 50 * hour,
        comments: [['member', 'Got it, thanks!']],
        hearts: ['member'],
      },
    ],
    cohort,
  );

  const walkers = await addGroup(
    'member2',
    {
      name: 'Morning Walkers',
      description: 'A walk before work, then we share one thing we noticed.',
      category: 'Movement',
      memberCap: 2,
    },
    ['Movement'],
    90,
  );
  await db.insert(memberships).values([
    { groupId: walkers, userId: ids.member2!, status: 'approved' },
    { groupId: walkers, userId: ids.facilitator2!, status: 'approved' },
  ]);
}

/**
 * Maya's bookable sessions this week and next (one free session later today booked by Sam, so his
 * dashboard shows the banner; one paid; a group session of 12 places with 3 booked), and a short
 * chat between Sam and Maya.
 */
async function seedSessionsAndChat(ctx: AppContext, ids: Record<string, string>) {
  const { db } = ctx;
  const at = (days: number, hour: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  const laterToday = new Date(Math.max(Date.now() + 2 * 3600_000, at(0, 18).getTime()));
  if (laterToday.getUTCDate() !== new Date().getUTCDate()) laterToday.setTime(Date.now() + 30 * 60_000);
  const slots = [
    { name: 'Evening check-in', startTime: laterToday, priceCents: 0 },
    { name: 'Breath coaching (1:1)', startTime: at(2, 9), priceCents: 4000 },
    { name: 'Beginner questions', startTime: at(3, 17), priceCents: 0, capacity: 12 },
    { name: 'Deep dive: posture', startTime: at(8, 10), priceCents: 2500 },
    { name: 'Open office hour', startTime: at(10, 16), priceCents: 0 },
  ];
  const offered = await db
    .insert(sessions)
    .values(
      slots.map((s, i) => ({
        facilitatorId: ids.facilitator!,
        description: 'A video call with Maya. Bring a question or just sit together.',
        endTime: new Date(s.startTime.getTime() + 3600_000),
        meetingUrl: `https://meet.example.com/maya-${i + 1}`,
        ...s,
      })),
    )
    .returning({ id: sessions.id, name: sessions.name });
  const place = (name: string, memberId: string) => ({
    sessionId: offered.find((s) => s.name === name)!.id,
    memberId,
    status: 'booked' as const,
    bookedAt: new Date(),
  });
  // Sam's evening check-in, and three places of the group session's twelve
  await db
    .insert(sessionBookings)
    .values([
      place('Evening check-in', ids.member!),
      place('Beginner questions', ids.member!),
      place('Beginner questions', ids.member2!),
      place('Beginner questions', ids.facilitator2!),
    ]);
  const [sam, maya] = [ids.member!, ids.facilitator!];
  const [room] = await db
    .insert(chatRooms)
    .values({ pairKey: sam < maya ? `${sam}:${maya}` : `${maya}:${sam}` })
    .returning({ id: chatRooms.id });
  await db.insert(chatRoomUsers).values([
    { roomId: room!.id, userId: sam },
    { roomId: room!.id, userId: maya },
  ]);
  const chat = [
    [sam, 'Hi Maya, is it normal that my mind wanders the whole time?', 26],
    [maya, 'Completely normal. Noticing that it wandered is the practice.', 25],
    [sam, 'That helps, thank you!', 3],
  ] as const;
  await db.insert(messages).values(
    chat.map(([userId, text, hoursAgo]) => ({
      roomId: room!.id,
      userId,
      text,
      createdAt: new Date(Date.now() - hoursAgo * 3600_000),
    })),
  );
}
