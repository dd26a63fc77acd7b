import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { SaveContentRequest } from '../../../common/content/schemas';
import { content, contentTiers, mediaFiles, type Content, type User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import type { AppContext } from '../../platform/context';
import { badRequest, forbidden } from '../../platform/errors';
import { activeSubscriptionsOf } from '../subscriptions/service';
import { appendToQueues, removeFromQueues } from '../tiers/queue';
import { ownedTierIds } from '../tiers/service';
import { canAttachUpload } from './policy';
import { contentWithRefs, selectContent } from './queries';
import { textAlternativesOf } from './text-alternatives';

type Schedule = Pick<Content, 'inPostQueue' | 'postNow' | 'postedDate'>;

/** When an item is released: in the queue (default), on a date, or now; one at most. */
function scheduleOf(input: SaveContentRequest, now: Date): Schedule {
  if (input.postNow) return { inPostQueue: false, postNow: true, postedDate: now };
  if (input.postedDate) return { inPostQueue: false, postNow: false, postedDate: new Date(input.postedDate) };
  return { inPostQueue: input.inPostQueue || !input.postNow, postNow: false, postedDate: null };
}

async function mediaTypeOf(ctx: AppContext, owner: User, key: string | null | undefined) {
  if (!key) return null;
  const [file] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.key, key)).limit(1);
  if (!file) throw badRequest('media_not_found');
  authorize(canAttachUpload(owner, file), () => forbidden('not_own_upload'));
  return file.fileType;
}

/** Creates or updates content with its tiers and queue places, in one transaction. */
export async function saveContent(ctx: AppContext, owner: User, input: SaveContentRequest, existing?: Content) {
  const tierIds = [...new Set(input.tiers)];
  const owned = await ownedTierIds(ctx, existing ? { ...owner, id: existing.userId } : owner, tierIds);
  if (owned.length !== tierIds.length) throw forbidden('not_own_tiers');
  const fileType = await mediaTypeOf(ctx, owner, input.media);
  const textAlternatives = await textAlternativesOf(ctx, owner, input, fileType, existing);

  // the scheduling choice is offered only for new content or content with no posted date
  const schedule = existing?.postedDate ? scheduleFromRow(existing) : scheduleOf(input, new Date());
  const fields = {
    title: input.title,
    description: input.description,
    thumbnail: input.thumbnail ?? null,
    media: input.media ?? null,
    fileType,
    contentType: input.contentType,
    ...textAlternatives,
    ...schedule,
  };

  return ctx.db.transaction(async (tx) => {
    const [row] = existing
      ? await tx.update(content).set(fields).where(eq(content.id, existing.id)).returning()
      : await tx
          .insert(content)
          .values({ ...fields, userId: owner.id })
          .returning();
    const id = row!.id;
    if (existing) {
      // leaving a tier also leaves its queue
      const leaving = await tx
        .delete(contentTiers)
        .where(and(eq(contentTiers.contentId, id), notInArray(contentTiers.tierId, tierIds)))
        .returning({ tierId: contentTiers.tierId });
      if (leaving.length) {
        await removeFromQueues(
          tx,
          id,
          leaving.map((l) => l.tierId),
        );
      }
    }
    await tx
      .insert(contentTiers)
      .values(tierIds.map((tierId) => ({ contentId: id, tierId })))
      .onConflictDoNothing();
    if (schedule.inPostQueue) {
      // queued content goes to the end of each chosen tier's queue (once), under the tier's lock
      await appendToQueues(tx, tierIds, id);
    }
    return row!;
  });
}

const scheduleFromRow = (c: Content): Schedule => ({
  inPostQueue: c.inPostQueue,
  postNow: c.postNow,
  postedDate: c.postedDate,
});

/** Deletes content and takes it out of every queue. */
export async function deleteContent(ctx: AppContext, item: Content) {
  await ctx.db.transaction(async (tx) => {
    await removeFromQueues(tx, item.id);
    await tx.delete(content).where(eq(content.id, item.id));
  });
}

export const findContent = async (ctx: AppContext, id: string) =>
  (await ctx.db.select().from(content).where(eq(content.id, id)).limit(1))[0];

/** A facilitator's own content, each item with its tier ids. */
export const contentOwnedBy = (ctx: AppContext, ownerId: string) => selectContent(ctx.db, eq(content.userId, ownerId));

/** One item with its tier ids and author, as the form and the answer show it. */
export const contentWithTiers = (ctx: AppContext, id: string) => contentWithRefs(ctx.db, id);

/**
 * An open of an item (GET app/increase-content-hits): the item's total, and the count of each tier
 * it was opened through: the opener's active subscriptions that hold it. An item shared by tiers
 * A and B, opened by a subscriber of A, counts once in A's 'Times files opened' and not in B's.
 * The owner's and an admin's own opens count in the total only.
 */
export async function recordOpen(ctx: AppContext, opener: User, item: Content) {
  const throughTiers = (await activeSubscriptionsOf(ctx, opener.id)).map((s) => s.tier.id);
  return ctx.db.transaction(async (tx) => {
    if (throughTiers.length) {
      await tx
        .update(contentTiers)
        .set({ hitCount: sql`${contentTiers.hitCount} + 1` })
        .where(and(eq(contentTiers.contentId, item.id), inArray(contentTiers.tierId, throughTiers)));
    }
    const [row] = await tx
      .update(content)
      .set({ hitCount: sql`${content.hitCount} + 1` })
      .where(eq(content.id, item.id))
      .returning({ hitCount: content.hitCount });
    return { hitCount: row!.hitCount };
  });
}
