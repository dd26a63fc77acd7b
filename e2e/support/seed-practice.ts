import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { localDay } from '../../common/time';
import { images, mediaFiles, subscriptions } from '../../server/db/schema';
import type { AppContext } from '../../server/platform/context';
import { buildContent, buildFacilitator, buildTier } from '../../server/test/factories';
import { pngImage, wavTone } from '../../scripts/media-fixtures';

/** A facilitator's free daily tier with two queued audio practices; the member subscribed today. */
export async function seedPractice(ctx: AppContext, memberId: string) {
  const facilitator = await buildFacilitator(ctx.db, { name: `Guide ${randomUUID().slice(0, 4)}` });
  const tier = await buildTier(ctx.db, facilitator.user.id, { name: 'Morning Calm' });
  const titles = ['Five slow breaths', 'Body scan'];
  for (const title of titles) {
    const key = `${randomUUID()}.wav`;
    const bytes = wavTone(3, 432);
    await ctx.storage.put(`media/${key}`, Readable.from(bytes), 'audio/wav');
    await ctx.db
      .insert(mediaFiles)
      .values({ key, ownerId: facilitator.user.id, contentType: 'audio/wav', fileType: 'audio', size: bytes.length });
    await buildContent(ctx.db, facilitator.user.id, [tier.id], {
      title,
      media: key,
      fileType: 'audio',
      contentType: 'meditation',
      description: `${title}, guided.`,
    });
  }
  await ctx.db
    .insert(subscriptions)
    .values({ userId: memberId, tierId: tier.id, startDate: localDay(new Date(), 'UTC') });
  return { facilitatorName: facilitator.user.name, tierName: tier.name, todayTitle: titles[0] };
}

/** A facilitator with a paid monthly tier ($12) and a paid one-off course ($30) with a lesson. */
export async function seedPaidPlans(ctx: AppContext) {
  const facilitator = await buildFacilitator(ctx.db, {
    name: `Coach ${randomUUID().slice(0, 4)}`,
    bio: 'Breath and movement, one day at a time.',
  });
  const monthly = await buildTier(ctx.db, facilitator.user.id, {
    name: 'Deep Practice',
    price: 12,
    description: 'Longer sits, every day.',
  });
  const course = await buildTier(ctx.db, facilitator.user.id, {
    name: 'Breath Foundations',
    price: 30,
    type: 'single',
    releaseAllContent: true,
    description: 'Five lessons.',
  });
  await buildContent(ctx.db, facilitator.user.id, [monthly.id], { title: 'Long sit', contentType: 'meditation' });
  await buildContent(ctx.db, facilitator.user.id, [course.id], { title: 'Lesson 1', contentType: 'breathwork' });
  return {
    facilitator: {
      id: facilitator.user.id,
      name: facilitator.user.name,
      email: facilitator.user.email,
      password: facilitator.password,
    },
    monthly: { id: monthly.id, name: monthly.name },
    course: { id: course.id, name: course.name },
  };
}

/**
 * A course of three lessons written in order and posted today (so they are also today's
 * practices), bought by the member today: it must read Lesson 1, 2, 3 everywhere.
 */
export async function seedCourse(ctx: AppContext, memberId: string) {
  const facilitator = await buildFacilitator(ctx.db, { name: `Teacher ${randomUUID().slice(0, 4)}` });
  const course = await buildTier(ctx.db, facilitator.user.id, {
    name: `Breath Basics ${randomUUID().slice(0, 4)}`,
    type: 'single',
    releaseAllContent: true,
  });
  const start = Date.now() - 10_000;
  const lessons = ['Lesson 1', 'Lesson 2', 'Lesson 3'];
  for (const [index, title] of lessons.entries()) {
    const when = new Date(start + index * 1000);
    await buildContent(ctx.db, facilitator.user.id, [course.id], {
      title,
      queued: false,
      postNow: true,
      postedDate: when,
      createdAt: when,
      contentType: 'breathwork',
    });
  }
  await ctx.db
    .insert(subscriptions)
    .values({ userId: memberId, tierId: course.id, startDate: localDay(new Date(), 'UTC') });
  return { courseId: course.id, courseName: course.name, lessons };
}

/**
 * Two recordings of a minute each posted today (so both are today's practices, in this order), the
 * first with a cover image, in a fresh facilitator's tier the member subscribed to today.
 */
export async function seedListening(ctx: AppContext, memberId: string) {
  const facilitator = await buildFacilitator(ctx.db, { name: `Voice ${randomUUID().slice(0, 4)}` });
  const tier = await buildTier(ctx.db, facilitator.user.id, { name: 'Evening Wind-down' });
  const cover = `${randomUUID()}.png`;
  const png = await pngImage(800, 800, 260);
  await ctx.storage.put(`images/${cover}`, Readable.from(png), 'image/png');
  await ctx.db.insert(images).values({
    path: cover,
    ownerId: facilitator.user.id,
    contentType: 'image/png',
    width: 800,
    height: 800,
    size: png.length,
  });
  const titles = ['Long body scan', 'Falling asleep'];
  const start = Date.now() - 60_000;
  for (const [index, title] of titles.entries()) {
    const key = `${randomUUID()}.wav`;
    const bytes = wavTone(60, 330 + index * 110);
    await ctx.storage.put(`media/${key}`, Readable.from(bytes), 'audio/wav');
    await ctx.db
      .insert(mediaFiles)
      .values({ key, ownerId: facilitator.user.id, contentType: 'audio/wav', fileType: 'audio', size: bytes.length });
    const when = new Date(start + index * 1000);
    await buildContent(ctx.db, facilitator.user.id, [tier.id], {
      title,
      media: key,
      fileType: 'audio',
      contentType: 'meditation',
      thumbnail: index === 0 ? cover : null,
      queued: false,
      postNow: true,
      postedDate: when,
      createdAt: when,
    });
  }
  await ctx.db
    .insert(subscriptions)
    .values({ userId: memberId, tierId: tier.id, startDate: localDay(new Date(), 'UTC') });
  return { facilitatorName: facilitator.user.name, cover, titles };
}
